import type { APIRequestContext } from '@playwright/test';
import { COUNTRIES } from '../../src/lib/shared/countries';
import type { ComboDto, PointProductDto, PointProductInputDto } from '../../src/lib/shared/points';
import { LoginPage } from './pages/login-page';
import { PointsPage } from './pages/points-page';
import { closeLoggedOut, withApiSession } from './support/api';
import { sessionToken } from './support/outbox';
import { expect, test } from './support/fixtures';

const APPROVING_VISA = '4242424242424242';

/** Digits of a formatted amount of points ('5.120 puntos' → 5120). */
const pointsOf = (text: string | null) => Number((text ?? '').replace(/\D/g, ''));

async function balanceOf(request: APIRequestContext, country: string, email: string): Promise<number> {
  return withApiSession(request, country, email, (token) => balanceWith(request, country, token));
}

/** The balance read with a session the test already holds (a new login would end the browser's session). */
async function balanceWith(request: APIRequestContext, country: string, token: string): Promise<number> {
  const headers = { authorization: `Bearer ${token}`, 'x-country': country };
  const profile = (await (await request.get('/api/auth/profile', { headers })).json()) as { id: number };
  const answer = await request.get(`/api/gamification/users/${profile.id}/points`, { headers });
  return ((await answer.json()) as { points: number }).points;
}

/** A point product of Peru made by the admin for one test, so its prices and its name are the test's own. */
async function createPeruPointProduct(request: APIRequestContext, name: string, priceInPoints: number) {
  const input: PointProductInputDto = {
    name,
    description: 'Producto de una prueba de canje de varios productos.',
    imageUrl: null,
    priceInPoints,
    isActive: true,
    countries: [COUNTRIES.pe.countryId],
  };
  return withApiSession(request, 'pe', 'admin@demo.test', async (token) => {
    const answer = await request.post('/api/gamification/products', {
      headers: { authorization: `Bearer ${token}`, 'x-country': 'pe' },
      data: input,
    });
    expect(answer.ok(), await answer.text()).toBe(true);
    return (await answer.json()) as PointProductDto;
  });
}

async function removePointProducts(request: APIRequestContext, products: PointProductDto[]) {
  await withApiSession(request, 'pe', 'admin@demo.test', async (token) => {
    for (const product of products) {
      await request.delete(`/api/gamification/products/${product.id}`, {
        headers: { authorization: `Bearer ${token}`, 'x-country': 'pe' },
      });
    }
  });
}

/** Spends points outside the page, as the same professional on another device would. */
async function redeemByApi(request: APIRequestContext, token: string, productId: number) {
  const answer = await request.post('/api/gamification/redeem/batch', {
    headers: { authorization: `Bearer ${token}`, 'x-country': 'pe', 'idempotency-key': crypto.randomUUID() },
    data: { products: [{ productId, quantity: 1 }] },
  });
  expect(answer.ok(), await answer.text()).toBe(true);
}

test.describe('points programme against the real server', () => {
  test('a patient’s paid order earns the prescribing doctor points that show in mis-puntos', async ({
    login,
    catalog,
    page,
    checkout,
    gateway,
    account,
    request,
  }) => {
    const before = await balanceOf(request, 'co', 'medico.co@demo.test');

    await login.login('co', 'paciente.co@demo.test');
    // Waits for the bag saved on the device: the checkout below loads a page.
    await catalog.addFirstToBag('co');
    await checkout.start('co');
    await checkout.fillData({ address: 'Carrera 7 # 72-13', state: 'Cundinamarca', city: 'Bogotá' });
    await checkout.choosePayment('Visa');
    await checkout.review();
    await checkout.pay();
    await gateway.payWithCard(APPROVING_VISA);
    await expect(page.getByRole('heading', { name: 'Pago exitoso' })).toBeVisible();
    await account.open('co');
    await account.logOut();

    await login.login('co', 'medico.co@demo.test');
    const points = new PointsPage(page);
    await points.open('co');
    await expect.poll(async () => pointsOf(await points.balance.textContent())).toBeGreaterThan(before);
    await expect(points.history.getByText('Compra de un paciente').first()).toBeVisible();
  });

  test('the doctor redeems a combo and the balance drops by its price', async ({ login, page, request }) => {
    const combos = await withApiSession(
      request,
      'mx',
      'medico.mx@demo.test',
      async (token) =>
        (await (
          await request.get('/api/gamification/combos/country/2', {
            headers: { authorization: `Bearer ${token}`, 'x-country': 'mx' },
          })
        ).json()) as ComboDto[] | { data: ComboDto[] },
    );
    const list = Array.isArray(combos) ? combos : combos.data;
    const combo = [...list].sort((a, b) => a.requiredPoints - b.requiredPoints)[0]!;

    await login.login('mx', 'medico.mx@demo.test');
    const points = new PointsPage(page);
    await points.open('mx');
    await expect(points.balance).toHaveText(/\d/);
    const before = pointsOf(await points.balance.textContent());
    expect(before).toBeGreaterThanOrEqual(combo.requiredPoints);

    await page.getByRole('tab', { name: /Combos/ }).click();
    await page.getByRole('article', { name: combo.name }).getByRole('button', { name: 'Canjear combo' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Confirmar canje' }).click();
    const remaining = before - combo.requiredPoints;
    await expect(page.getByText(/Canje realizado/)).toContainText(remaining.toLocaleString('es-MX'));
    await expect.poll(async () => pointsOf(await points.balance.textContent())).toBe(remaining);
  });

  test('an admin changes Mexico’s point value and the money value shown changes', async ({
    login,
    page,
    browser,
    baseURL,
  }) => {
    await login.login('mx', 'profesional.mx@demo.test');
    const points = new PointsPage(page);
    await points.open('mx');
    await expect(points.money).toHaveText(/\$/);
    const before = await points.money.textContent();

    const context = await browser.newContext({ baseURL: baseURL! });
    const adminPage = await context.newPage();
    await new LoginPage(adminPage).login('mx', 'admin@demo.test');
    await adminPage.goto('/mx/admin/configuracion-puntos');
    const form = adminPage.getByRole('form', { name: 'Configuración de puntos de México' });
    const value = form.getByLabel(/Valor del punto/);
    const current = Number((await value.inputValue()).replace(',', '.'));
    await value.fill(String(current * 2));
    await form.getByRole('button', { name: 'Guardar' }).click();
    await expect(form.getByText('Configuración de México guardada.')).toBeVisible();
    await closeLoggedOut(context);

    await page.reload();
    await expect(points.money).toHaveText(/\$/);
    await expect(points.money).not.toHaveText(before!);
  });

  test('a professional redeems several point products in one step; a short balance is refused and spends nothing', async ({
    login,
    page,
    request,
  }) => {
    const email = 'profesional.pe@demo.test';
    const run = crypto.randomUUID().slice(0, 8);
    const pen = await createPeruPointProduct(request, `Bolígrafo ${run}`, 3);
    const notebook = await createPeruPointProduct(request, `Libreta ${run}`, 7);
    const before = await balanceOf(request, 'pe', email);
    // Priced at the whole balance left after the batch below, so that spending elsewhere makes it unaffordable.
    const expensive = await createPeruPointProduct(request, `Estetoscopio ${run}`, before - 17);

    await login.login('pe', email);
    const points = new PointsPage(page);
    await points.open('pe');
    await expect.poll(async () => pointsOf(await points.balance.textContent())).toBe(before);
    const token = await sessionToken(page.context(), 'pe');
    await page.getByRole('tab', { name: 'Productos' }).click();
    const batch = points.batch;
    await batch.getByRole('button', { name: `Agregar una unidad de ${pen.name}` }).click();
    await batch.getByLabel(`Cantidad de ${notebook.name}`).fill('2');
    // 3 + 2 × 7 = 17 points.
    await expect(batch.getByTestId('batch-total')).toHaveText(/^17 puntos$/);
    await expect.poll(async () => pointsOf(await batch.getByTestId('batch-remaining').textContent())).toBe(before - 17);
    await batch.getByRole('button', { name: 'Canjear selección' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByRole('heading')).toHaveText(/¿Canjear 3 unidades por 17 puntos\?/);
    await dialog.getByRole('button', { name: 'Confirmar canje' }).click();
    await expect(page.getByText(/Canje realizado/)).toBeVisible();
    await expect.poll(async () => pointsOf(await points.balance.textContent())).toBe(before - 17);
    expect(await balanceWith(request, 'pe', token)).toBe(before - 17);

    // More than the balance: refused on the screen, nothing asked.
    await batch.getByLabel(`Cantidad de ${expensive.name}`).fill('2');
    await expect(batch.getByRole('alert')).toHaveText(/^No te alcanzan los puntos: tienes .+ y necesitas .+\.$/);
    await expect(batch.getByRole('button', { name: 'Canjear selección' })).toBeDisabled();

    // Affordable on the screen, but points spent on another device meanwhile: the server refuses it in Spanish.
    await batch.getByLabel(`Cantidad de ${expensive.name}`).fill('1');
    await batch.getByRole('button', { name: 'Canjear selección' }).click();
    await expect(dialog.getByRole('heading')).toBeVisible();
    await redeemByApi(request, token, pen.id);
    const left = before - 17 - 3;
    await dialog.getByRole('button', { name: 'Confirmar canje' }).click();
    await expect(dialog.getByRole('alert')).toHaveText(
      `No tienes puntos suficientes: tienes ${left} y necesitas ${expensive.priceInPoints}`,
    );
    await expect.poll(async () => pointsOf(await points.balance.textContent())).toBe(left);
    expect(await balanceWith(request, 'pe', token)).toBe(left);

    await removePointProducts(request, [pen, notebook, expensive]);
  });
});
