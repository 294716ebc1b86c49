import { expect, type Locator } from '@playwright/test';
import { Shell, type Reach } from './shell';

/** A professional's register: `mi-cuenta/mis-pacientes` and one patient's page with their strategies. */
/** The patient the seed gives medico.co@demo.test: invited, with that doctor's strategies. */
export const SEEDED_PATIENT_CO = 'Mariana Gómez Ortiz';

export class PatientsPage extends Shell {
  readonly heading = this.page.getByRole('heading', { name: 'Mis pacientes', level: 1 });
  readonly table = this.page.getByRole('table', { name: 'Tus pacientes' });
  readonly patientData = this.page
    .locator('.card')
    .filter({ has: this.page.getByRole('heading', { name: 'Datos del paciente' }) });
  readonly strategies = this.page.getByRole('region', { name: 'Estrategias terapéuticas' });
  readonly ownStrategies = this.strategies.getByRole('table', { name: 'Mis estrategias' });
  /** Issue #19: the list's filter and the detail's adherence section. */
  readonly runningOutFilter = this.page.getByRole('checkbox', { name: 'Se les acaba en los próximos 14 días' });
  readonly adherence = this.page.getByRole('region', { name: 'Adherencia al tratamiento' });

  /** The 'Tratamiento' cell of a patient's row: 'Al día', 'Se le acaba en N días', 'Sin compras…'. */
  treatment(name: string): Locator {
    return this.row(name).getByRole('cell').first();
  }

  /** One prescribed product in the patient's adherence section. */
  adherenceProduct(name: string): Locator {
    return this.adherence.getByRole('article', { name });
  }

  /** A figure of a product's adherence ('Última compra', 'Días cubiertos'…), by its label. */
  adherenceValue(product: string, label: string): Locator {
    return this.adherenceProduct(product)
      .locator('dl > div')
      .filter({ has: this.page.locator('dt', { hasText: label }) })
      .locator('dd');
  }

  async open(country: string, how?: Reach) {
    await this.reach(`/${country}/mi-cuenta/mis-pacientes`, how);
    await expect(this.heading).toBeVisible();
  }

  /** Types in the register's search; the list follows after a short pause. */
  async search(text: string) {
    await this.page.getByRole('searchbox', { name: 'Buscar por nombre o correo' }).fill(text);
  }

  /** The register's row of a patient, by name. */
  row(name: string): Locator {
    return this.table.getByRole('row').filter({ has: this.page.getByRole('link', { name }) });
  }

  patientLink(name: string): Locator {
    return this.table.getByRole('link', { name });
  }

  /** The name of the first patient of the list. */
  async firstPatientName(): Promise<string> {
    return ((await this.table.getByRole('row').nth(1).getByRole('link').textContent()) ?? '').trim();
  }

  async openPatient(name: string) {
    await this.patientLink(name).click();
    await expect(this.page.getByRole('heading', { name, level: 1 })).toBeVisible();
  }

  /** A value of the patient's data card, by its label. */
  dataValue(label: string): Locator {
    return this.patientData
      .locator('dl > div')
      .filter({ has: this.page.locator('dt', { hasText: label }) })
      .locator('dd');
  }
}
