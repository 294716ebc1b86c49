import { Trans } from '@lingui/react/macro';
import { Dialog } from 'radix-ui';
import type { ReactNode } from 'react';

interface ModalDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description: ReactNode;
  /** The body and its actions (`DialogActions`). */
  children: ReactNode;
}

/** A modal Radix dialog in the store's frame: overlay, title and description read out when it opens. */
export function ModalDialog({ open, onOpenChange, title, description, children }: ModalDialogProps) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog__overlay" />
        <Dialog.Content className="dialog">
          <Dialog.Title>{title}</Dialog.Title>
          <Dialog.Description>{description}</Dialog.Description>
          {children}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

/** The dialog's buttons: 'Cancelar' closes it, the caller's answers follow. */
export function DialogActions({ children }: { children: ReactNode }) {
  return (
    <div className="dialog__actions">
      <Dialog.Close className="button button--ghost" type="button">
        <Trans>Cancelar</Trans>
      </Dialog.Close>
      {children}
    </div>
  );
}
