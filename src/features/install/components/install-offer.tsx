import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { needsIosInstallHint, promptInstall, useInstallPromptAvailable } from '../../../lib/install-prompt';
import { dismissInstallOffer, installOfferDismissed } from '../install-storage';
import { useSecondScreen } from '../use-second-screen';

/**
 * Offers to install the app: the browser's own dialog where it offers one (`beforeinstallprompt`), and on iPhone
 * and iPad Safari the steps of the share menu. "Ahora no" hides it on this device for a month. Never over the screen
 * a visit starts on: only once the visitor has opened a second one (docs/decisions.md, "The install offer waits").
 */
export function InstallOffer() {
  const { t } = useLingui();
  const available = useInstallPromptAvailable();
  const [ios] = useState(() => needsIosInstallHint(navigator as Navigator & { standalone?: boolean }));
  const [dismissed, setDismissed] = useState(() => installOfferDismissed());
  const engaged = useSecondScreen();

  if (dismissed || !engaged || (!available && !ios)) return null;

  function dismiss() {
    dismissInstallOffer();
    setDismissed(true);
  }

  return (
    <div className="toast install-offer" role="region" aria-label={t`Instalar el Dispensario`}>
      {available ? (
        <p>
          <Trans>Instala el Dispensario en tu pantalla de inicio: abre más rápido y funciona sin conexión.</Trans>
        </p>
      ) : (
        <p>
          <Trans>
            Para instalar el Dispensario en tu iPhone o iPad, toca Compartir y luego «Agregar a pantalla de inicio».
          </Trans>
        </p>
      )}
      <div className="toast__actions">
        {available && (
          <button type="button" className="button button--primary" onClick={() => void promptInstall()}>
            <Trans>Instalar</Trans>
          </button>
        )}
        <button type="button" className="button button--ghost" onClick={dismiss}>
          <Trans>Ahora no</Trans>
        </button>
      </div>
    </div>
  );
}
