import type { Locator, Page } from '@playwright/test';
import { Shell } from './shell';

/** Admin `libreria`: the upload form and the list of documents. */
export class AdminLibraryPage extends Shell {
  readonly form: Locator;
  readonly notice: Locator;

  constructor(page: Page) {
    super(page);
    this.form = page.getByRole('form', { name: /documento/ });
    this.notice = page.locator('.notice--success');
  }

  async open(country: string, english = false) {
    await this.page.goto(`/${country}/admin/${english ? 'document-library' : 'libreria'}`);
  }

  async upload(document: { title: string; category: string; country: string; file: string }) {
    await this.form.getByLabel(/^Título/).fill(document.title);
    await this.form.getByLabel(/^Categoría/).selectOption({ label: document.category });
    await this.form.getByLabel(/^País/).selectOption({ label: document.country });
    await this.form.getByLabel(/^Archivo/).setInputFiles(document.file);
    await this.form.getByRole('button', { name: 'Subir documento' }).click();
  }
}
