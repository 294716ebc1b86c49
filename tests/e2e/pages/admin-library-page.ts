import { Shell } from './shell';

/** Admin `libreria`: the upload form and the list of documents. */
export class AdminLibraryPage extends Shell {
  readonly form = this.page.getByRole('form', { name: /documento/ });
  readonly notice = this.page.locator('.notice--success');

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
