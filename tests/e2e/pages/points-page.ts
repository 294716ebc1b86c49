import type { Locator, Page } from '@playwright/test';

/** `/{c}/mi-cuenta/mis-puntos`: balance, history and the catalogue of events, combos and point products. */
export class PointsPage {
  readonly balance: Locator;
  readonly money: Locator;
  readonly history: Locator;
  /** The products tab's redemption of several point products at once. */
  readonly batch: Locator;

  constructor(readonly page: Page) {
    this.balance = page.getByTestId('points-balance');
    this.money = page.getByTestId('points-money');
    this.history = page.getByRole('table');
    this.batch = page.getByRole('region', { name: 'Canjear varios productos' });
  }

  async open(country: string) {
    await this.page.goto(`/${country}/mi-cuenta/mis-puntos`);
  }
}
