import type { Locator, Page } from '@playwright/test';
import { Shell } from './shell';

export class HomePage extends Shell {
  readonly featuredHeading: Locator;
  readonly productCards: Locator;

  constructor(page: Page) {
    super(page);
    this.featuredHeading = page.getByRole('heading', { name: 'Productos destacados' });
    this.productCards = page.locator('article.product-card');
  }

  async open(country = 'co') {
    await this.page.goto(`/${country}`);
  }
}
