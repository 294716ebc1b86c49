import { expect, type Locator } from '@playwright/test';
import { Shell } from './shell';

/** The document library of `mi-cuenta/herramientas-funcionales` ('Recursos médicos'). */
export class ResourcesPage extends Shell {
  readonly documents = this.page.locator('article.resource');

  async open(country: string) {
    await this.page.goto(`/${country}/mi-cuenta/herramientas-funcionales`);
    await expect(this.page.getByRole('heading', { name: 'Recursos médicos' })).toBeVisible();
  }

  document(title: string): Locator {
    return this.page.getByRole('article', { name: title, exact: true });
  }

  /** The mark of a file kept on this device. */
  savedMark(title: string): Locator {
    return this.document(title).getByText('Guardado en este dispositivo');
  }

  async titleAt(index: number): Promise<string> {
    return (await this.documents.nth(index).locator('.resource__title').textContent()) ?? '';
  }

  async saveOnDevice(title: string) {
    await this.document(title)
      .getByRole('button', { name: `Guardar sin conexión ${title}` })
      .click();
    await expect(this.savedMark(title)).toBeVisible();
  }

  download(title: string): Locator {
    return this.document(title).getByRole('button', { name: `Descargar ${title}` });
  }

  failure(title: string): Locator {
    return this.document(title).getByRole('alert');
  }
}
