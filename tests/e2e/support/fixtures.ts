import { test as base } from '@playwright/test';
import { AccountPage } from '../pages/account-page';
import { AdminAffiliatesPage } from '../pages/admin-affiliates-page';
import { BagPage } from '../pages/bag-page';
import { CatalogPage } from '../pages/catalog-page';
import { CheckoutPage, PaymentGatewayPage } from '../pages/checkout-page';
import { ContentArticlePage, ContentPage } from '../pages/content-pages';
import { HomePage } from '../pages/home-page';
import { LoginPage } from '../pages/login-page';
import { RegisterPage } from '../pages/register-page';
import { logoutAll } from './api';
import { TOUR_SEEN_KEY } from '../../../src/features/tour/tour-storage';

interface Pages {
  home: HomePage;
  catalog: CatalogPage;
  login: LoginPage;
  register: RegisterPage;
  account: AccountPage;
  affiliates: AdminAffiliatesPage;
  bag: BagPage;
  checkout: CheckoutPage;
  gateway: PaymentGatewayPage;
  content: ContentPage;
  article: ContentArticlePage;
}

interface Options {
  /**
   * The guided tour opens over the home page on a device's first visit. Every test starts as a device that has
   * seen it, so the tour never covers what a test clicks; the tour's own tests set this to false.
   */
  tourSeen: boolean;
}

export const test = base.extend<Pages & Options>({
  tourSeen: [true, { option: true }],
  context: async ({ context, tourSeen }, use) => {
    if (tourSeen) {
      await context.addInitScript((key) => {
        try {
          localStorage.setItem(key, 'e2e');
        } catch {
          // about:blank and opaque origins have no storage.
        }
      }, TOUR_SEEN_KEY);
    }
    await use(context);
    // Playwright closes the context after this; the sessions it holds must end first (see closeLoggedOut).
    await logoutAll(context);
  },
  baseURL: async ({}, use) => {
    const url = process.env.E2E_BASE_URL;
    if (!url) throw new Error('E2E_BASE_URL no está definido: ejecuta las pruebas con "npm run test:e2e"');
    await use(url);
  },
  home: async ({ page }, use) => use(new HomePage(page)),
  catalog: async ({ page }, use) => use(new CatalogPage(page)),
  login: async ({ page }, use) => use(new LoginPage(page)),
  register: async ({ page }, use) => use(new RegisterPage(page)),
  account: async ({ page }, use) => use(new AccountPage(page)),
  affiliates: async ({ page }, use) => use(new AdminAffiliatesPage(page)),
  bag: async ({ page }, use) => use(new BagPage(page)),
  checkout: async ({ page }, use) => use(new CheckoutPage(page)),
  gateway: async ({ page }, use) => use(new PaymentGatewayPage(page)),
  content: async ({ page }, use) => use(new ContentPage(page)),
  article: async ({ page }, use) => use(new ContentArticlePage(page)),
});

export { expect } from '@playwright/test';
