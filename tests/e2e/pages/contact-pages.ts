import type { Locator, Page } from '@playwright/test';

/** Admin `/{c}/admin/contacto`: one form per country with its phone line and chat number. */
export class AdminContactPage {
  constructor(readonly page: Page) {}

  async open(country: string) {
    await this.page.goto(`/${country}/admin/contacto`);
  }

  form(countryName: string): Locator {
    return this.page.getByRole('form', { name: `Canales de contacto de ${countryName}` });
  }

  /** Saves a country's chat number ('' clears it) and waits for the confirmation. */
  async saveChatNumber(countryName: string, chatNumber: string) {
    const form = this.form(countryName);
    await form.getByLabel(/^Número del chat/).fill(chatNumber);
    await form.getByRole('button', { name: 'Guardar' }).click();
    await form.getByText(`Canales de contacto de ${countryName} guardados.`).waitFor();
  }
}

/** `/{c}/solicitar-atencion`, whatever it is about (`?motivo=`): the form that reaches the admins. */
export class RequestFormPage {
  readonly heading: Locator;

  constructor(readonly page: Page) {
    this.heading = page.getByRole('heading', { level: 1 });
  }

  async send(values: { names: string; lastNames: string; email: string; mobile: string; description: string }) {
    const form = this.page.locator('form.medical-request, main form').first();
    await form.getByLabel(/^Nombres/).fill(values.names);
    await form.getByLabel(/^Apellidos/).fill(values.lastNames);
    await form.getByLabel(/^Correo electrónico/).fill(values.email);
    await form.getByLabel(/^Número de celular/).fill(values.mobile);
    await form.locator('textarea').fill(values.description);
    await form.getByRole('button', { name: 'Enviar solicitud' }).click();
  }
}
