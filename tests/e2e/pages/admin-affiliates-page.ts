import type { Locator } from '@playwright/test';
import { Shell } from './shell';

export class AdminAffiliatesPage extends Shell {
  readonly statusFilter = this.page.getByLabel('Estado');
  readonly search = this.page.getByLabel('Buscar');

  async open(country: string, english = false) {
    await this.page.goto(`/${country}/admin/${english ? 'affiliate-management' : 'gestion-afiliados'}`);
  }

  card(name: string): Locator {
    return this.page.getByRole('article', { name });
  }
}
