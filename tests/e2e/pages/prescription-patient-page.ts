import { expect, type Download } from '@playwright/test';
import { MAGNESIUM } from '../support/demo-catalogue';
import { Shell, type Reach } from './shell';

/** The patient's side: `mi-cuenta/mis-prescripciones` and a prescription's detail. */
export class MyPrescriptionsPage extends Shell {
  readonly table = this.page.getByRole('table', { name: 'Tus prescripciones y recomendaciones' });
  readonly addAll = this.page.getByRole('button', { name: 'Agregar todo a la bolsa' });
  readonly download = this.page.getByRole('button', { name: 'Descargar PDF' });

  async open(country: string, how?: Reach) {
    await this.reach(`/${country}/mi-cuenta/mis-prescripciones`, how);
    await expect(this.page.getByRole('heading', { name: 'Mis prescripciones' })).toBeVisible();
  }

  /** Opens the newest one (the list is newest first). */
  async openNewest() {
    await this.table.getByRole('row').nth(1).getByRole('link').click();
    await expect(this.page.getByRole('heading', { name: /^(Prescripción|Recomendación) del / })).toBeVisible();
  }

  /** Opens the oldest prescription of the list (the seeded one, for the demo patient). */
  async openOldestPrescription() {
    await this.table.getByRole('row').filter({ hasText: 'Prescripción' }).last().getByRole('link').click();
    await expect(this.page.getByRole('heading', { name: /^Prescripción del / })).toBeVisible();
  }

  /**
   * 'Agregar todo a la bolsa', then waits for its message and for the bag's copy on the device holding `name`: the
   * next address loads a page, and a page left within milliseconds of the tap loses the write still on its way to
   * IndexedDB (a clean-clone run found the bag empty), which a user's next tap never races.
   */
  async addAllToBag(name: string, message: RegExp) {
    await this.addAll.click();
    await expect(this.page.getByText(message)).toBeVisible();
    await this.waitForSavedOnDevice(name, 'carts');
  }

  /**
   * The demo patient's seeded prescription, all of it in the bag: two units of magnesium and one of DHEA, the hormone
   * the general catalogue hides from patients.
   */
  async addSeededPrescriptionToBag(country: string) {
    await this.open(country);
    await this.addOldestPrescriptionToBag();
  }

  /** `addSeededPrescriptionToBag` from the list on screen. */
  async addOldestPrescriptionToBag() {
    await this.openOldestPrescription();
    await this.addAllToBag(MAGNESIUM, /Agregamos 2 productos a tu bolsa/);
  }

  async downloadPdf(): Promise<Download> {
    const waiting = this.page.waitForEvent('download');
    await this.download.click();
    return waiting;
  }
}
