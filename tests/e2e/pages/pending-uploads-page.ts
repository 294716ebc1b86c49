import { expect, type Locator } from '@playwright/test';
import { Shell } from './shell';

/** `mi-cuenta/envios-pendientes`: what was created or uploaded offline, and the header's counter. */
export class PendingUploadsPage extends Shell {
  readonly items = this.page.getByTestId('pending-upload');
  readonly counter = this.page.getByTestId('pending-uploads');
  readonly sendAll = this.page.getByRole('button', { name: 'Enviar todo ahora' });

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
