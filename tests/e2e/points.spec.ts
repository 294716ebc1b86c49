import type { APIRequestContext } from '@playwright/test';
import type { ComboDto } from '../../src/lib/shared/points';
import { LoginPage } from './pages/login-page';
import { PointsPage } from './pages/points-page';
import { apiLogin, closeLoggedOut } from './support/api';
import { expect, test } from './support/fixtures';

const APPROVING_VISA = '4242424242424242';

/** Digits of a formatted amount of points ('5.120 puntos' → 5120). */
const pointsOf = (text: string | null) => Number((text ?? '').replace(/\D/g, ''));

async function balanceOf(request: APIRequestContext, country: string, email: string): Promise<number> {
  const token = await apiLogin(request, country, email);
  const headers = { authorization: `Bearer ${token}`, 'x-country': country };
  const profile = (await (await request.get('/api/auth/profile', { headers })).json()) as { id: number };
  const answer = await request.get(`/api/gamification/users/${profile.id}/points`, { headers });
  return ((await answer.json()) as { points: number }).points;
}

test.describe('points programme against the real server', () => {
  test('a patient’s paid order earns the prescribing doctor points that show in mis-puntos', async ({
    login,
    page,
    checkout,
    gateway,
    account,
    request,
  }) => {
    const before = await balanceOf(request, 'co', 'medico.co@demo.test');

    await login.login('co', 'paciente.co@demo.test');
    await page.goto('/co/herramientas');
    await page
      .locator('article.product-card')
      .first()
      .getByRole('button', { name: /a la bolsa/ })
      .click();
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
    const token = await apiLogin(request, 'mx', 'medico.mx@demo.test');
    const combos = (await (
      await request.get('/api/gamification/combos/country/2', {
        headers: { authorization: `Bearer ${token}`, 'x-country': 'mx' },
      })
    ).json()) as ComboDto[] | { data: ComboDto[] };
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
});
