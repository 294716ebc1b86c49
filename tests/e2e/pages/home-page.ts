import { Shell } from './shell';

export class HomePage extends Shell {
  readonly featuredHeading = this.page.getByRole('heading', { name: 'Productos destacados' });
  readonly productCards = this.page.locator('article.product-card');

  async open(country = 'co') {
    await this.page.goto(`/${country}`);
  }
}
