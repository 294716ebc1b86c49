// "Ahora no" to the install offer is remembered per device, like the tour (no account involved).

export const INSTALL_DISMISSED_KEY = 'dispensario:instalar-descartado:v1';
/** How long "Ahora no" keeps the offer away. */
const DISMISSAL_MS = 30 * 24 * 60 * 60 * 1000;

export function installOfferDismissed(now = Date.now()): boolean {
  try {
    const at = Number(localStorage.getItem(INSTALL_DISMISSED_KEY));
    return Number.isFinite(at) && at > 0 && now - at < DISMISSAL_MS;
  } catch {
    return false;
  }
}

export function dismissInstallOffer(now = Date.now()): void {
  try {
    localStorage.setItem(INSTALL_DISMISSED_KEY, String(now));
  } catch {
    // Storage disabled: the offer simply comes back next time.
  }
}
