import { expect, type Locator } from '@playwright/test';
import { Shell } from './shell';

export class CatalogPage extends Shell {
  readonly heading = this.page.getByRole('heading', { name: 'Herramientas funcionales' });
  readonly search = this.page.getByLabel('Buscar', { exact: true });
  readonly productCards = this.page.locator('article.product-card');
  readonly prices = this.page.getByTestId('product-price');
  readonly loadMore = this.page.getByRole('button', { name: 'Cargar más' });
  readonly vatNote = this.page.locator('.catalog__vat-note');

  async open(path = '/co/herramientas') {
    await this.page.goto(path);
  }

  /**
   * Puts the catalogue's first product in the bag from its card and waits until the bag saved on the device holds it
   * (the address a test opens next must find it); returns its name.
   */
  async addFirstToBag(country: string): Promise<string> {
    await this.open(`/${country}/herramientas`);
    return this.addFirstCardToBag();
  }

  /** `addFirstToBag` on the catalogue on screen. */
  async addFirstCardToBag(): Promise<string> {
    const card = this.productCards.first();
    const name = (await card.getAttribute('aria-label')) ?? '';
    await card.getByRole('button', { name: /a la bolsa/ }).click();
    await this.waitForSavedOnDevice(name, 'carts');
    return name;
  }

  /** Adds a product from its card's own button, by the product's name. */
  async addCardToBag(name: string) {
    await this.card(name)
      .getByRole('button', { name: `Agregar ${name} a la bolsa` })
      .click();
  }

  card(name: string): Locator {
    return this.page.getByRole('article', { name });
  }

  /**
   * Waits until the cards on screen are the result of a search: at least one, and every one matching. Read once
   * right after typing, the list may still be the one before the search (which can hold a match too).
   */
  async expectEveryCardMatches(pattern: RegExp) {
    await expect
      .poll(async () => {
        const names = await this.productCards.evaluateAll((cards) =>
          cards.map((card) => card.getAttribute('aria-label') ?? ''),
        );
        return { found: names.length > 0, notMatching: names.filter((name) => !pattern.test(name)) };
      })
      .toEqual({ found: true, notMatching: [] });
  }
}
