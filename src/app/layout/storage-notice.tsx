import { Trans } from '@lingui/react/macro';
import { useAtom } from 'jotai';
import { persistenceErrorAtom } from '../../lib/store';

/** A write to IndexedDB failed (storage full or disabled): the user must know the bag or drafts may not be kept. */
export function StorageNotice() {
  const [failure, setFailure] = useAtom(persistenceErrorAtom);
  if (!failure) return null;
  return (
    <div className="toast toast--warning" role="alert">
      <p>
        <Trans>
          No pudimos guardar tus datos en este dispositivo (el almacenamiento está lleno o desactivado). Tu bolsa y tus
          borradores podrían perderse al cerrar la aplicación.
        </Trans>
      </p>
      <div className="toast__actions">
        <button type="button" className="button button--ghost" onClick={() => setFailure(null)}>
          <Trans>Entendido</Trans>
        </button>
      </div>
    </div>
  );
}
