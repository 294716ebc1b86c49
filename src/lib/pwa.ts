export interface UpdateAvailable {
  /** Activates the waiting service worker and reloads once it controls the page. */
  apply: () => void;
}

/**
 * Registers the service worker (production builds only). `onUpdate` is called when a new version waits; the UI
 * decides when to apply it, so an update never reloads a page in the middle of a checkout.
 */
export async function registerServiceWorker(onUpdate: (update: UpdateAvailable) => void): Promise<void> {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  // Registration waits for the first render anyway: workbox-window loads then, outside the app shell's bundle.
  const { Workbox } = await import('workbox-window');
  const wb = new Workbox('/sw.js', { scope: '/' });
  wb.addEventListener('waiting', () => {
    onUpdate({
      apply: () => {
        wb.addEventListener('controlling', () => window.location.reload());
        wb.messageSkipWaiting();
      },
    });
  });
  await wb.register();
}
