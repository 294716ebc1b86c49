import { expect, type Locator, type Page } from '@playwright/test';
import { Shell } from './shell';

/** '¿Olvidaste tu contraseña?' (`olvide-contrasena`) and the page of the e-mailed link (`restablecer-contrasena`). */
export class PasswordResetPage extends Shell {
  readonly forgotLink: Locator;
  readonly forgotHeading: Locator;
  readonly email: Locator;
  readonly send: Locator;
  readonly newPassword: Locator;
  readonly repeatPassword: Locator;
  readonly save: Locator;
  readonly answer: Locator;
  readonly alert: Locator;

  constructor(page: Page) {
    super(page);
    this.forgotLink = page.getByRole('link', { name: '¿Olvidaste tu contraseña?' });
    this.forgotHeading = page.getByRole('heading', { level: 1, name: '¿Olvidaste tu contraseña?' });
    this.email = page.getByLabel(/Correo electrónico/);
    this.send = page.getByRole('button', { name: 'Enviar enlace' });
    this.newPassword = page.getByLabel(/^Nueva contraseña/);
    this.repeatPassword = page.getByLabel(/^Repite la nueva contraseña/);
    this.save = page.getByRole('button', { name: 'Guardar contraseña' });
    this.answer = page.locator('.auth-card [role="status"]');
    this.alert = page.locator('form [role="alert"].alert');
  }

  async ask(email: string) {
    // The login page has a 'Correo electrónico' field too: fill only once the forgotten-password page is on screen.
    await expect(this.forgotHeading).toBeVisible();
    await this.email.fill(email);
    await this.send.click();
  }

  async setPassword(password: string) {
    await this.newPassword.fill(password);
    await this.repeatPassword.fill(password);
    await this.save.click();
  }
}
