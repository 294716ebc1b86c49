import { test as base, type BrowserContext } from '@playwright/test';
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
import { assertNoCspViolations, recordCspViolations } from './csp';
import { FaultProxy } from './fault-proxy';
import { PersistentBrowser } from './persistent-browser';
import { startWorkerServer } from './server';
import { TOUR_SEEN_KEY } from '../../../src/features/tour/tour-storage';
import { INSTALL_DISMISSED_KEY } from '../../../src/features/install/install-storage';

/**
 * For the tests whose subject is the service worker, or that need it in control (offline, the outbox, push, logout's
 * clean-up): `test.use(WITH_SERVICE_WORKER)`. The other tests run without it (playwright.config.ts).
 */
export const WITH_SERVICE_WORKER = { serviceWorkers: 'allow' } as const;

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
   * The home offers the guided tour to a device that has not seen it. Every test starts as a device that has seen
   * it, so the offer never moves what a test clicks; the tour's own tests set this to false.
   */
  tourSeen: boolean;
  /** The device answered "Ahora no" to the install offer. */
  installOfferSeen: boolean;
}

async function rememberOnDevice(context: BrowserContext, key: string, value: string): Promise<void> {
  await context.addInitScript(
    ([name, stored]) => {
      try {
        localStorage.setItem(name, stored);
      } catch {
        // about:blank and opaque origins have no storage.
      }
    },
    [key, value] as const,
  );
}

interface WorkerFixtures {
  /**
   * The address of this worker's own server, over its own copy of the seeded database: workers run in parallel and
   * their tests log in the same demo users, buy the same stock and spend the same points, so they never share one.
   */
  serverURL: string;
}

export const test = base.extend<Pages & Options, WorkerFixtures>({
  serverURL: [
    async ({}, use) => {
      const server = await startWorkerServer();
      await use(server.url);
      await server.stop();
    },
    { scope: 'worker', timeout: 180_000 },
  ],
  tourSeen: [true, { option: true }],
  installOfferSeen: [true, { option: true }],
  context: async ({ context, tourSeen, installOfferSeen }, use) => {
    // The tour's and the install offers show on a first visit: every test starts as a device that has answered
    // both, so neither moves or covers what a test clicks; their own tests turn these off.
    if (tourSeen) await rememberOnDevice(context, TOUR_SEEN_KEY, 'e2e');
    if (installOfferSeen) await rememberOnDevice(context, INSTALL_DISMISSED_KEY, String(Date.now()));
    await recordCspViolations(context);
    await use(context);
    // Playwright closes the context after this; the sessions it holds must end first (see closeLoggedOut).
    await logoutAll(context);
    // Every test fails on a Content Security Policy violation of any of its pages.
    assertNoCspViolations(context);
  },
  baseURL: async ({ serverURL }, use) => use(serverURL),
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

/**
 * The same tests with the browser talking to the real server through a fault-injecting proxy (`faults.inject`): the
 * service worker's replays pass through it too.
 */
export const proxiedTest = test.extend<{ faults: FaultProxy }>({
  faults: async ({ serverURL }, use) => {
    const proxy = new FaultProxy(serverURL);
    await proxy.start();
    await use(proxy);
    await proxy.stop();
  },
  baseURL: async ({ faults }, use) => use(faults.url),
});

/**
 * The proxied tests with `device`: a browser whose profile outlives closing it (an installed app closed and opened
 * again), talking through the proxy, which is brought back up before the device is disposed.
 */
export const deviceTest = proxiedTest.extend<{ device: PersistentBrowser }>({
  device: async ({ faults, viewport, isMobile, hasTouch }, use) => {
    const device = await PersistentBrowser.create(faults.url, { viewport, isMobile, hasTouch });
    await use(device);
    await faults.up();
    await device.dispose();
  },
});

export { expect } from '@playwright/test';
