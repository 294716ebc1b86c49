import { randomUUID } from 'node:crypto';
import type { APIRequestContext } from '@playwright/test';
import { BagPage } from './pages/bag-page';
import { CheckoutPage } from './pages/checkout-page';
import { LoginPage } from './pages/login-page';
import { downloadedPdfText } from './pages/prescription-pdf';
import { apiLogin, apiLogout, dailyTool, productIdByName } from './support/api';
import { deviceTest as test, expect, WITH_SERVICE_WORKER } from './support/fixtures';
import { sessionToken } from './support/outbox';
import { savedKey } from './pages/shell';
import { MAGNESIUM } from './support/demo-catalogue';

test.use(WITH_SERVICE_WORKER);

// Issue #17, the patient's side of a day without connection: the browser is closed after a visit online and opened
// again with no network and no server. Only what the device kept survives: prescriptions, their PDF (made on the
// device, never downloaded before), the orders already seen and the bag.

const DOCTOR = 'medico.co@demo.test';
const PATIENT = 'paciente.co@demo.test';

test.describe('the patient’s side without connection', () => {
  test.describe.configure({ timeout: 120_000 });

  test('reopened offline: prescriptions, their PDF made on the device, orders already seen and the bag', async ({
    device,
    request,
    faults,
  }) => {
    // Setup, not the subject: the patient's doctor prescribes, and the patient has an order.
    const suffix = Date.now().toString().slice(-8);
    const notes = `Control sin conexión ${suffix}`;
    const prescriptionId = await prescribeToPatient(request, notes);

    let page = await device.open();
    await new LoginPage(page).login('co', PATIENT);
    const token = await sessionToken(device.current, 'co');
    const order = await createOrder(request, token);

    // A visit online: the list, the prescription (its products put in the bag), the orders and one order. Each page
    // is left once the device saved what it showed (a page left sooner keeps the older copy).
    const detailPath = `/co/mi-cuenta/mis-prescripciones/${prescriptionId}`;
    const login = new LoginPage(page);
    await login.visitControlled('/co/mi-cuenta/mis-prescripciones');
    await expect(page.locator(`a[href$="${detailPath}"]`)).toBeVisible();
    await login.waitForSavedOnDevice(savedKey('mine', 1));
    await page.locator(`a[href$="${detailPath}"]`).click();
    await expect(page.getByText(notes)).toBeVisible();
    await page.getByRole('button', { name: 'Agregar todo a la bolsa' }).click();
    await expect(page.getByRole('status').filter({ hasText: /tu bolsa/ })).toBeVisible();
    await login.waitForSavedOnDevice(savedKey('my-detail', prescriptionId));
    await login.waitForSavedOnDevice(MAGNESIUM, 'carts');
    await page.goto('/co/mi-cuenta/mis-pedidos');
    await page.getByRole('link', { name: `Ver el pedido ${order.number}` }).click();
    await expect(page.getByRole('heading', { name: `Pedido ${order.number}`, level: 1 })).toBeVisible();
    await login.waitForSavedOnDevice(savedKey('list', 1));
    await login.waitForSavedOnDevice(savedKey('detail', order.id));
    await device.close();

    // The next day, without server.
    await faults.down();
    page = await device.open({ offline: true });
    await page.goto('/co/mi-cuenta/mis-prescripciones');
    await expect(page.locator(`a[href$="${detailPath}"]`)).toBeVisible();
    await expect(page.getByText(/^Actualizado hace/)).toBeVisible();
    await page.locator(`a[href$="${detailPath}"]`).click();
    await expect(page.getByText(notes)).toBeVisible();
    await expect(page.getByText(/^Actualizado hace/)).toBeVisible();
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Descargar PDF' }).click();
    const pdf = await download;
    expect(pdf.suggestedFilename()).toBe(`prescripcion-${prescriptionId}.pdf`);
    const text = await downloadedPdfText(pdf);
    expect(text).toContain(MAGNESIUM);
    expect(text).toContain(notes);

    await page.goto('/co/mi-cuenta/mis-pedidos');
    await page.getByRole('link', { name: `Ver el pedido ${order.number}` }).click();
    await expect(page.getByRole('heading', { name: `Pedido ${order.number}`, level: 1 })).toBeVisible();
    await expect(page.getByText(/^Actualizado hace/)).toBeVisible();

    const bag = new BagPage(page);
    const checkout = new CheckoutPage(page);
    await checkout.open('co');
    await expect(bag.line(MAGNESIUM)).toBeVisible();
    await expect(checkout.needsConnection).toBeVisible();

    // The server comes back: the checkout goes on with the same bag, the screens refresh.
    await faults.up();
    await device.current.setOffline(false);
    await expect(checkout.needsConnection).toHaveCount(0);
    await checkout.section.getByRole('button', { name: 'Continuar' }).click();
    await expect(checkout.personalData).toBeVisible();
    await page.goto(detailPath);
    await expect(page.getByText(notes)).toBeVisible();
    await expect(page.getByText(/^Actualizado hace/)).toHaveCount(0);
  });
});

/** The patient's doctor prescribes magnesium to them; returns the prescription's id. */
async function prescribeToPatient(request: APIRequestContext, notes: string): Promise<number> {
  const token = await apiLogin(request, 'co', DOCTOR);
  try {
    const headers = { 'x-country': 'co', authorization: `Bearer ${token}` };
    const patients = await request.get('/api/patients', { headers, params: { search: PATIENT } });
    const patientId = ((await patients.json()) as { data: { id: number }[] }).data[0]?.id;
    const magnesium = await productIdByName(request, headers, MAGNESIUM);
    const created = await request.post('/api/prescriptions', {
      headers: { ...headers, 'idempotency-key': randomUUID() },
      data: {
        patientId,
        notes,
        tools: [dailyTool(magnesium, 4)],
      },
    });
    expect(created.status(), await created.text()).toBe(201);
    return ((await created.json()) as { id: number }).id;
  } finally {
    await apiLogout(request, 'co', token);
  }
}

/** An order of the patient's, left unpaid (what the list shows is the subject, not the payment). */
async function createOrder(request: APIRequestContext, token: string): Promise<{ id: number; number: string }> {
  const headers = { 'x-country': 'co', authorization: `Bearer ${token}` };
  const products = await request.get('/api/products', { headers, params: { search: MAGNESIUM } });
  const magnesium = ((await products.json()) as { data: { id: number; name: string }[] }).data.find(
    (product) => product.name === MAGNESIUM,
  );
  const sourceId = randomUUID();
  const created = await request.post('/api/orders', {
    headers: { ...headers, 'idempotency-key': sourceId },
    data: {
      sourceId,
      countryId: 1,
      items: [{ productId: magnesium?.id, quantity: 1 }],
      pointItems: [],
      promoCode: null,
      discountPoints: 0,
      customer: {
        firstName: 'Laura',
        secondName: '',
        firstLastName: 'Restrepo',
        secondLastName: 'Gil',
        typeID: 1,
        numberID: '1020304050',
        countryCode: '+57',
        phoneNumber: '310 123 4567',
        email: PATIENT,
      },
      bill: { typeContributor: 'persona_natural', typeID: '', numberID: '' },
      address: {
        address: 'Calle 10 # 43-12',
        residenceDetail: 'Apto 501',
        state: 'Antioquia',
        city: 'Medellín',
        postalCode: '050021',
      },
      saveAddress: false,
      paymentMethod: 'visa',
      prescriptionDocumentId: null,
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { order } = (await created.json()) as { order: { id: number; number: string } };
  return order;
}
