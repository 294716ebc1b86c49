import { Trans } from '@lingui/react/macro';
import { useOnline } from '../../lib/use-online';

export function OfflineIndicator() {
  if (useOnline()) return null;
  return (
    <div className="offline-banner" role="status">
      <Trans>Sin conexión: estás viendo la información guardada en este dispositivo.</Trans>
    </div>
  );
}
