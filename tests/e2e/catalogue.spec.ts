import type { ProductDto } from '../../src/lib/shared/api-types';
import { expect, test } from './support/fixtures';

test.describe('catalogue, product page and cart against the real server', () => {
  test('filter by category, search and load more', async ({ catalog, request }) => {
    const answer = await request.get('/api/products/categories?country_id=1');
    const categories = ((await answer.json()) as { data: { id: number; name: string; count: number }[] }).data;
    const category = categories.find((candidate) => candidate.count > 0)!;

    await catalog.open('/co/herramientas');
    await expect(catalog.productCards).toHaveCount(24);
    await catalog.page.getByRole('button', { name: new RegExp(`^${category.name}`) }).click();
    await expect(catalog.page).toHaveURL(new RegExp(`categoria=${category.id}`));
    await expect(catalog.productCards).toHaveCount(Math.min(category.count, 24));

    await catalog.page.getByRole('button', { name: /^Todos/ }).click();
    await catalog.page.getByLabel('Buscar', { exact: true }).fill('magnesio');
    await expect(catalog.page).toHaveURL(/buscar=magnesio/);
    await catalog.expectEveryCardMatches(/magnesio/i);
  });

  test('search by serial number opens the product or says none was found', async ({ catalog, request }) => {
    await catalog.open('/co/herramientas');
    const form = catalog.page.getByRole('form', { name: 'Buscar por número de serie' });
    await form.getByLabel('Número de serie').fill('NO-EXISTE-1');
    await form.getByRole('button', { name: 'Buscar producto' }).click();
    await expect(form.getByRole('alert')).toHaveText('No encontramos un producto con ese número de serie.');

    const list = await request.get('/api/products?limit=1&country_id=1');
    const [first] = ((await list.json()) as { data: ProductDto[] }).data;
    const detail = await request.get(`/api/products/${first!.id}`);
    expect(detail.ok()).toBe(true);
  });

  test('product page, add from card and page, drawer, bag', async ({ catalog, bag }) => {
    await catalog.open('/co/herramientas');
    const firstCard = catalog.productCards.first();
    const name = (await firstCard.getAttribute('aria-label'))!;
    await firstCard.getByRole('button', { name: /a la bolsa/ }).click();
    await expect(bag.drawer).toHaveClass(/side-cart--open/);
    await expect(bag.drawer.getByRole('listitem', { name })).toContainText('1 Und.');
    await expect(bag.badge).toHaveText('1');
    // It closes by itself when the pointer is elsewhere.
    await catalog.page.mouse.move(10, 400);
    await expect(bag.drawer).not.toHaveClass(/side-cart--open/, { timeout: 6000 });

    await firstCard.getByRole('link').first().click();
    await expect(catalog.page.getByRole('heading', { level: 1, name })).toBeVisible();
    const image = catalog.page.locator('.product-page__media img');
    await expect(image).toHaveAttribute('srcset', /\?w=640&q=75 640w.*\?w=3840&q=75 3840w/);
    await expect
      .poll(() => image.evaluate((element: HTMLImageElement) => element.complete && element.naturalWidth > 0))
      .toBe(true);
    await catalog.page.getByRole('spinbutton', { name: 'Cantidad' }).fill('3');
    await catalog.page.getByRole('button', { name: /a la bolsa/ }).click();
    await expect(bag.badge).toHaveText('4');

    await bag.drawer.getByRole('link', { name: 'Ver bolsa' }).click();
    await expect(bag.page).toHaveURL(/\/co\/bolsa$/);
    const line = bag.line(name);
    await expect(line.getByTestId('line-quantity')).toHaveText('4');
    await line.getByRole('button', { name: /Quitar una unidad/ }).click();
    await expect(line.getByTestId('line-quantity')).toHaveText('3');
    // The tap's write starts at once; a reload in the same few milliseconds would abort it before it commits.
    await bag.waitForSavedOnDevice('"quantity":3', 'carts');

    await bag.page.reload();
    await expect(bag.line(name).getByTestId('line-quantity')).toHaveText('3');

    await bag.chooseCountry('México');
    await expect(bag.page).toHaveURL(/\/mx\/bolsa$/);
    await expect(bag.page.getByText('No hay productos en la bolsa.')).toBeVisible();
    await bag.chooseCountry('Colombia');
    await expect(bag.line(name).getByTestId('line-quantity')).toHaveText('3');
  });

  test('a patient never sees hormones, not even by URL', async ({ login, page, request }) => {
    const answer = await request.get('/api/products/categories?country_id=1');
    const categories = ((await answer.json()) as { data: { id: number }[] }).data;
    expect(categories.some((category) => category.id === 4)).toBe(false);

    await login.login('co', 'paciente.co@demo.test');
    await page.goto('/co/herramientas');
    await expect(page.getByRole('button', { name: /Hormonas/ })).toHaveCount(0);
    await page.goto('/co/herramientas/progesterona-micronizada-100-mg');
    await expect(page.getByRole('heading', { name: 'Producto no encontrado' })).toBeVisible();
  });

  test('favourites survive logout and login', async ({ login, catalog, account, page }) => {
    await login.login('pe', 'paciente.pe@demo.test');
    await catalog.open('/pe/herramientas');
    const name = (await catalog.productCards.nth(2).getAttribute('aria-label'))!;
    // Pinned by its name: the list may render again (a fresher answer) and put another product third.
    const card = catalog.productCards.and(page.getByRole('article', { name, exact: true }));
    // The heart fills at once; logging out waits for the server to have kept it.
    const kept = page.waitForResponse(
      (answer) => answer.url().includes('/api/favorites/') && answer.request().method() === 'PUT',
    );
    await card.getByRole('button', { name: `Agregar ${name} a favoritos` }).click();
    await expect(card.getByRole('button', { name: `Quitar ${name} de favoritos` })).toBeVisible();
    expect((await kept).ok()).toBe(true);

    await account.open('pe');
    await account.logOut();
    await login.login('pe', 'paciente.pe@demo.test');
    await page.goto('/pe/mi-cuenta/mis-favoritos');
    await expect(page.getByRole('article', { name })).toBeVisible();
    await account.logOut();
  });
});
