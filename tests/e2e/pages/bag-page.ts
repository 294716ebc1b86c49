import type { Locator } from '@playwright/test';
import { Shell } from './shell';

export class BagPage extends Shell {
  readonly drawer = this.page.locator('#side-cart');
  readonly cartButton = this.page.getByRole('button', { name: /Bolsa de compras, \d+ productos?$/ });
  readonly badge = this.page.getByTestId('cart-count');

  line(name: string): Locator {
    return this.page.getByRole('listitem', { name });
  }

  async lineImageLoaded(name: string): Promise<boolean> {
    return this.line(name)
      .locator('img')
      .evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0);
  }

  async open(country: string) {
    await this.page.goto(`/${country}/bolsa`);
  }
}
