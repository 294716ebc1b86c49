import { Trans, useLingui } from '@lingui/react/macro';
import { Dialog } from 'radix-ui';
import { Link } from 'react-router';
import { useChatLink } from '../../../lib/contact';
import { useCountry } from '../../../lib/use-country';

interface NoInvitationDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/**
 * Product §1: a patient without an invitation is offered to contact an agent or to decline. Issue #19: 'Hablar con un
 * asesor' is always there: the country's chat when it has one, else the request form that reaches the admins.
 */
export function NoInvitationDialog({ open, onOpenChange }: NoInvitationDialogProps) {
  const { t } = useLingui();
  const country = useCountry();
  const chat = useChatLink(
    country,
    t`Hola, quiero registrarme como paciente en el Dispensario Funcional y no tengo invitación.`,
  );
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
          {!chat && (
            <p className="muted">
              <Trans>Déjanos tus datos y un asesor te contactará para ayudarte con tu registro.</Trans>
            </p>
          )}
          <div className="dialog__actions">
            <Dialog.Close className="button button--ghost">
              <Trans>No, gracias</Trans>
            </Dialog.Close>
            {chat ? (
              <a className="button button--primary" href={chat} target="_blank" rel="noopener noreferrer">
                <Trans>Hablar con un asesor</Trans>
                <span className="visually-hidden"> {t`(se abre en una pestaña nueva)`}</span>
              </a>
            ) : (
              <Link
                className="button button--primary"
                to={`/${country}/solicitar-atencion?motivo=asesor`}
                onClick={() => onOpenChange(false)}
              >
                <Trans>Hablar con un asesor</Trans>
              </Link>
            )}
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
