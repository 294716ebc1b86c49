import { Shell } from './shell';

/** Admin `configuracion-prescripcion`: moments of the day and the defaults of new tools. */
export class AdminPrescriptionSettingsPage extends Shell {
  readonly form = this.page.getByRole('form', { name: 'Configuración de prescripción' });
  readonly save = this.form.getByRole('button', { name: 'Guardar configuración' });
  readonly notice = this.page.locator('.notice--success');

  async open(country: string, english = false) {
    await this.page.goto(`/${country}/admin/${english ? 'prescription-settings' : 'configuracion-prescripcion'}`);
  }

  async rename(standardLabel: string, label: string) {
    await this.form.getByLabel(`Nombre de «${standardLabel}»`).fill(label);
  }
}
