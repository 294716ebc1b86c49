import type { Page } from '@playwright/test';
import { DEMO_PASSWORD } from '../e2e/pages/login-page';

/** Signs a demo user in through the sign-in form, as a visitor does, and waits for the account it opens. */
export async function signInThroughForm(page: Page, origin: string, country: string, email: string): Promise<void> {
  await page.goto(`${origin}/${country}/iniciar-sesion`);
  await page.getByLabel(/Correo electrónico/).fill(email);
  await page.getByLabel(/^Contraseña/).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Ingresar' }).click();
  await page.waitForURL(new RegExp(`/${country}/mi-cuenta/`));
}
