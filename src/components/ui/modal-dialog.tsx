import { Trans } from '@lingui/react/macro';
import { createContext, use, type ReactNode } from 'react';
import { BusyDialog } from './busy-dialog';

interface ModalDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description: ReactNode;
  /** The body and its actions (`DialogActions`). */
  children: ReactNode;
}

/** Closes the dialog around it: what Radix's own close button would do, without its code. */
const CloseDialog = createContext<() => void>(() => undefined);

/**
 * A modal dialog in the store's frame, open while `open` holds: `BusyDialog`'s frame, never busy, so Radix's dialog
 * loads when one first opens and the screens that can ask a question (personal data, the logout with writes still on
 * the device) do not download it with their page.
 */
export function ModalDialog({ open, onOpenChange, title, description, children }: ModalDialogProps) {
  if (!open) return null;
  const close = () => onOpenChange(false);
  return (
    <CloseDialog value={close}>
      <BusyDialog busy={false} onClose={close} className="dialog" title={title} description={description}>
        {children}
      </BusyDialog>
    </CloseDialog>
  );
}

/** The dialog's buttons: 'Cancelar' closes it, the caller's answers follow. */
export function DialogActions({ children }: { children: ReactNode }) {
  const close = use(CloseDialog);
  return (
    <div className="dialog__actions">
      <button className="button button--ghost" type="button" onClick={close}>
        <Trans>Cancelar</Trans>
      </button>
      {children}
    </div>
  );
}
