import { CatalogPage } from './pages/catalog-page';
import { LoginPage } from './pages/login-page';
import { MercadoPagoPage } from './pages/mercadopago-page';
import { closeLoggedOut } from './support/api';
import { expect } from './support/fixtures';
import { BOGOTA, checkoutToMercadoPago, mercadoPagoTest as test } from './support/mercadopago';

/**
 * Issue #22 in the browser: Colombia pays through Mercado Pago's Checkout Pro — here a loopback fake of its API and
 * hosted page, which notifies the store with signed webhooks as Mercado Pago does. The order's state comes from the
 * payment the store fetches from the provider, never from the buyer's return address.
 */
test.describe('checkout through Mercado Pago (a loopback fake of its API)', () => {
  test('approved: back from Mercado Pago the order is paid, after the store fetched the payment', async ({
    login,
    catalog,
    checkout,
    page,
    bag,
    mercadoPago,
  }) => {
    const total = await checkoutToMercadoPago({ login, catalog, checkout });
    const provider = new MercadoPagoPage(page);
    await expect(provider.amount).toHaveText(/ COP$/);
    await provider.pay('approved');

    await expect(page).toHaveURL(/\/co\/bolsa\/resultado\/[^?]+\?collection_status=approved/);
    await expect(page.getByRole('heading', { name: 'Pago exitoso' })).toBeVisible();
    await expect(page.getByTestId('result-total')).toHaveText(total);
    await expect(bag.badge).toHaveCount(0);
    const payment = [...mercadoPago.fake.payments.values()].at(-1);
    expect(payment?.status).toBe('approved');
    const fetched = mercadoPago.fake.requests.filter(
      (request) => request.method === 'GET' && request.path === `/v1/payments/${payment?.id}`,
    );
    expect(fetched.length).toBeGreaterThan(0);

    const number = (await page.getByTestId('result-order-number').textContent()) ?? '';
    await page.goto('/co/mi-cuenta/mis-pedidos');
    await expect(page.getByText(number)).toBeVisible();
  });

  test('rejected: "Pago rechazado", and the bag and the data are kept for another try', async ({
    login,
    catalog,
    checkout,
    page,
    bag,
  }) => {
    await checkoutToMercadoPago({ login, catalog, checkout });
    await new MercadoPagoPage(page).payAndReturn('rejected');
    await page.getByRole('button', { name: 'Verificar datos' }).click();
    await expect(page).toHaveURL(/\/co\/bolsa$/);
    await expect(checkout.personalData).toBeVisible();
    await expect(page.getByLabel(/^Ciudad/)).toHaveValue(BOGOTA.city);
    await expect(bag.badge).toHaveText('1');
  });

  test('pending, then approved: the return address claiming approval changes nothing, the notification does', async ({
    login,
    catalog,
    checkout,
    page,
    mercadoPago,
  }) => {
    await checkoutToMercadoPago({ login, catalog, checkout });
    await new MercadoPagoPage(page).pay('in_process');

    const confirming = page.getByRole('heading', { name: 'Estamos confirmando tu pago' });
    await expect(confirming).toBeVisible();
    // A buyer (or anyone) editing the return address to say "approved" is not a payment.
    const forged = new URL(page.url());
    forged.searchParams.set('collection_status', 'approved');
    await page.goto(forged.pathname + forged.search);
    await expect(confirming).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Pago exitoso' })).toHaveCount(0);

    const payment = [...mercadoPago.fake.payments.values()].at(-1);
    if (!payment) throw new Error('Mercado Pago no registró el pago');
    mercadoPago.fake.setStatus(payment.id, 'approved');
    await mercadoPago.fake.notify(payment);
    // The result screen asks again every two seconds while the payment is being confirmed.
    await expect(page.getByRole('heading', { name: 'Pago exitoso' })).toBeVisible();
  });

  test('a refund made in Mercado Pago’s panel shows in Conciliación de pagos once the admin compares', async ({
    login,
    catalog,
    checkout,
    page,
    browser,
    mercadoPago,
  }) => {
    await checkoutToMercadoPago({ login, catalog, checkout });
    await new MercadoPagoPage(page).payAndReturn('approved');
    const number = (await page.getByTestId('result-order-number').textContent()) ?? '';
    const payment = [...mercadoPago.fake.payments.values()].at(-1);
    if (!payment) throw new Error('Mercado Pago no registró el pago');
    // Someone refunds it in Mercado Pago's own panel: the store hears nothing.
    mercadoPago.fake.setStatus(payment.id, 'refunded');

    const admin = await browser.newContext({ baseURL: mercadoPago.serverURL });
    try {
      const adminPage = await admin.newPage();
      await new LoginPage(adminPage).login('co', 'admin@demo.test');
      await adminPage.goto('/co/admin/conciliacion-pagos');
      await adminPage.getByRole('button', { name: 'Comparar ahora' }).click();
      await expect(adminPage.getByRole('status').filter({ hasText: 'Comparación terminada' })).toBeVisible();
      const row = adminPage.getByRole('row').filter({ has: adminPage.getByRole('rowheader', { name: number }) });
      await expect(row).toContainText('El proveedor reembolsó el pago y el pedido no figura reembolsado.');
      await expect(row).toContainText(`refunded (mercadopago-co ${payment.id})`);
    } finally {
      await closeLoggedOut(admin);
    }
  });

  test('México still pays through the sandbox: one provider per country', async ({ login, page, checkout }) => {
    await login.login('mx', 'paciente.mx@demo.test');
    await new CatalogPage(page).addFirstToBag('mx');
    await checkout.start('mx');
    await checkout.fillData({ address: 'Av. Insurgentes Sur 1602', state: 'Ciudad de México', city: 'Benito Juárez' });
    await checkout.choosePayment('Visa');
    await checkout.review();
    await checkout.pay();
    await expect(page).toHaveURL(/\/api\/payments\/sandbox\//);
  });
});
