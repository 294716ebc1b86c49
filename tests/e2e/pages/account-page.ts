import { expect, type Locator } from '@playwright/test';
import { Shell } from './shell';

/** A logout's own steps (see `logOut`), with room for a busy machine; under a second on a quiet one. */
const LOGOUT_TIMEOUT_MS = 20_000;

export class AccountPage extends Shell {
  readonly heading = this.page.getByRole('heading', { name: 'Mis datos', exact: true });
  readonly logout = this.page.locator('.account__menu').getByRole('button', { name: 'Cerrar sesión' });
  readonly reviewNotice = this.page.getByText(/Tu cuenta está en revisión/);
  readonly credentialsStatus = this.page.getByTestId('credentials-status');
  readonly sessionExpired = this.page.getByRole('alert').filter({ hasText: 'Tu sesión expiró' });

  /**
   * Logs out and waits until it is over: the server clears the session cookie in its answer and the app then forgets
   * the device's copies; a page left before that keeps the session.
   */
  async logOut() {
    const country = new URL(this.page.url()).pathname.split('/')[1] ?? '';
    await this.logout.click();
    // The app goes to the country's home once the device's copies are gone: the push subscription, the server's
    // logout, IndexedDB and the service worker's outbox come first, which takes seconds on a busy machine.
    await expect(this.page).toHaveURL(new RegExp(`/${country}$`), { timeout: LOGOUT_TIMEOUT_MS });
    await expect(this.header.getByRole('link', { name: 'Iniciar sesión' })).toBeVisible();
  }

  async open(country: string, section = 'datos-personales') {
    await this.page.goto(`/${country}/mi-cuenta/${section}`);
  }

  profileLink(name: RegExp | string): Locator {
    return this.header.getByRole('link', { name });
  }

  navbarLink(name: string): Locator {
    return this.mainNav.getByRole('link', { name });
  }

  navbarDisabled(name: string): Locator {
    return this.mainNav.locator('[aria-disabled="true"]', { hasText: name });
  }

  async uploadCredential(filePath: string, documentType = 'tarjeta-profesional') {
    const form = this.page.getByRole('form', { name: 'Subir credenciales' });
    await form.getByLabel(/Archivos/).setInputFiles(filePath);
    await form.getByLabel(/Tipo de documento/).selectOption(documentType);
    await form.getByRole('button', { name: 'Subir credenciales' }).click();
  }
}
