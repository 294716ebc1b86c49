import { expect } from '@playwright/test';
import { Shell } from './shell';

export const DEMO_PASSWORD = 'Demo1234!';

export class LoginPage extends Shell {
  readonly email = this.page.getByLabel(/Correo electrónico/);
  readonly password = this.page.getByLabel(/^Contraseña/);
  readonly submitButton = this.page.getByRole('button', { name: 'Ingresar' });
  readonly alert = this.page.locator('form [role="alert"].alert');

  /** The login screen; with `then`, the one a page that needs a session sends a visitor to (`?volver=`). */
  async open(country: string, then?: string) {
    await this.page.goto(`/${country}/iniciar-sesion${then ? `?volver=${encodeURIComponent(then)}` : ''}`);
  }

  /** Submits the form; the caller checks what follows (an error, or the account). */
  async submit(country: string, email: string, password = DEMO_PASSWORD, then?: string) {
    await this.open(country, then);
    await this.email.fill(email);
    await this.password.fill(password);
    await this.submitButton.click();
  }

  /** Logs in and waits for the redirect to the account, as a user sees it. */
  async login(country: string, email: string, password = DEMO_PASSWORD) {
    await this.submit(country, email, password);
    await this.page.waitForURL(new RegExp(`/${country}/mi-cuenta/`));
    // The address changes before the screen does: the login's own 'Ya iniciaste sesión' may still be on it.
    await expect(this.page.locator('aside.account__menu')).toBeVisible();
  }

  /**
   * Logs in on the way to `path` (`/{country}/...`), as a visitor whom a page that needs a session sent to the login
   * screen, and waits until the app has taken them there. The app starts once: a login and then a full load of
   * `path` started it twice. The caller waits for what it needs of the screen.
   */
  async loginTo(path: string, email: string, password = DEMO_PASSWORD) {
    const country = path.split('/')[1] ?? '';
    await this.submit(country, email, password, path);
    await expect(this.page).toHaveURL(new URL(path, this.page.url()).href);
  }
}
