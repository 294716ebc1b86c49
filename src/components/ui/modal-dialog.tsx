import { Trans } from '@lingui/react/macro';
import { createContext, lazy, Suspense, use, type ReactNode } from 'react';
import type { ModalDialogProps } from './modal-dialog-frame';

const ModalDialogFrame = lazy(async () => ({ default: (await import('./modal-dialog-frame')).ModalDialogFrame }));

/** Closes the dialog around it: what Radix's own close button would do, without its code. */
const CloseDialog = createContext<() => void>(() => undefined);

/**
 * A modal dialog in the store's frame (`ModalDialogFrame`). Radix's dialog, with its focus trap and scroll lock, loads
 * when one first opens, as `BusyDialog`'s: the screens that can ask a question (personal data, the logout with
 * writes still on the device) do not download it with their page. The service worker precaches it, so it opens
 * offline too.
 */
export function ModalDialog(props: ModalDialogProps) {
  const { open, onOpenChange } = props;
  if (!open) return null;
  return (
    <CloseDialog value={() => onOpenChange(false)}>
      <Suspense fallback={null}>
        <ModalDialogFrame {...props} />
      </Suspense>
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
