import { expect, type Locator, type Page } from '@playwright/test';
import { Shell } from './shell';

/** `mi-cuenta/envios-pendientes`: what was created or uploaded offline, and the header's counter. */
export class PendingUploadsPage extends Shell {
  readonly items: Locator;
  readonly counter: Locator;
  readonly sendAll: Locator;

  constructor(page: Page) {
    super(page);
    this.items = page.getByTestId('pending-upload');
    this.counter = page.getByTestId('pending-uploads');
    this.sendAll = page.getByRole('button', { name: 'Enviar todo ahora' });
  }

  async open(country: string) {
    await this.page.goto(`/${country}/mi-cuenta/envios-pendientes`);
    await expect(this.page.getByRole('heading', { name: 'Envíos pendientes', level: 1 })).toBeVisible();
  }

  item(label: string | RegExp): Locator {
    return this.items.filter({ hasText: label });
  }

  state(label: string | RegExp): Locator {
    return this.item(label).locator('.pending-upload__state');
  }

  async retry(label: string | RegExp) {
    await this.item(label).getByRole('button', { name: 'Reintentar ahora' }).click();
  }

  async discard(label: string | RegExp) {
    await this.item(label).getByRole('button', { name: 'Descartar' }).click();
    await this.page.getByRole('alertdialog').getByRole('button', { name: 'Descartar envío' }).click();
  }
}
