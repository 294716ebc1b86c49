import { Trans, useLingui } from '@lingui/react/macro';
import { Dialog } from 'radix-ui';
import { chatLink } from '../../../lib/chat';

interface NoInvitationDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** Spec §1: a patient without an invitation is offered to contact an agent or to decline. */
export function NoInvitationDialog({ open, onOpenChange }: NoInvitationDialogProps) {
  const { t } = useLingui();
  const link = chatLink(t`Hola, quiero registrarme como paciente en el Dispensario Funcional y no tengo invitación.`);
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog__overlay" />
        <Dialog.Content className="dialog">
          <Dialog.Title>
            <Trans>El registro de pacientes es por invitación</Trans>
          </Dialog.Title>
          <Dialog.Description>
            <Trans>
              Tu médico o profesional de la salud te envía una invitación por correo con un enlace para crear tu cuenta.
              Si no la tienes, un asesor puede ayudarte.
            </Trans>
          </Dialog.Description>
          {!link && (
            <p className="muted">
              <Trans>Pídele la invitación a tu médico o profesional de la salud.</Trans>
            </p>
          )}
          <div className="dialog__actions">
            <Dialog.Close className="button button--ghost">
              <Trans>No, gracias</Trans>
            </Dialog.Close>
            {link && (
              <a className="button button--primary" href={link} target="_blank" rel="noopener noreferrer">
                <Trans>Contactar a un asesor</Trans>
              </a>
            )}
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
