import { MercadoPagoFake } from '../../../server/test/mercadopago-fake';
import type { CatalogPage } from '../pages/catalog-page';
import type { CheckoutPage } from '../pages/checkout-page';
import type { LoginPage } from '../pages/login-page';
import { MercadoPagoPage } from '../pages/mercadopago-page';
import { expect, test } from './fixtures';
import { startWorkerServer } from './server';

/** The webhook secret the fake signs its notifications with, and the store checks them with. */
const WEBHOOK_SECRET = 'e2e-clave-de-webhooks';

interface MercadoPagoWorker {
  /** Colombia's Mercado Pago: a loopback fake of its API and of its hosted checkout page. */
  mercadoPago: { fake: MercadoPagoFake; serverURL: string };
}

/**
 * The tests against a server whose Colombian payments go through Mercado Pago (the fake), configured as docs/payments.md
 * says: token and webhook secret, the API's address, and PUBLIC_URL for the return and the notifications. México and
 * Perú stay on the sandbox.
 */
export const mercadoPagoTest = test.extend<object, MercadoPagoWorker>({
  mercadoPago: [
    async ({}, use) => {
      const fake = new MercadoPagoFake({ hostedCheckout: { webhookSecret: WEBHOOK_SECRET } });
      await fake.start();
      const server = await startWorkerServer((url) => ({
        MP_ACCESS_TOKEN_CO: 'TEST-0000000000000000-e2e',
        MP_WEBHOOK_SECRET_CO: WEBHOOK_SECRET,
        MP_API_BASE_URL: fake.url,
        PUBLIC_URL: url,
      }));
      await use({ fake, serverURL: server.url });
      await server.stop();
      await fake.stop();
    },
    { scope: 'worker', timeout: 180_000 },
  ],
  baseURL: async ({ mercadoPago }, use) => use(mercadoPago.serverURL),
});

/** Where every Mercado Pago test buys: a Colombian address. */
export const BOGOTA = { address: 'Calle 93 # 11-26', state: 'Cundinamarca', city: 'Bogotá' };

/**
 * A Colombian patient puts the first product in the bag and goes through checkout to Mercado Pago's page with a
 * Visa; returns the total the summary showed.
 */
export async function checkoutToMercadoPago({
  login,
  catalog,
  checkout,
}: {
  login: LoginPage;
  catalog: CatalogPage;
  checkout: CheckoutPage;
}): Promise<string> {
  await login.login('co', 'paciente.co@demo.test');
  await catalog.addFirstToBag('co');
  await checkout.start('co');
  await checkout.fillData(BOGOTA);
  await checkout.choosePayment('Visa');
  await checkout.review();
  const total = (await checkout.summaryValue('summary-total').textContent()) ?? '';
  await checkout.pay();
  await expect(checkout.page).toHaveURL(MercadoPagoPage.URL);
  return total;
}
