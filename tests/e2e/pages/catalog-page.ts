import type { Locator, Page } from '@playwright/test';
import { Shell } from './shell';

export class CatalogPage extends Shell {
  readonly heading: Locator;
  readonly productCards: Locator;
  readonly prices: Locator;
  readonly loadMore: Locator;
  readonly vatNote: Locator;

  constructor(page: Page) {
    super(page);
    this.heading = page.getByRole('heading', { name: 'Herramientas funcionales' });
    this.productCards = page.locator('article.product-card');
    this.prices = page.getByTestId('product-price');
    this.loadMore = page.getByRole('button', { name: 'Cargar más' });
    this.vatNote = page.locator('.catalog__vat-note');
  }

  async open(path = '/co/herramientas') {
    await this.page.goto(path);
  }

  card(name: string): Locator {
    return this.page.getByRole('article', { name });
  }
}
