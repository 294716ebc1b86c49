import { Dialog } from 'radix-ui';
import type { ReactNode } from 'react';

export interface BusyDialogProps {
  /** While a save or a redemption is in flight, Escape and the overlay leave it open: its answer must be seen. */
  busy: boolean;
  onClose: () => void;
  /** The frame's classes (`dialog points-dialog`). */
  className: string;
  title: ReactNode;
  /** Read out with the title; without one the dialog says it has none. */
  description?: ReactNode;
  children: ReactNode;
}

/** A modal Radix dialog that is open while it is rendered, and that stays open while its work runs. */
export function BusyDialogFrame({ busy, onClose, className, title, description, children }: BusyDialogProps) {
  return (
    <Dialog.Root
      open
      onOpenChange={(open) => {
        if (!open && !busy) onClose();
      }}
    >
      <Dialog.Portal>
        <Dialog.Overlay className="dialog__overlay" />
        <Dialog.Content className={className} {...(description === undefined && { 'aria-describedby': undefined })}>
          <Dialog.Title>{title}</Dialog.Title>
          {description !== undefined && <Dialog.Description>{description}</Dialog.Description>}
          {children}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
