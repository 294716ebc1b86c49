import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { PaymentDiscrepancyDto } from '../../src/lib/shared/payments';
import { loadConfig } from '../src/config';
import { PENDING_PAYMENT_TTL_MS } from '../src/orders/expiry';
import { MercadoPagoFake, mpNotification } from './mercadopago-fake';
import {
  card,
  createdOrder,
  orderBody,
  orderOf,
  paymentOf,
  ordersWorldForFile,
  buyerForFile,
  postOrder,
  prescriptionOf,
  stockOf,
  submitPaymentPage,
  type Buyer,
  VISA_APPROVED,
} from './orders-fixtures';
import { DHEA, MAGNESIO } from './support/seed-products';

const SECRET = 'secreto-webhook-mp-co';
const TOKEN = 'TEST-0000000000000000-000000-00000000000000000000000000000000-000000000';
const WEBHOOK = '/api/payments/webhook/mercadopago-co';

const fake = new MercadoPagoFake();
let now = Date.now();

// The fake starts first (the world needs its port) and stops last.
beforeAll(() => fake.start());
afterAll(() => fake.stop());
const world = ordersWorldForFile(() => ({
  clock: () => new Date(now),
  mercadoPago: {
    accounts: { co: { accessToken: TOKEN, webhookSecret: SECRET } },
    baseUrl: fake.url,
    // Generous for a loaded machine; the slow answers below take longer still.
    timeoutMs: 1500,
    retries: 1,
    retryDelayMs: 10,
  },
}));
const buyer = buyerForFile(world, { role: 'patient' });
const doctor = buyerForFile(world, { role: 'doctor' });

beforeEach(() => {
  now = Date.now();
  fake.delayCount = 0;
  fake.failNext = [];
});

function newOrder(overrides: Parameters<typeof orderBody>[0] = {}, who: Buyer = buyer) {
  return createdOrder(world.ctx, who.headers, orderBody({ items: [world.line(MAGNESIO)], ...overrides }));
}

/** A Mexican checkout (no Mercado Pago token for México in these tests: the sandbox). */
const mexicanOrder = () => ({
  countryId: 2,
  customer: { ...orderBody().customer, typeID: 3, countryCode: '+52', phoneNumber: '55 1234 5678' },
  address: { ...orderBody().address, state: 'Ciudad de México', city: 'Ciudad de México', postalCode: '06600' },
});

function notify(paymentId: number | string, options: Parameters<typeof mpNotification>[2] = {}, secret = SECRET) {
  const { path, init } = mpNotification(paymentId, secret, options);
  return world.ctx.app.request(`${WEBHOOK}${path}`, init);
}

const preferenceOf = (paymentId: string) =>
  [...fake.preferences.values()].find((pref) => pref.body.external_reference === paymentId);

describe('configuration', () => {
  it('takes a country token and its webhook secret together, and nothing means the sandbox alone', () => {
    expect(loadConfig({}).mercadoPago).toBeUndefined();
    expect(() => loadConfig({ MP_ACCESS_TOKEN_MX: 'APP_USR-1' })).toThrow(
      /MP_ACCESS_TOKEN_MX y MP_WEBHOOK_SECRET_MX van juntas/,
    );
    const config = loadConfig({ MP_ACCESS_TOKEN_PE: 'APP_USR-1', MP_WEBHOOK_SECRET_PE: 'secreto' });
    expect(config.mercadoPago).toEqual({
      accounts: { pe: { accessToken: 'APP_USR-1', webhookSecret: 'secreto' } },
      baseUrl: undefined,
      timeoutMs: 10_000,
    });
  });
});

describe('Mercado Pago checkout', () => {
  it('opens a Checkout Pro preference for a Colombian order and keeps the sandbox for a country without a token', async () => {
    const { order, payment } = await newOrder();
    expect(payment.redirectUrl).toMatch(/^https:\/\/www\.mercadopago\.com\.co\/checkout\/v1\/redirect\?pref_id=/);
    const preference = preferenceOf(payment.id);
    expect(preference?.body).toMatchObject({
      external_reference: payment.id,
      notification_url: `http://localhost${WEBHOOK}`,
      auto_return: 'approved',
      expires: true,
      items: [{ quantity: 1, unit_price: order.total, currency_id: 'COP' }],
    });
    expect((preference?.body.back_urls as { success: string }).success).toBe(
      `http://localhost/co/bolsa/resultado/${order.sourceId}`,
    );
    const request = fake.requests.find((r) => r.path === '/checkout/preferences' && r.body === preference?.body);
    expect(request?.idempotencyKey).toBe(`preference-${payment.id}`);
    expect(request?.authorization).toBe(`Bearer ${TOKEN}`);
    const row = await paymentOf(world.ctx, order.id);
    expect(row.provider).toBe('mercadopago-co');
    expect(row.provider_reference).toBe(preference?.id);

    const mexican = await world.buyer({ role: 'patient' }, 'mx');
    const mx = await newOrder(mexicanOrder(), mexican);
    expect(mx.payment.redirectUrl).toBe(`/api/payments/sandbox/${mx.payment.id}`);
  });

  it('offers only transfers on Mercado Pago page for a bank transfer', async () => {
    const { payment } = await newOrder({ paymentMethod: 'bank_transfer' });
    expect(preferenceOf(payment.id)?.body.payment_methods).toEqual({
      excluded_payment_types: [{ id: 'credit_card' }, { id: 'debit_card' }, { id: 'prepaid_card' }],
    });
  });

  it('marks the order paid only after fetching the approved payment, once however often notified', async () => {
    const { order, payment } = await newOrder();
    const paid = fake.pay(payment.id, 'approved');
    const fetchesBefore = fake.requests.filter((r) => r.path === `/v1/payments/${paid.id}`).length;
    const first = await notify(paid.id);
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual({ received: true, result: 'applied' });
    const again = await notify(paid.id);
    expect(await again.json()).toEqual({ received: true, result: 'duplicate' });
    // Every notification is checked with the provider, the repeated one too.
    expect(fake.requests.filter((r) => r.path === `/v1/payments/${paid.id}`).length).toBe(fetchesBefore + 2);
    const dto = await orderOf(world.ctx, buyer.headers, order.id);
    expect(dto.status).toBe('paid');
    expect(dto.payment).toMatchObject({ status: 'approved', brand: 'Visa', last4: '4242' });
    expect((await paymentOf(world.ctx, order.id)).provider_payment_id).toBe(String(paid.id));
    const history = await world.ctx.database.db
      .selectFrom('order_status_history')
      .select('status')
      .where('order_id', '=', order.id)
      .execute();
    expect(history.filter((h) => h.status === 'paid')).toHaveLength(1);
  });

  it('rejects the order when Mercado Pago rejects the payment, gives the stock back and closes the link', async () => {
    const productId = world.productId(MAGNESIO);
    const before = await stockOf(world.ctx, productId);
    const { order, payment } = await newOrder();
    const rejected = fake.pay(payment.id, 'rejected');
    expect((await notify(rejected.id)).status).toBe(200);
    expect((await orderOf(world.ctx, buyer.headers, order.id)).status).toBe('payment_rejected');
    expect(await stockOf(world.ctx, productId)).toBe(before);
    expect(preferenceOf(payment.id)?.expired).toBe(true);
  });

  it('keeps the order waiting while the payment is pending, then pays it once approved', async () => {
    const { order, payment } = await newOrder();
    const attempt = fake.pay(payment.id, 'in_process');
    expect(await (await notify(attempt.id)).json()).toEqual({ received: true, result: 'applied' });
    expect((await orderOf(world.ctx, buyer.headers, order.id)).status).toBe('pending_payment');
    expect((await paymentOf(world.ctx, order.id)).provider_payment_id).toBe(String(attempt.id));
    fake.setStatus(attempt.id, 'approved');
    expect(await (await notify(attempt.id)).json()).toEqual({ received: true, result: 'applied' });
    expect((await orderOf(world.ctx, buyer.headers, order.id)).status).toBe('paid');
  });

  it('refuses forged, unsigned and stale notifications with a Spanish 400 and changes nothing', async () => {
    const { order, payment } = await newOrder();
    const paid = fake.pay(payment.id, 'approved');
    const forged = await notify(paid.id, {}, 'otro-secreto');
    expect(forged.status).toBe(400);
    expect(await forged.json()).toMatchObject({ message: 'La firma del webhook no es válida.' });
    const stale = await notify(paid.id, { ts: Math.floor(Date.now() / 1000) - 10 * 60 });
    expect(await stale.json()).toMatchObject({ message: 'El webhook está fuera del plazo de 5 minutos.' });
    // A signature of one payment id does not cover another's.
    const { init } = mpNotification(paid.id, SECRET);
    const swapped = await world.ctx.app.request(`${WEBHOOK}?data.id=999&type=payment`, init);
    expect(swapped.status).toBe(400);
    const unsigned = await world.ctx.app.request(`${WEBHOOK}?data.id=${paid.id}&type=payment`, {
      method: 'POST',
      body: '{}',
    });
    expect(await unsigned.json()).toMatchObject({ message: 'Falta la firma del webhook.' });
    expect((await orderOf(world.ctx, buyer.headers, order.id)).status).toBe('pending_payment');
  });

  it('answers 502 while Mercado Pago cannot be asked about a notified payment, so it notifies again', async () => {
    const { order, payment } = await newOrder();
    const paid = fake.pay(payment.id, 'approved');
    fake.failNext = [500, 503];
    expect((await notify(paid.id)).status).toBe(502);
    expect((await orderOf(world.ctx, buyer.headers, order.id)).status).toBe('pending_payment');
    expect((await notify(paid.id)).status).toBe(200);
    expect((await orderOf(world.ctx, buyer.headers, order.id)).status).toBe('paid');
  });
});

describe('timeouts and retries', () => {
  it('retries a slow preference with the same idempotency key and makes one preference', async () => {
    fake.delayMs = 4000;
    fake.delayCount = 1;
    const { payment } = await newOrder();
    const attempts = fake.requests.filter((r) => r.idempotencyKey === `preference-${payment.id}`);
    expect(attempts).toHaveLength(2);
    expect([...fake.preferences.values()].filter((p) => p.body.external_reference === payment.id)).toHaveLength(1);
  });

  it('answers a Spanish 502 when Mercado Pago does not answer, and the buyer retry opens the same payment', async () => {
    fake.delayMs = 4000;
    fake.delayCount = 2;
    const body = orderBody({ items: [world.line(MAGNESIO)] });
    const failed = await postOrder(world.ctx, buyer.headers, body);
    expect(failed.status).toBe(502);
    expect(await failed.json()).toMatchObject({
      message: 'El proveedor de pagos no respondió. Intenta de nuevo en unos minutos.',
    });
    const retried = await postOrder(world.ctx, buyer.headers, body);
    expect(retried.status).toBe(200);
    const { payment } = (await retried.json()) as { payment: { id: string; redirectUrl: string } };
    expect(payment.redirectUrl).toContain('pref_id=');
    expect(preferenceOf(payment.id)).toBeDefined();
  });
});

describe('cancellations and refunds', () => {
  it('cancels the pending Mercado Pago payment and expires the link of an unpaid order whose window closed', async () => {
    const { order, payment } = await newOrder();
    const attempt = fake.pay(payment.id, 'pending');
    now += PENDING_PAYMENT_TTL_MS + 1000;
    expect(await world.ctx.app.expireUnpaidOrders()).toBeGreaterThanOrEqual(1);
    expect((await orderOf(world.ctx, buyer.headers, order.id)).status).toBe('cancelled');
    expect(fake.payments.get(String(attempt.id))?.status).toBe('cancelled');
    expect(preferenceOf(payment.id)?.expired).toBe(true);
  });

  it('leaves an overdue order alone when Mercado Pago already approved it', async () => {
    const { order, payment } = await newOrder();
    fake.pay(payment.id, 'approved');
    now += PENDING_PAYMENT_TTL_MS + 1000;
    await world.ctx.app.expireUnpaidOrders();
    expect((await orderOf(world.ctx, buyer.headers, order.id)).status).toBe('pending_payment');
    expect((await paymentOf(world.ctx, order.id)).status).toBe('pending');
  });

  it('refunds through Mercado Pago when the admin rejects a hormone prescription', async () => {
    const body = orderBody({
      items: [world.line(DHEA)],
      prescriptionDocumentId: await prescriptionOf(world.ctx, doctor),
    });
    const { order, payment } = await createdOrder(world.ctx, doctor.headers, body);
    const paid = fake.pay(payment.id, 'approved');
    await notify(paid.id);
    expect((await orderOf(world.ctx, doctor.headers, order.id)).status).toBe('pending_prescription');
    // Checkout Pro charged it already: the rejection refunds.
    expect((await paymentOf(world.ctx, order.id)).captured_at).not.toBeNull();
    const reject = () =>
      world.ctx.app.request(`/api/admin/hormone-orders/${order.id}/reject`, {
        method: 'POST',
        headers: { ...world.admin, 'content-type': 'application/json' },
        body: JSON.stringify({ reason: 'Fórmula vencida' }),
      });
    fake.failNext = [500, 500];
    const failed = await reject();
    expect(failed.status).toBe(502);
    expect((await orderOf(world.ctx, doctor.headers, order.id)).status).toBe('pending_prescription');
    expect((await reject()).status).toBe(200);
    expect(fake.refunds).toContainEqual({ paymentId: String(paid.id), key: `refund-${payment.id}` });
    expect(fake.payments.get(String(paid.id))?.status).toBe('refunded');
    expect((await paymentOf(world.ctx, order.id)).status).toBe('refunded');
    expect((await orderOf(world.ctx, doctor.headers, order.id)).status).toBe('cancelled');
  });
});

describe('reconciliation', () => {
  const reconcile = async () => {
    const response = await world.ctx.app.request('/api/admin/payment-reconciliation', {
      method: 'POST',
      headers: world.admin,
    });
    expect(response.status).toBe(200);
    return ((await response.json()) as { data: { discrepancies: PaymentDiscrepancyDto[] } }).data.discrepancies;
  };

  it('reports a payment approved at Mercado Pago whose notification never came, until it is settled', async () => {
    const { order, payment } = await newOrder();
    const paid = fake.pay(payment.id, 'approved');
    const found = (await reconcile()).filter((d) => d.orderId === order.id);
    expect(found).toEqual([
      expect.objectContaining({
        kind: 'approved_not_recorded',
        ourStatus: 'pending',
        providerStatus: 'approved',
        providerPaymentId: String(paid.id),
        orderNumber: order.number,
      }),
    ]);
    // Found again: still one report.
    expect((await reconcile()).filter((d) => d.orderId === order.id)).toHaveLength(1);
    await notify(paid.id);
    expect((await reconcile()).filter((d) => d.orderId === order.id)).toEqual([]);
  });

  it('reports a refund made in Mercado Pago panel and lists it for the admin only', async () => {
    const { order, payment } = await newOrder();
    const paid = fake.pay(payment.id, 'approved');
    await notify(paid.id);
    fake.setStatus(paid.id, 'refunded');
    await reconcile();
    const list = await world.ctx.app.request('/api/admin/payment-discrepancies', { headers: world.admin });
    const { data } = (await list.json()) as { data: PaymentDiscrepancyDto[] };
    expect(data.filter((d) => d.orderId === order.id).map((d) => d.kind)).toEqual(['refunded_at_provider']);
    const forbidden = await world.ctx.app.request('/api/admin/payment-discrepancies', { headers: buyer.headers });
    expect(forbidden.status).toBe(403);
  });
});

describe('the sandbox beside it', () => {
  it('still pays a Mexican order through the sandbox page', async () => {
    const mexican = await world.buyer({ role: 'patient' }, 'mx');
    const { order, payment } = await newOrder(mexicanOrder(), mexican);
    expect((await submitPaymentPage(world.ctx, payment.id, card(VISA_APPROVED))).status).toBe(303);
    expect((await orderOf(world.ctx, mexican.headers, order.id)).status).toBe('paid');
  });
});
