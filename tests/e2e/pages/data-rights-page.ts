import { readFile } from 'node:fs/promises';
import { expect, type Download } from '@playwright/test';
import { strFromU8, unzipSync } from 'fflate';
import { Shell } from './shell';

/** The data rights section of `mi-cuenta/datos-personales`: download, consent, deletion. */
export class DataRightsPage extends Shell {
  readonly section = this.page.getByRole('region', { name: 'Tus datos y tu privacidad' });
  readonly download = this.section.getByRole('link', { name: 'Descargar mis datos (ZIP)' });
  readonly consentState = this.section.getByTestId('consent-state');
  readonly deleteButton = this.section.getByRole('button', { name: 'Eliminar mi cuenta' });
  readonly deleteDialog = this.page.getByRole('dialog', { name: '¿Eliminar tu cuenta definitivamente?' });

  async open(country: string) {
    await this.page.goto(`/${country}/mi-cuenta/datos-personales`);
    await expect(this.section).toBeVisible();
  }

  /** Downloads the archive and answers its files by name. */
  async downloadArchive(): Promise<{ download: Download; files: Record<string, Uint8Array> }> {
    const [download] = await Promise.all([this.page.waitForEvent('download'), this.download.click()]);
    const path = await download.path();
    return { download, files: unzipSync(new Uint8Array(await readFile(path))) };
  }

  static json<T>(files: Record<string, Uint8Array>, name: string): T {
    const bytes = files[name];
    if (!bytes) throw new Error(`El archivo no trae ${name}`);
    return JSON.parse(strFromU8(bytes)) as T;
  }

  async deleteAccount(password: string) {
    await this.deleteButton.click();
    await this.deleteDialog.getByLabel(/Tu contraseña/).fill(password);
    await this.deleteDialog.getByLabel(/Escribe ELIMINAR para confirmar/).fill('ELIMINAR');
    await this.deleteDialog.getByRole('button', { name: 'Eliminar definitivamente' }).click();
  }
}
