import { Shell } from './shell';

export const DEMO_PASSWORD = 'Demo1234!';

export class LoginPage extends Shell {
  readonly email = this.page.getByLabel(/Correo electrónico/);
  readonly password = this.page.getByLabel(/^Contraseña/);
  readonly submitButton = this.page.getByRole('button', { name: 'Ingresar' });
  readonly alert = this.page.locator('form [role="alert"].alert');

  async open(country: string) {
    await this.page.goto(`/${country}/iniciar-sesion`);
  }

  /** Submits the form; the caller checks what follows (an error, or the account). */
  async submit(country: string, email: string, password = DEMO_PASSWORD) {
    await this.open(country);
    await this.email.fill(email);
    await this.password.fill(password);
    await this.submitButton.click();
  }

  /** Logs in and waits for the redirect to the account, as a user sees it. */
  async login(country: string, email: string, password = DEMO_PASSWORD) {
    await this.submit(country, email, password);
    await this.page.waitForURL(new RegExp(`/${country}/mi-cuenta/`));
  }
}
