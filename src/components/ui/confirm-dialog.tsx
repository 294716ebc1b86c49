import type { ReactNode } from 'react';
import { DialogActions, ModalDialog } from './modal-dialog';

interface ConfirmDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  /** What the answer does and what it keeps, said before it is given. */
  description: ReactNode;
  confirmLabel: ReactNode;
  onConfirm: () => void;
  /** While the answer runs its button is inert, so a second tap does not send it twice. */
  pending?: boolean;
}

/** A question before a step that cannot be taken back: 'Cancelar' or the one answer, styled as a danger. */
export function ConfirmDialog({ confirmLabel, onConfirm, pending = false, ...frame }: ConfirmDialogProps) {
  return (
    <ModalDialog {...frame}>
      <DialogActions>
        <button type="button" className="button button--danger" onClick={onConfirm} disabled={pending}>
          {confirmLabel}
        </button>
      </DialogActions>
    </ModalDialog>
  );
}
