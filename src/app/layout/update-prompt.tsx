import { Trans } from '@lingui/react/macro';
import { useEffect, useState } from 'react';
import { registerServiceWorker, type UpdateAvailable } from '../../lib/pwa';

/** Registers the service worker and offers a waiting update; the user decides when the page reloads. */
export function UpdatePrompt() {
  const [update, setUpdate] = useState<UpdateAvailable | null>(null);
  useEffect(() => {
    void registerServiceWorker(setUpdate);
  }, []);
  if (!update) return null;
  return (
    <div className="toast" role="status">
      <p>
        <Trans>Hay una nueva versión del Dispensario disponible.</Trans>
      </p>
      <div className="toast__actions">
        <button type="button" className="button button--primary" onClick={update.apply}>
          <Trans>Actualizar</Trans>
        </button>
        <button type="button" className="button button--ghost" onClick={() => setUpdate(null)}>
          <Trans>Más tarde</Trans>
        </button>
      </div>
    </div>
  );
}
