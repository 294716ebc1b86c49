import { Shell } from './shell';

/** The install offer toast, and a stand-in for Chromium's `beforeinstallprompt`. */
export class InstallOffer extends Shell {
  readonly region = this.page.getByRole('region', { name: 'Instalar el Dispensario' });
  readonly install = this.region.getByRole('button', { name: 'Instalar' });
  readonly notNow = this.region.getByRole('button', { name: 'Ahora no' });

  /** Fires the event the browser fires when the app is installable; `window.__installPrompted` records the prompt. */
  async offerFromBrowser() {
    await this.page.evaluate(() => {
      const event = new Event('beforeinstallprompt', { cancelable: true }) as Event & {
        prompt?: () => Promise<void>;
        userChoice?: Promise<{ outcome: string }>;
      };
      event.prompt = async () => {
        (window as unknown as { __installPrompted: boolean }).__installPrompted = true;
      };
      event.userChoice = Promise.resolve({ outcome: 'accepted' });
      window.dispatchEvent(event);
    });
  }

  prompted(): Promise<boolean> {
    return this.page.evaluate(() => (window as unknown as { __installPrompted?: boolean }).__installPrompted === true);
  }
}
