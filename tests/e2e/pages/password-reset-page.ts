import { expect } from '@playwright/test';
import { Shell } from './shell';

/** '¿Olvidaste tu contraseña?' (`olvide-contrasena`) and the page of the e-mailed link (`restablecer-contrasena`). */
export class PasswordResetPage extends Shell {
  readonly forgotLink = this.page.getByRole('link', { name: '¿Olvidaste tu contraseña?' });
  readonly forgotHeading = this.page.getByRole('heading', { level: 1, name: '¿Olvidaste tu contraseña?' });
  readonly email = this.page.getByLabel(/Correo electrónico/);
  readonly send = this.page.getByRole('button', { name: 'Enviar enlace' });
  readonly newPassword = this.page.getByLabel(/^Nueva contraseña/);
  readonly repeatPassword = this.page.getByLabel(/^Repite la nueva contraseña/);
  readonly save = this.page.getByRole('button', { name: 'Guardar contraseña' });
  readonly answer = this.page.locator('.auth-card [role="status"]');
  readonly alert = this.page.locator('form [role="alert"].alert');

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
