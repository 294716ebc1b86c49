import { expect, type Locator, type Page } from '@playwright/test';
import { ANSWERS_DATABASE_NAME, ANSWERS_STORE, DATABASE_NAME } from '../../../src/lib/db-name';

/** What every page shares: header, country selector, footer. */
/**
 * The end of a query key as the device saves it (`["prescriptions","co",<user>,"detail",12]` ends with
 * `"detail",12]`), for `waitForSavedOnDevice`: waiting for it means the answer the page shows is saved, not only the
 * list it came from.
 */
export function savedKey(...parts: (string | number)[]): string {
  return JSON.stringify(parts).slice(1);
}

/** How a page object's `open` gets to its screen: by its address unless `byLink` (see `Shell.reach`). */
export interface Reach {
  byLink?: boolean;
}

export class Shell {
  readonly header: Locator;
  readonly mainNav: Locator;
  readonly footer: Locator;
  readonly countryButton: Locator;
  /** The banner every page shows while the browser is offline. */
  readonly offlineBanner: Locator;
  /**
   * What a screen says when it tried to refresh the copy it shows and could not reach the server (offline): once it
   * shows, the refresh is over and what stays on screen is what the device had.
   */
  readonly refreshFailed: Locator;
  /** The error screen of a route that failed to render or to load its code. */
  readonly routeError: Locator;
  /** A phone's header menu, and the button that opens it. */
  readonly phoneMenuButton: Locator;
  readonly phoneMenu: Locator;

  constructor(readonly page: Page) {
    this.header = page.locator('header.site-header');
    this.mainNav = page.getByRole('navigation', { name: 'Navegación principal' });
    this.footer = page.locator('footer.site-footer');
    this.countryButton = page.getByRole('button', { name: /Cambiar país/ });
    this.offlineBanner = page.getByRole('status').filter({
      hasText: 'Sin conexión: estás viendo la información guardada en este dispositivo.',
    });
    this.refreshFailed = page.getByRole('alert').filter({ hasText: 'No se pudo conectar con el servidor' }).first();
    this.routeError = page.getByRole('heading', { name: 'Algo salió mal' });
    this.phoneMenuButton = page.getByRole('button', { name: 'Abrir menú' });
    this.phoneMenu = page.getByRole('dialog', { name: 'Menú' });
  }

  /**
   * Goes to `path` as a person does, by tapping its link: in `within` when given, else where the screen shows it (the
   * account's or the administration's section menu first, unfolded on a phone; on a phone, the header's links are in
   * its menu). The app stays started and only the route renders: a full load (`page.goto`, `reload`) starts the app
   * again, about 0.6 s of processor time against 0.1 s for a tap, so a test loads an address itself only where the
   * load is what it proves (a deep link, a reload, a cold start offline, a link from outside the app).
   */
  async followLink(path: string, within?: Locator) {
    const link = await this.linkTo(`a[href="${path}"]`, within);
    await expect(link, `un enlace a ${path}`).toBeVisible();
    await link.click();
    await expect(this.page).toHaveURL(new URL(path, this.page.url()).href);
  }

  /**
   * Opens `path` by its address (a bookmark, a link from outside the app: the app starts again), or `byLink` by its
   * link on the screen on show (`followLink`).
   */
  protected async reach(path: string, { byLink = false }: Reach = {}) {
    if (byLink) await this.followLink(path);
    else await this.page.goto(path);
  }

  private async linkTo(selector: string, within?: Locator): Promise<Locator> {
    if (within) return within.locator(selector).first();
    // The screen may still be on its way (the address changes first): wait until it holds the link somewhere.
    await expect(this.page.locator(selector).first(), `un enlace ${selector}`).toBeAttached();
    // The account's and the administration's menu, folded into one line on a phone.
    const sectionMenu = this.page.locator('aside.account__menu');
    const inSection = sectionMenu.locator(selector);
    if ((await inSection.count()) > 0) {
      const fold = sectionMenu.locator('.account__menu-toggle');
      if ((await fold.isVisible()) && (await fold.getAttribute('aria-expanded')) !== 'true') await fold.click();
      return inSection.first();
    }
    const shown = this.page.locator(selector).filter({ visible: true });
    if ((await shown.count()) > 0) return shown.first();
    // A phone's header keeps its links in the menu, which closes on the way to the link's page.
    await expect(this.phoneMenuButton).toBeVisible();
    await this.phoneMenuButton.click();
    return this.phoneMenu.locator(selector).first();
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

  /**
   * Opens a path under the service worker's control: the first load of a fresh device is not controlled, so its
   * requests bypass the runtime caches; the second is, and what it loads is kept for offline use.
   */
  async visitControlled(path: string) {
    await this.page.goto(path);
    await this.reloadControlled();
  }

  /** Loads the current page again, under the service worker's control (see `visitControlled`). */
  async reloadControlled() {
    await this.waitForServiceWorker();
    await this.page.reload();
  }

  /**
   * Resolves once the value the app saved on the device under `key` (IndexedDB: the query cache by default, or a
   * persisted atom such as 'carts'), as JSON text, holds `text`: a reload that follows reads what the page has just
   * shown rather than a write still on its way (a reload aborts a write not yet committed).
   */
  async waitForSavedOnDevice(text: string, key = 'query-cache') {
    // The query cache is the answers' copy (text in a database of its own); an atom is a row `{ key, value }` of the
    // atoms' database (src/lib/db.ts).
    const where =
      key === 'query-cache'
        ? { database: ANSWERS_DATABASE_NAME, store: ANSWERS_STORE }
        : { database: DATABASE_NAME, store: 'kv' };
    await expect
      .poll(
        () =>
          this.page.evaluate(
            ({ key: stored, database: name, store }) =>
              new Promise<string>((resolve) => {
                const opening = indexedDB.open(name);
                // Not created yet: leave it to the app rather than creating an empty database here.
                opening.onupgradeneeded = () => opening.transaction?.abort();
                opening.onerror = () => resolve('');
                opening.onsuccess = () => {
                  const database = opening.result;
                  if (!database.objectStoreNames.contains(store)) {
                    database.close();
                    resolve('');
                    return;
                  }
                  const read = database.transaction(store).objectStore(store).get(stored);
                  read.onerror = () => resolve('');
                  read.onsuccess = () => {
                    const result = read.result as unknown;
                    const value =
                      typeof result === 'object' && result !== null && 'value' in result ? result.value : result;
                    resolve(typeof value === 'string' ? value : value === undefined ? '' : JSON.stringify(value));
                    database.close();
                  };
                };
              }),
            { key, ...where },
          ),
        { message: `lo guardado en el dispositivo (${key}) contiene «${text}»` },
      )
      .toContain(text);
  }
}
