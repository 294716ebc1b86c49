import type { Locator, Page } from '@playwright/test';
import { Shell } from './shell';

export class AdminAffiliatesPage extends Shell {
  readonly statusFilter: Locator;
  readonly search: Locator;

  constructor(page: Page) {
    super(page);
    this.statusFilter = page.getByLabel('Estado');
    this.search = page.getByLabel('Buscar');
  }

  async open(country: string, english = false) {
    await this.page.goto(`/${country}/admin/${english ? 'affiliate-management' : 'gestion-afiliados'}`);
  }

  card(name: string): Locator {
    return this.page.getByRole('article', { name });
  }
}
