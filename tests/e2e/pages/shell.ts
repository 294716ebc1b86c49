import type { Locator, Page } from '@playwright/test';

/** What every page shares: header, country selector, footer. */
export class Shell {
  readonly header: Locator;
  readonly mainNav: Locator;
  readonly footer: Locator;
  readonly countryButton: Locator;

  constructor(readonly page: Page) {
    this.header = page.locator('header.site-header');
    this.mainNav = page.getByRole('navigation', { name: 'Navegación principal' });
    this.footer = page.locator('footer.site-footer');
    this.countryButton = page.getByRole('button', { name: /Cambiar país/ });
  }

  async chooseCountry(name: 'Colombia' | 'México' | 'Perú') {
    await this.countryButton.click();
    await this.page.getByRole('menuitemradio', { name }).click();
  }

  /** Resolves once the service worker controls the page, so runtime caching applies to what loads next. */
  async waitForServiceWorker() {
    await this.page.evaluate(async () => {
      await navigator.serviceWorker.ready;
      if (navigator.serviceWorker.controller) return;
      await new Promise<void>((resolve) =>
        navigator.serviceWorker.addEventListener('controllerchange', () => resolve(), { once: true }),
      );
    });
  }
}
