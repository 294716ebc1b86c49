import { Trans } from '@lingui/react/macro';
import { useEffect, useState } from 'react';
import { registerServiceWorker, type UpdateAvailable } from '../../lib/pwa';
import { useIdleAfterFirstPaint } from '../../lib/use-idle-after-first-paint';

/** Where an update waits unannounced: paying in the bag, or writing a prescription or recommendation. */
const BUSY_PAGES = /^\/[a-z]{2}\/(bolsa|mi-cuenta\/(prescripcion|recomendaciones))(\/|$)/;

export function isBusyPage(pathname: string): boolean {
  return BUSY_PAGES.test(pathname);
}

/**
 * Registers the service worker and offers a waiting update; the user decides when the page reloads. In the middle
 * of a checkout or of a prescription draft the offer waits until the user leaves that screen, so "Actualizar" is
 * never one tap away from interrupting a payment or a draft.
 */
export function UpdatePrompt({ busy = false }: { busy?: boolean }) {
  const [update, setUpdate] = useState<UpdateAvailable | null>(null);
  // Registered once the page is painted and idle: a first visit's worker downloads the whole precache, which then
  // does not compete with the screen's own files.
  const idle = useIdleAfterFirstPaint();
  useEffect(() => {
    if (idle) void registerServiceWorker(setUpdate);
  }, [idle]);
  if (!update || busy) return null;
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
