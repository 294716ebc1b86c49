import { Dialog } from 'radix-ui';
import type { ReactNode } from 'react';

export interface ModalDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description: ReactNode;
  /** The body and its actions (`DialogActions` of `modal-dialog.tsx`). */
  children: ReactNode;
}

/** A modal Radix dialog in the store's frame: overlay, title and description read out when it opens. */
export function ModalDialogFrame({ open, onOpenChange, title, description, children }: ModalDialogProps) {
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
