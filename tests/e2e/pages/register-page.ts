import { expect } from '@playwright/test';
import { Shell } from './shell';

export interface ProfessionalData {
  firstName: string;
  lastName: string;
  document: string;
  email: string;
  password: string;
}

export class RegisterPage extends Shell {
  readonly next = this.page.getByRole('button', { name: 'Siguiente' });
  readonly create = this.page.getByRole('button', { name: 'Crear cuenta' });
  /** The express consent for health data, its own box apart from the terms. */
  readonly healthConsent = this.page.getByRole('checkbox', { name: /Autorizo el tratamiento de mis datos de salud/ });

  async open(country: string, invitation?: string) {
    await this.page.goto(`/${country}/registro${invitation ? `?invitacion=${encodeURIComponent(invitation)}` : ''}`);
  }

  /**
   * Chooses the role, and waits for what follows: the form the server sends for it (fillStep skips fields not on
   * screen yet), or the dialog for a patient without invitation.
   */
  async chooseRole(name: RegExp) {
    await this.page.getByRole('button', { name }).click();
    await expect(this.next.or(this.page.getByRole('dialog'))).toBeVisible();
  }

  /**
   * Fills whatever the server's form asks for in the current step that is still empty. Accepting the terms
   * (`Acepto`) also gives the health-data consent every registration asks for, as a person registering does.
   */
  async fillStep(values: Record<string, string>) {
    // The step's fields come from the server's form definition: wait until they are on screen (any of them), since
    // the loop below skips, without waiting, the fields a step does not have.
    const labels = Object.keys(values).map((label) => label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
    await expect(this.page.getByLabel(new RegExp(`^(${labels.join('|')})`)).first()).toBeVisible();
    for (const [label, value] of Object.entries(values)) {
      const field = this.page.getByLabel(new RegExp(`^${label}`)).first();
      if (!(await field.isVisible()) || !(await field.isEnabled())) continue;
      const tag = await field.evaluate((element) => element.tagName.toLowerCase());
      const type = await field.getAttribute('type');
      if (tag === 'select') {
        const options = await field
          .locator('option')
          .evaluateAll((items) => items.map((item) => (item as HTMLOptionElement).value).filter(Boolean));
        await field.selectOption(options.includes(value) ? value : (options[0] ?? ''));
      } else if (type === 'checkbox') {
        await field.check();
      } else if (type === 'radio') {
        await field.check();
      } else if ((await field.inputValue()) === '') {
        await field.fill(value);
      }
    }
    if ('Acepto' in values && (await this.healthConsent.isVisible())) await this.healthConsent.check();
  }

  /** An invited patient's first step: what the doctor's record may leave out, then on to the password. */
  async fillInvitedPatient(birthDate: string, phone: string) {
    await this.fillStep({
      'Tipo de documento': '1',
      'Fecha de nacimiento': birthDate,
      'Número de celular': phone,
      Femenino: 'femenino',
    });
    await this.next.click();
  }

  /** The last step: the password twice and the terms (with the health-data consent), then the account. */
  async setPassword(password: string) {
    await this.fillStep({ Contraseña: password, Confirma: password, Acepto: 'true' });
  }
}
