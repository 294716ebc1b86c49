import type { APIRequestContext } from '@playwright/test';
import type { PatientListDto, PrescriptionListDto } from '../../src/lib/shared/prescriptions';
import { buildReminderPayload, localDay } from '../../src/lib/shared/reminders';
import { addDays } from '../../src/lib/shared/calendar-date';
import { CheckoutPage, PaymentGatewayPage } from './pages/checkout-page';
import { RemindersPage, ServiceWorkerPush } from './pages/reminders-page';
import { apiLogin, apiLogout, dailyTool } from './support/api';
import { sessionToken } from './support/outbox';
import { CHROMIUM_LAUNCH_OPTIONS } from '../chromium';
import { expect, test, WITH_SERVICE_WORKER } from './support/fixtures';

test.use(WITH_SERVICE_WORKER);

const PATIENT = 'paciente.co@demo.test';
const MAGNESIO = 'Magnesio Bisglicinato 400 mg';
const DHEA = 'DHEA 25 mg';

/** The seeded prescription of the demo patient (by the demo doctor), through the API the storefront uses. */
async function seededPrescriptionId(request: APIRequestContext, token: string): Promise<number> {
  const answer = await request.get('/api/me/prescriptions', {
    headers: { authorization: `Bearer ${token}`, 'x-country': 'co' },
  });
  const { data } = (await answer.json()) as PrescriptionListDto;
  const prescription = data.filter((entry) => entry.type === 'prescription').at(-1);
  if (!prescription) throw new Error('El paciente de demostración no tiene prescripción');
  return prescription.id;
}

/**
 * A recommendation of magnesium, one capsule a day, made now by the demo professional for the demo patient. It is the
 * newest of the patient's strategies holding magnesium whatever the tests run before on this worker's server
 * prescribed (the offline tests prescribe magnesium to the same patient).
 */
async function recommendMagnesiumNow(request: APIRequestContext): Promise<void> {
  const token = await apiLogin(request, 'co', 'profesional.co@demo.test');
  const headers = { authorization: `Bearer ${token}`, 'x-country': 'co' };
  try {
    const patients = (await (
      await request.get(`/api/patients?search=${encodeURIComponent('Gómez')}&limit=100`, { headers })
    ).json()) as PatientListDto;
    const patient = patients.data.find((candidate) => candidate.email === PATIENT);
    const products = (await (
      await request.get('/api/products?search=magnesio&limit=1&country_id=1', { headers })
    ).json()) as { data: { id: number; name: string }[] };
    const [product] = products.data;
    expect(patient, 'la paciente de demostración en el registro del profesional').toBeDefined();
    expect(product?.name).toBe(MAGNESIO);
    const created = await request.post('/api/prescriptions', {
      headers: { ...headers, 'idempotency-key': `recordatorio-${Date.now()}` },
      data: {
        patientId: patient!.id,
        notes: 'Recomendación del recordatorio de recompra.',
        tools: [dailyTool(product!.id, 8, 'Con el desayuno.')],
      },
    });
    expect(created.status(), await created.text()).toBe(201);
  } finally {
    await apiLogout(request, 'co', token);
  }
}

// The headless shell the other files run in cannot show a notification (the push's waitUntil rejects there): this
// file runs in the whole browser, in a worker of its own.
test.use({ launchOptions: CHROMIUM_LAUNCH_OPTIONS });

test.describe('re-purchase reminders', () => {
  test('a push shows the Spanish notification, and its click opens the bag with the prescription’s products', async ({
    context,
    login,
    bag,
    page,
  }) => {
    await context.grantPermissions(['notifications']);
    await login.login('co', PATIENT);
    await login.waitForServiceWorker();
    const prescriptionId = await seededPrescriptionId(context.request, await sessionToken(context, 'co'));
    const push = await ServiceWorkerPush.attach(context, page);

    // The message the server would send seven days before the supply runs out.
    const today = localDay(new Date(), 'America/Bogota');
    const payload = buildReminderPayload({
      reminderId: 1,
      country: 'co',
      prescriptionId,
      productNames: [MAGNESIO, DHEA],
      runsOutOn: addDays(today, 7),
      today,
    });
    // Resolves once the worker's push event has completed: its notification is on screen by then.
    await push.deliver(payload);
    expect(await push.notifications()).toEqual([
      {
        title: 'Es hora de reponer tu tratamiento',
        body: payload.body,
        tag: `recompra-co-${prescriptionId}`,
        icon: expect.stringMatching(/\/icons\/icon-192\.png$/),
        badge: expect.stringMatching(/\/icons\/badge-96\.png$/),
        data: { url: `/co/bolsa?recompra=${prescriptionId}` },
      },
    ]);
    expect(payload.body).toMatch(
      /^Tu Magnesio Bisglicinato 400 mg y otro producto de tu tratamiento se terminan en 7 días/,
    );

    await push.clickNotification();
    await expect(page).toHaveURL(/\/co\/bolsa$/);
    await expect(page.getByTestId('repurchase-notice')).toHaveText(
      `Agregamos a tu bolsa 2 productos de tu prescripción: ${MAGNESIO}, ${DHEA}.`,
    );
    await expect(bag.badge).toHaveText('3');
    const bagSection = new CheckoutPage(page).section;
    await expect(bagSection.getByText(MAGNESIO, { exact: true })).toBeVisible();
    await expect(bagSection.getByText(DHEA, { exact: true })).toBeVisible();
    await expect.poll(() => push.notifications()).toEqual([]);
  });

  test('a paid purchase of prescribed products shows up in the in-app list', async ({
    login,
    page,
    checkout,
    request,
  }) => {
    await recommendMagnesiumNow(request);
    await login.login('co', PATIENT);
    await page.goto(`/co/herramientas/magnesio-bisglicinato-400-mg`);
    await page.getByRole('button', { name: /a la bolsa/ }).click();
    // Opening the bag loads a page: the cart's write must have reached the device first.
    await checkout.waitForSavedOnDevice(MAGNESIO, 'carts');
    await checkout.start('co');
    await checkout.fillData({ address: 'Calle 93 # 11-26', state: 'Cundinamarca', city: 'Bogotá' });
    await checkout.choosePayment('Visa');
    await checkout.review();
    await checkout.pay();
    await new PaymentGatewayPage(page).payWithCard('4242424242424242');
    await expect(page.getByRole('heading', { name: 'Pago exitoso' })).toBeVisible();
    const orderNumber = (await page.getByTestId('result-order-number').textContent())!;

    const reminders = new RemindersPage(page);
    await reminders.open('co');
    await expect(reminders.heading).toBeVisible();
    await expect(reminders.optIn).toBeVisible();
    const card = reminders.list.getByRole('article').filter({ hasText: `pedido ${orderNumber}` });
    // The newest of the patient's strategies holding the product: the recommendation, one capsule a day.
    await expect(card).toContainText(/Recomendación de .+ · pedido/);
    await expect(card).toContainText(`${MAGNESIO} 1 unidad · alcanza para 60 días`);
    await expect(card.getByRole('heading')).toHaveText(/^Se termina el .+ \(en \d+ días\)$/);
    await expect(card.getByRole('list', { name: 'Avisos' })).toContainText('Aviso 7 días antes: programado para el');

    await card.getByRole('link', { name: 'Volver a comprar' }).click();
    await expect(page).toHaveURL(/\/co\/bolsa$/);
    await expect(page.getByTestId('repurchase-notice')).toHaveText(
      `Agregamos a tu bolsa 1 producto de tu recomendación: ${MAGNESIO}.`,
    );
  });
});
