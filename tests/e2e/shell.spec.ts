import type { ProductDto } from '../../src/lib/shared/api-types';
import { expect, test } from './support/fixtures';

const plain = (text: string) => text.replace(/\s/g, ' ');

test.describe('storefront shell against the real server', () => {
  test('home renders in Spanish with the featured products of the database', async ({ home, request }) => {
    const answer = await request.get('/api/products?featured=true&limit=8&country_id=1');
    const featured = ((await answer.json()) as { data: ProductDto[] }).data;
    expect(featured.length).toBeGreaterThan(0);

    await home.open('co');
    await expect(home.featuredHeading).toBeVisible();
    await expect(home.page.locator('html')).toHaveAttribute('lang', 'es');
    await expect(home.productCards).toHaveCount(featured.length);
    await expect(home.productCards.first()).toContainText(featured[0]!.name);
    await expect(home.mainNav.getByRole('link')).toHaveText(['Productos', 'Blog', 'Nosotros']);
    await expect(home.footer).toContainText('Lunes a viernes: 8:00 a 18:00');
    await expect(home.footer).toContainText('Sábados: 8:00 a 13:00');
    for (const method of ['Transferencia bancaria', 'American Express', 'MasterCard', 'Visa']) {
      await expect(home.footer.getByText(method, { exact: true })).toBeVisible();
    }
  });

  test('an unknown country falls back to co, keeping the path', async ({ catalog }) => {
    await catalog.open('/xx/herramientas');
    await expect(catalog.page).toHaveURL(/\/co\/herramientas$/);
    await expect(catalog.heading).toBeVisible();
    await expect(catalog.productCards).toHaveCount(24);
  });

  test('Mexico shows MXN prices in cents formatted per spec', async ({ catalog, request }) => {
    const answer = await request.get('/api/products?limit=1&country_id=2&orderBy=name');
    const [first] = ((await answer.json()) as { data: ProductDto[] }).data;
    expect(first?.price?.currency).toBe('MXN');
    const expected = new Intl.NumberFormat('es-MX', {
      style: 'currency',
      currency: 'MXN',
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
    }).format(first!.price!.amount / 100);

    await catalog.open('/mx/herramientas');
    await expect(catalog.card(first!.name).getByTestId('product-price')).toHaveText(expected);
    expect(plain(expected)).toMatch(/^\$\d{1,3}(,\d{3})*\.\d{2}$/);
  });

  test('the country selector switches country, prices and catalogue language', async ({ catalog }) => {
    await catalog.open('/co/herramientas');
    await expect(catalog.prices.first()).toHaveText(/^\$\s?[\d.]+$/);
    await catalog.chooseCountry('Perú');
    await expect(catalog.page).toHaveURL(/\/pe\/herramientas$/);
    await expect(catalog.prices.first()).toHaveText(/^S\/\s?\d+\.\d{2}$/);
    await expect(catalog.vatNote).toHaveText('Los productos marcados con asterisco (*) incluyen IGV.');
    await catalog.chooseCountry('Colombia');
    await expect(catalog.page).toHaveURL(/\/co\/herramientas$/);
    await expect(catalog.vatNote).toHaveText('Los productos marcados con asterisco (*) incluyen IVA.');
  });

  test('load more pages through the whole general catalogue', async ({ catalog, request }) => {
    const answer = await request.get('/api/products?limit=1');
    const { total } = (await answer.json()) as { total: number };
    await catalog.open('/co/herramientas');
    await expect(catalog.productCards).toHaveCount(24);
    // Each click adds one page; wait for it before the next, as a person would.
    for (let shown = 24; shown < total;) {
      await catalog.loadMore.click();
      shown = Math.min(shown + 24, total);
      await expect(catalog.productCards).toHaveCount(shown);
    }
    await expect(catalog.loadMore).toHaveCount(0);
  });

  test('unknown pages answer a Spanish 404 and the API answers JSON in Spanish', async ({ page, request }) => {
    await page.goto('/co/pagina-que-no-existe');
    await expect(page.getByRole('heading', { name: 'Página no encontrada' })).toBeVisible();
    const apiAnswer = await request.get('/api/products/999999');
    expect(apiAnswer.status()).toBe(404);
    expect(await apiAnswer.json()).toEqual({ message: 'Producto no encontrado.' });
    const badQuery = await request.get('/api/products?limit=abc&offset=-1');
    expect(badQuery.status()).toBe(400);
    expect(((await badQuery.json()) as { errors: string[] }).errors).toHaveLength(2);
  });
});
