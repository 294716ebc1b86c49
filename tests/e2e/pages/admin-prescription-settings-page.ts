import type { Locator, Page } from '@playwright/test';
import { Shell } from './shell';

/** Admin `configuracion-prescripcion`: moments of the day and the defaults of new tools. */
export class AdminPrescriptionSettingsPage extends Shell {
  readonly form: Locator;
  readonly save: Locator;
  readonly notice: Locator;

  constructor(page: Page) {
    super(page);
    this.form = page.getByRole('form', { name: 'Configuración de prescripción' });
    this.save = this.form.getByRole('button', { name: 'Guardar configuración' });
    this.notice = page.locator('.notice--success');
  }

  async open(country: string, english = false) {
    await this.page.goto(`/${country}/admin/${english ? 'prescription-settings' : 'configuracion-prescripcion'}`);
  }

  async rename(standardLabel: string, label: string) {
    await this.form.getByLabel(`Nombre de «${standardLabel}»`).fill(label);
  }
}
