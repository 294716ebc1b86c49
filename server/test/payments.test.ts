import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import type { CreateOrderResponseDto } from '../../src/lib/shared/orders';
import { formatMoney } from '../src/orders/emails';
import { SandboxPaymentProvider } from '../src/payments/sandbox/provider';
import { jsonRequest } from './helpers';
import {
  card,
  createdOrder,
  orderBody,
  orderOf,
  ordersWorldForFile,
  buyerForFile,
  stockOf,
  submitPaymentPage,
  WEBHOOK_SECRET,
  type Buyer,
  VISA_APPROVED,
} from './orders-fixtures';
import { MAGNESIO } from './support/seed-products';

const world = ordersWorldForFile();
const buyer = buyerForFile(world, { role: 'patient' });
const VISA_DECLINED = '4000 0000 0000 0002';
// Valid cards that are not among the documented test cards the page lists.
const VISA_OTHER = '4111 1111 1111 1111';
const MASTERCARD_OTHER = '5200 8282 8282 8210';

function newOrder(overrides: Parameters<typeof orderBody>[0] = {}, who: Buyer = buyer) {
  return createdOrder(world.ctx, who.headers, orderBody({ items: [world.line(MAGNESIO)], ...overrides }));
}

async function outbox() {
  return world.ctx.database.db.selectFrom('outbox_emails').selectAll().orderBy('id').execute();
}

/** Every row of every table of the application, as text: card data must appear nowhere. */
async function databaseDump(): Promise<string> {
  const db = world.ctx.database.db;
  const { rows } = await sql<{ name: string }>`
    select table_name as name from information_schema.tables
    where table_schema = current_schema() and table_type = 'BASE TABLE'
  `.execute(db);
  const dumps: string[] = [];
  for (const { name } of rows)
    dumps.push(JSON.stringify((await sql`select * from ${sql.table(name)}`.execute(db)).rows));
  return dumps.join('\n');
}

describe('the sandbox hosted payment page', () => {
  it('shows the order number and the total in the country’s format, with a strict CSP', async () => {
    const { order, payment } = await newOrder();
    const response = await world.ctx.app.request(payment.redirectUrl);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/html/);
    expect(response.headers.get('content-security-policy')).toMatch(/default-src 'none'; style-src 'sha256-/);
    expect(response.headers.get('x-frame-options')).toBe('DENY');
    const html = await response.text();
    expect(html).toContain('<html lang="es">');
    expect(html).toContain(order.number);
    expect(formatMoney(101_000, 1)).toBe('$\u00a0101.000');
    expect(html).toContain(formatMoney(101_000, 1));
    for (const label of ['Número de tarjeta', 'Nombre en la tarjeta', 'Vencimiento (MM/AA)', 'CVV']) {
      expect(html).toMatch(new RegExp(`<label for="[a-z-]+">${label.replace(/[()]/g, '\\$&')}</label>`));
    }
    expect(html).toContain('<button type="submit">Pagar</button>');
    expect(html).not.toMatch(/<script|https?:\/\//);
  });

  it('formats Mexican and Peruvian totals from cents', async () => {
    expect(formatMoney(60_290, 2)).toBe('$602.90');
    expect(formatMoney(8_990, 3)).toBe('S/\u00a089.90');
    const mexican = await world.buyer({ role: 'patient', countryId: 2 }, 'mx');
    const body = orderBody({
      countryId: 2,
      items: [world.line(MAGNESIO)],
      customer: { ...orderBody().customer, typeID: 4, countryCode: '+52', phoneNumber: '55 1234 5678' },
    });
    const { payment } = await createdOrder(world.ctx, mexican.headers, body);
    expect(await (await world.ctx.app.request(payment.redirectUrl)).text()).toContain('$602.90');
  });

  it('answers a Spanish 404 page for unknown payments', async () => {
    const response = await world.ctx.app.request('/api/payments/sandbox/00000000-0000-4000-8000-000000000000');
    expect(response.status).toBe(404);
    expect(await response.text()).toContain('Pago no encontrado');
  });
});

describe('paying by card', () => {
  let approved: CreateOrderResponseDto;

  beforeAll(async () => {
    approved = await newOrder();
  });

  it('approves the Visa test card: the order is paid, the receipt queued and the browser sent to the result', async () => {
    const response = await submitPaymentPage(world.ctx, approved.payment.id, card(VISA_APPROVED));
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe(`/co/bolsa/resultado/${approved.order.sourceId}`);
    const order = await orderOf(world.ctx, buyer.headers, approved.order.id);
    expect(order.status).toBe('paid');
    expect(order.paidAt).not.toBeNull();
    expect(order.payment).toMatchObject({ status: 'approved', brand: 'Visa', last4: '4242' });
    expect(order.statusHistory.map((change) => change.status)).toEqual(['pending_payment', 'paid']);
    const receipt = (await outbox()).find((email) => email.subject === `Recibo de tu pedido ${order.number}`);
    expect(receipt?.to_address).toBe('laura.restrepo@prueba.test');
    expect(receipt?.text).toContain('Magnesio Bisglicinato 400 mg × 1');
    expect(receipt?.text).toContain(`Total pagado: ${formatMoney(101_000, 1)}`);
    expect(receipt?.text).toContain('Medio de pago: Visa');
  });

  it('never charges twice: a second submit goes straight to the result', async () => {
    const events = await world.ctx.database.db.selectFrom('payment_webhook_events').selectAll().execute();
    const again = await submitPaymentPage(world.ctx, approved.payment.id, card(VISA_APPROVED));
    expect(again.status).toBe(303);
    const page = await world.ctx.app.request(approved.payment.redirectUrl);
    expect(page.status).toBe(303);
    expect(await world.ctx.database.db.selectFrom('payment_webhook_events').selectAll().execute()).toEqual(events);
  });

  it('keeps the card number and CVV out of every table and of the log', async () => {
    const dump = await databaseDump();
    for (const secret of ['4242424242424242', VISA_APPROVED, 'LAURA RESTREPO', '12/39']) {
      expect(dump).not.toContain(secret);
      expect(world.log.lines.join('\n')).not.toContain(secret);
    }
  });

  it('declines the declining Visa card: payment rejected, stock given back', async () => {
    const product = world.productId(MAGNESIO);
    const before = await stockOf(world.ctx, product);
    const { order, payment } = await newOrder({ items: [world.line(MAGNESIO, 3)] });
    expect(await stockOf(world.ctx, product)).toBe((before ?? 0) - 3);
    const response = await submitPaymentPage(world.ctx, payment.id, card(VISA_DECLINED));
    expect(response.status).toBe(303);
    const declined = await orderOf(world.ctx, buyer.headers, order.id);
    expect(declined.status).toBe('payment_rejected');
    expect(declined.payment).toMatchObject({ status: 'declined', brand: 'Visa', last4: '0002', paidAt: null });
    expect(await stockOf(world.ctx, product)).toBe(before);
    expect((await outbox()).some((email) => email.subject.includes(order.number))).toBe(false);
  });

  it.each([
    ['mastercard', '5555 5555 5555 4444', '123', 'paid'],
    ['mastercard', '5105 1051 0510 5100', '123', 'payment_rejected'],
    ['amex', '3782 822463 10005', '1234', 'paid'],
    ['amex', '3714 496353 98431', '1234', 'payment_rejected'],
  ] as const)('%s test card %s ends %s', async (method, number, cvv, status) => {
    const { order, payment } = await newOrder({ paymentMethod: method });
    expect((await submitPaymentPage(world.ctx, payment.id, card(number, cvv))).status).toBe(303);
    expect((await orderOf(world.ctx, buyer.headers, order.id)).status).toBe(status);
  });

  it.each([
    ['visa', card('4111 1111 1111 1112'), 'El número de tarjeta no es válido'],
    ['visa', card(MASTERCARD_OTHER), 'La tarjeta no corresponde a la marca elegida'],
    ['amex', card('3400 0000 0000 009', '123'), 'El CVV debe tener 4 dígitos.'],
    ['visa', card(VISA_OTHER, '12'), 'El CVV debe tener 3 dígitos.'],
    ['visa', { ...card(VISA_OTHER), expiry: '01/20' }, 'La tarjeta está vencida.'],
    ['visa', { ...card(VISA_OTHER), expiry: '13/30' }, 'La fecha de vencimiento no es válida'],
    ['visa', { ...card(VISA_OTHER), cardName: ' ' }, 'Ingresa el nombre como aparece en la tarjeta.'],
  ] as const)('re-renders the page with a 422 for a bad %s card (%#)', async (method, fields, message) => {
    const { order, payment } = await newOrder({ paymentMethod: method });
    const response = await submitPaymentPage(world.ctx, payment.id, fields);
    expect(response.status).toBe(422);
    const html = await response.text();
    expect(html).toContain(message);
    expect(html).toContain('role="alert"');
    expect(html).not.toContain(fields.cardNumber);
    expect(html).not.toContain(fields.cardNumber.replace(/\s/g, ''));
    expect((await orderOf(world.ctx, buyer.headers, order.id)).status).toBe('pending_payment');
  });

  it('settles a payment once when the page is submitted twice at the same time', async () => {
    const { order, payment } = await newOrder();
    const responses = await Promise.all([
      submitPaymentPage(world.ctx, payment.id, card(VISA_APPROVED)),
      submitPaymentPage(world.ctx, payment.id, card(VISA_DECLINED)),
    ]);
    expect(responses.map((response) => response.status)).toEqual([303, 303]);
    const settled = await orderOf(world.ctx, buyer.headers, order.id);
    expect(['paid', 'payment_rejected']).toContain(settled.status);
    expect(settled.statusHistory).toHaveLength(2);
  });
});

describe('paying by bank transfer', () => {
  it('shows the transfer instructions and pays the order when the transfer arrives', async () => {
    const { order, payment } = await newOrder({ paymentMethod: 'bank_transfer' });
    const html = await (await world.ctx.app.request(payment.redirectUrl)).text();
    expect(html).toContain('Datos para la transferencia');
    expect(html).toContain(`<dt>Referencia</dt><dd>${order.number}</dd>`);
    expect(html).toContain('Simular transferencia recibida');
    expect(html).not.toContain('Número de tarjeta');
    const response = await submitPaymentPage(world.ctx, payment.id);
    expect(response.status).toBe(303);
    const paid = await orderOf(world.ctx, buyer.headers, order.id);
    expect(paid.status).toBe('paid');
    expect(paid.statusHistory.map((change) => change.status)).toEqual(['awaiting_transfer', 'paid']);
    expect(paid.payment).toMatchObject({ method: 'bank_transfer', status: 'approved', brand: null, last4: null });
    const receipt = (await outbox()).find((email) => email.subject === `Recibo de tu pedido ${order.number}`);
    expect(receipt?.text).toContain('Medio de pago: Transferencia bancaria');
  });
});

describe('POST /api/payments/webhook/sandbox', () => {
  const sandbox = new SandboxPaymentProvider(WEBHOOK_SECRET);
  const deliver = (rawBody: string, headers: Headers) =>
    world.ctx.app.request('/api/payments/webhook/sandbox', { method: 'POST', body: rawBody, headers });

  async function snapshot(orderId: number) {
    const db = world.ctx.database.db;
    return JSON.stringify([
      await db.selectFrom('orders').selectAll().where('id', '=', orderId).execute(),
      await db.selectFrom('payments').selectAll().where('order_id', '=', orderId).execute(),
      await db.selectFrom('order_status_history').selectAll().where('order_id', '=', orderId).execute(),
      (await outbox()).length,
    ]);
  }

  async function pendingPayment() {
    const { order, payment } = await newOrder();
    const event = {
      paymentId: payment.id,
      outcome: 'approved' as const,
      amount: order.total,
      currency: 'COP',
      brand: 'Visa' as const,
      last4: '4242',
    };
    return { order, event };
  }

  it('refuses a bad or missing signature and changes nothing', async () => {
    const { order, event } = await pendingPayment();
    const before = await snapshot(order.id);
    const forged = new SandboxPaymentProvider('otro-secreto').signedWebhook(event);
    const bad = await deliver(forged.rawBody, forged.headers);
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({ message: 'La firma del webhook no es válida.' });
    const genuine = sandbox.signedWebhook(event);
    const tampered = await deliver(genuine.rawBody.replace('"amount":101000', '"amount":1'), genuine.headers);
    expect(tampered.status).toBe(400);
    const unsigned = await world.ctx.app.request(
      '/api/payments/webhook/sandbox',
      jsonRequest('POST', JSON.parse(genuine.rawBody)),
    );
    expect(unsigned.status).toBe(400);
    expect(await unsigned.json()).toEqual({ message: 'Falta la firma del webhook.' });
    expect(await snapshot(order.id)).toBe(before);
  });

  it('refuses webhooks older than five minutes', async () => {
    const { order, event } = await pendingPayment();
    const before = await snapshot(order.id);
    const stale = sandbox.signedWebhook(event, new Date(Date.now() - 6 * 60 * 1000));
    const response = await deliver(stale.rawBody, stale.headers);
    expect(response.status).toBe(400);
    expect(await snapshot(order.id)).toBe(before);
  });

  it('refuses an amount that is not the payment’s', async () => {
    const { order, event } = await pendingPayment();
    const before = await snapshot(order.id);
    const wrong = sandbox.signedWebhook({ ...event, amount: 1 });
    expect((await deliver(wrong.rawBody, wrong.headers)).status).toBe(400);
    expect(await snapshot(order.id)).toBe(before);
  });

  it('applies a signed event once; a replay changes nothing', async () => {
    const { order, event } = await pendingPayment();
    const signed = sandbox.signedWebhook(event);
    const first = await deliver(signed.rawBody, signed.headers);
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual({ received: true, result: 'applied' });
    const after = await snapshot(order.id);
    const replay = await deliver(signed.rawBody, signed.headers);
    expect(replay.status).toBe(200);
    expect(await replay.json()).toEqual({ received: true, result: 'duplicate' });
    // Another event about a settled payment is acknowledged and ignored.
    const late = sandbox.signedWebhook({ ...event, outcome: 'declined' });
    expect(await (await deliver(late.rawBody, late.headers)).json()).toEqual({ received: true, result: 'ignored' });
    expect(await snapshot(order.id)).toBe(after);
    expect((await orderOf(world.ctx, buyer.headers, order.id)).status).toBe('paid');
  });

  it('answers 404 for unknown providers and payments', async () => {
    const signed = sandbox.signedWebhook({
      paymentId: '00000000-0000-4000-8000-000000000000',
      outcome: 'approved',
      amount: 1,
      currency: 'COP',
      brand: null,
      last4: null,
    });
    expect((await deliver(signed.rawBody, signed.headers)).status).toBe(404);
    const other = await world.ctx.app.request('/api/payments/webhook/otro', {
      method: 'POST',
      body: signed.rawBody,
      headers: signed.headers,
    });
    expect(other.status).toBe(404);
  });
});
