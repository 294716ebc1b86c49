import { expect, test, WITH_SERVICE_WORKER } from './support/fixtures';

test.use(WITH_SERVICE_WORKER);

test.describe('offline', () => {
  test('a visited catalogue page reloads offline with its products', async ({ catalog, context }) => {
    await catalog.open('/co/herramientas');
    await expect(catalog.productCards).toHaveCount(24);
    await catalog.waitForServiceWorker();
    // The first load happened before the service worker controlled the page: load once more under its control.
    await catalog.page.reload();
    await expect(catalog.productCards).toHaveCount(24);
    const firstName = await catalog.productCards.first().getAttribute('aria-label');

    await context.setOffline(true);
    await catalog.page.reload();
    await expect(catalog.heading).toBeVisible();
    await expect(catalog.productCards).toHaveCount(24);
    await expect(catalog.productCards.first()).toHaveAttribute('aria-label', firstName!);
    await expect(catalog.page.getByText('Sin conexión: estás viendo la información guardada')).toBeVisible();
    // Images come from the service worker's cache too.
    const image = catalog.productCards.first().locator('img');
    await expect
      .poll(() => image.evaluate((element: HTMLImageElement) => element.complete && element.naturalWidth > 0))
      .toBe(true);
    await context.setOffline(false);
  });
});

test.describe('offline search', () => {
  test('the catalogue search is answered from the device while offline', async ({ catalog, context }) => {
    // The whole-catalogue copy for offline search is fetched once on the first visit.
    const snapshot = catalog.page.waitForResponse(
      (response) =>
        /\/api\/products\?/.test(response.url()) && /all=true/.test(response.url()) && !/limit=/.test(response.url()),
    );
    await catalog.open('/co/herramientas');
    await snapshot;
    await expect(catalog.productCards).toHaveCount(24);
    await catalog.waitForServiceWorker();
    await catalog.page.reload();
    await expect(catalog.productCards).toHaveCount(24);

    await context.setOffline(true);
    await catalog.page.getByLabel('Buscar', { exact: true }).fill('magnesio');
    await expect(catalog.page).toHaveURL(/buscar=magnesio/);
    await expect(
      catalog.page.getByText('Sin conexión: resultados del catálogo guardado en este dispositivo.'),
    ).toBeVisible();
    await catalog.expectEveryCardMatches(/magnesio/i);
    await context.setOffline(false);
  });
});

test.describe('offline library', () => {
  test('a library document downloaded once opens again without connection', async ({ login, page, context }) => {
    await login.login('co', 'medico.co@demo.test');
    await page.goto('/co/mi-cuenta/herramientas-funcionales');
    const resource = page.locator('article.resource').first();
    await expect(resource).toBeVisible();
    await login.waitForServiceWorker();
    // The first load was not controlled by the service worker: load once more under its control.
    await page.reload();
    const title = (await resource.locator('.resource__title').textContent()) ?? '';
    const button = page.getByRole('button', { name: `Descargar ${title}` });

    const online = page.waitForEvent('download');
    await button.click();
    const first = await online;

    await context.setOffline(true);
    const offline = page.waitForEvent('download');
    await button.click();
    const second = await offline;
    expect(second.suggestedFilename()).toBe(first.suggestedFilename());
    await context.setOffline(false);
  });
});
