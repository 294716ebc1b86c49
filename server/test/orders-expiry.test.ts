import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { OrderDto, QuoteDto } from '../../src/lib/shared/orders';
import { appendEntry, balanceOf, lockBalance } from '../src/gamification/ledger';
import { createOrderPointsHook } from '../src/gamification/order-hook';
import { AWAITING_TRANSFER_TTL_MS, PAYMENT_EXPIRED_NOTE, PENDING_PAYMENT_TTL_MS } from '../src/orders/expiry';
import { SandboxPaymentProvider } from '../src/payments/sandbox/provider';
import { jsonRequest } from './helpers';
import {
  card,
  createdOrder,
  orderBody,
  orderOf,
  ordersWorldForFile,
  postOrder,
  setStock,
  stockOf,
  submitPaymentPage,
  WEBHOOK_SECRET,
  type Buyer,
  VISA_APPROVED,
} from './orders-fixtures';
import { MAGNESIO } from './support/seed-products';

// Unpaid orders expire by the app's clock, which the tests move forward instead of waiting.
const MS_PER_MINUTE = 60 * 1000;
let clockOffsetMs = 0;
const later = (ms: number) => {
  clockOffsetMs = ms;
};

const world = ordersWorldForFile({
  pointsHook: createOrderPointsHook(),
  clock: () => new Date(Date.now() + clockOffsetMs),
});
let magnesio: number;

beforeAll(async () => {
  magnesio = world.productId(MAGNESIO);
});

beforeEach(async () => {
  later(0);
  // Every test starts with no unpaid order left over from the one before.
  await world.ctx.database.db
    .updateTable('orders')
    .set({ status: 'cancelled' })
    .where('status', 'in', ['pending_payment', 'awaiting_transfer'])
    .execute();
  await world.ctx.database.db
    .updateTable('payments')
    .set({ status: 'voided' })
    .where('status', '=', 'pending')
    .execute();
  await setStock(world.ctx, magnesio, 5);
});

const db = () => world.ctx.database.db;
const sweep = () => world.ctx.app.expireUnpaidOrders();

/** A doctor with 1,000 points. */
async function doctorWithPoints(): Promise<Buyer> {
  const doctor = await world.buyer({ role: 'doctor' });
  await db()
    .transaction()
    .execute(async (tx) => {
      const balance = await lockBalance(tx, doctor.user.id);
      await appendEntry(tx, balance, { userId: doctor.user.id, countryId: 1, delta: 1_000, type: 'adjustment' });
    });
  return doctor;
}

/** Two units of magnesium and 100 points off. */
function unpaidOrder(buyer: Buyer, paymentMethod: 'visa' | 'bank_transfer' = 'visa') {
  const body = orderBody({ items: [{ productId: magnesio, quantity: 2 }], discountPoints: 100, paymentMethod });
  return createdOrder(world.ctx, buyer.headers, body);
}

async function lastEmail() {
  return db().selectFrom('outbox_emails').selectAll().orderBy('id', 'desc').executeTakeFirstOrThrow();
}

async function ledgerTypes(userId: number) {
  const rows = await db()
    .selectFrom('points_ledger')
    .select('type')
    .where('user_id', '=', userId)
    .orderBy('id')
    .execute();
  return rows.map((row) => row.type);
}

function expectExpired(order: OrderDto) {
  expect(order.status).toBe('cancelled');
  expect(order.payment.status).toBe('voided');
  expect(order.statusHistory.at(-1)).toMatchObject({ status: 'cancelled', note: PAYMENT_EXPIRED_NOTE });
  expect(order.statusHistory.filter((change) => change.status === 'cancelled')).toHaveLength(1);
}

describe('unpaid orders expire', () => {
  it('a card order after 30 minutes: stock and points back, payment voided, buyer told; once', async () => {
    const doctor = await doctorWithPoints();
    const { order } = await unpaidOrder(doctor);
    expect(await stockOf(world.ctx, magnesio)).toBe(3);
    expect(await balanceOf(db(), doctor.user.id)).toBe(900);

    later(PENDING_PAYMENT_TTL_MS - MS_PER_MINUTE);
    expect(await sweep()).toBe(0);
    expect((await orderOf(world.ctx, doctor.headers, order.id)).status).toBe('pending_payment');

    later(PENDING_PAYMENT_TTL_MS);
    expect(await sweep()).toBe(1);
    expectExpired(await orderOf(world.ctx, doctor.headers, order.id));
    expect(await stockOf(world.ctx, magnesio)).toBe(5);
    expect(await balanceOf(db(), doctor.user.id)).toBe(1_000);
    const email = await lastEmail();
    expect(email.subject).toBe(`Tu pedido ${order.number} fue cancelado`);
    expect(email.text).toContain('dentro del plazo de 30 minutos');
    expect(email.text).toContain('No se hizo ningún cobro');

    expect(await sweep()).toBe(0);
    expect(await stockOf(world.ctx, magnesio)).toBe(5);
    expect(await ledgerTypes(doctor.user.id)).toEqual(['adjustment', 'subtract', 'refund']);
  });

  it('a bank transfer after 72 hours', async () => {
    const doctor = await doctorWithPoints();
    const { order } = await unpaidOrder(doctor, 'bank_transfer');
    later(PENDING_PAYMENT_TTL_MS * 2);
    expect(await sweep()).toBe(0);
    later(AWAITING_TRANSFER_TTL_MS - MS_PER_MINUTE);
    expect(await sweep()).toBe(0);
    later(AWAITING_TRANSFER_TTL_MS);
    expect(await sweep()).toBe(1);
    expectExpired(await orderOf(world.ctx, doctor.headers, order.id));
    expect(await stockOf(world.ctx, magnesio)).toBe(5);
    const email = await lastEmail();
    expect(email.text).toContain('No recibimos la transferencia');
    expect(email.text).toContain('dentro del plazo de 72 horas');
  });

  it('never a paid order', async () => {
    const doctor = await doctorWithPoints();
    const { order, payment } = await unpaidOrder(doctor);
    later(PENDING_PAYMENT_TTL_MS - MS_PER_MINUTE);
    expect((await submitPaymentPage(world.ctx, payment.id, card(VISA_APPROVED))).status).toBe(303);
    later(PENDING_PAYMENT_TTL_MS * 2);
    expect(await sweep()).toBe(0);
    expect((await orderOf(world.ctx, doctor.headers, order.id)).status).toBe('paid');
    expect(await stockOf(world.ctx, magnesio)).toBe(3);
  });

  it('frees what it holds for the next buyer without waiting for the sweep', async () => {
    await setStock(world.ctx, magnesio, 2);
    const first = await doctorWithPoints();
    const { order } = await unpaidOrder(first);
    const second = await world.buyer({ role: 'patient' });
    const body = orderBody({ items: [{ productId: magnesio, quantity: 2 }] });
    const quote = () => world.ctx.app.request('/api/checkout/quote', jsonRequest('POST', body, second.headers));
    expect((await quote()).status).toBe(409);
    expect((await postOrder(world.ctx, second.headers, body)).status).toBe(409);

    later(PENDING_PAYMENT_TTL_MS);
    const quoted = await quote();
    expect(quoted.status).toBe(200);
    expect(((await quoted.json()) as QuoteDto).articleCount).toBe(2);
    expectExpired(await orderOf(world.ctx, first.headers, order.id));
    expect((await postOrder(world.ctx, second.headers, body)).status).toBe(201);
    expect(await stockOf(world.ctx, magnesio)).toBe(0);
  });

  it('gives the buyer’s own points back before a new order spends them', async () => {
    const doctor = await doctorWithPoints();
    const spendAll = () => orderBody({ items: [{ productId: magnesio, quantity: 1 }], discountPoints: 1_000 });
    const { order } = await createdOrder(world.ctx, doctor.headers, spendAll());
    expect((await postOrder(world.ctx, doctor.headers, spendAll())).status).toBe(422);
    later(PENDING_PAYMENT_TTL_MS);
    expect((await postOrder(world.ctx, doctor.headers, spendAll())).status).toBe(201);
    expectExpired(await orderOf(world.ctx, doctor.headers, order.id));
  });

  it('keeps the order when the provider cannot void the payment, and tries again on the next sweep', async () => {
    const doctor = await doctorWithPoints();
    const { order } = await unpaidOrder(doctor);
    const voidPayment = vi
      .spyOn(SandboxPaymentProvider.prototype, 'void')
      .mockRejectedValueOnce(new Error('Proveedor caído'));
    try {
      later(PENDING_PAYMENT_TTL_MS);
      expect(await sweep()).toBe(0);
      expect((await orderOf(world.ctx, doctor.headers, order.id)).status).toBe('pending_payment');
      expect(await stockOf(world.ctx, magnesio)).toBe(3);
      expect(world.log.lines.some((line) => line.includes(`No se pudo cancelar el pedido sin pago ${order.id}`))).toBe(
        true,
      );
      expect(await sweep()).toBe(1);
      expectExpired(await orderOf(world.ctx, doctor.headers, order.id));
    } finally {
      voidPayment.mockRestore();
    }
  });

  it('once, however many sweeps, buyers and payment pages race for it', async () => {
    const doctor = await doctorWithPoints();
    const { order, payment } = await unpaidOrder(doctor);
    later(PENDING_PAYMENT_TTL_MS);
    const patient = await world.buyer({ role: 'patient' });
    const [swept] = await Promise.all([
      Promise.all([sweep(), sweep(), sweep()]),
      submitPaymentPage(world.ctx, payment.id, card(VISA_APPROVED)),
      postOrder(world.ctx, patient.headers, orderBody({ items: [{ productId: magnesio, quantity: 1 }] })),
    ]);
    // The page or the buyer may have cancelled it first.
    expect(swept.reduce((sum, count) => sum + count, 0)).toBeLessThanOrEqual(1);
    expectExpired(await orderOf(world.ctx, doctor.headers, order.id));
    // Back to 5, less the patient's unit.
    expect(await stockOf(world.ctx, magnesio)).toBe(4);
    expect(await ledgerTypes(doctor.user.id)).toEqual(['adjustment', 'subtract', 'refund']);
  });

  it('either pays or expires an order whose approval arrives as its window closes, never both', async () => {
    const sandbox = new SandboxPaymentProvider(WEBHOOK_SECRET);
    const doctor = await doctorWithPoints();
    const { order, payment } = await unpaidOrder(doctor);
    later(PENDING_PAYMENT_TTL_MS);
    const { rawBody, headers } = sandbox.signedWebhook({
      paymentId: payment.id,
      outcome: 'approved',
      amount: order.total,
      currency: order.currency,
      brand: 'Visa',
      last4: '4242',
    });
    const [webhook] = await Promise.all([
      world.ctx.app.request('/api/payments/webhook/sandbox', { method: 'POST', body: rawBody, headers }),
      sweep(),
    ]);
    expect(webhook.status).toBe(200);
    const settled = await orderOf(world.ctx, doctor.headers, order.id);
    if (settled.status === 'paid') {
      expect(settled.payment.status).toBe('approved');
      expect(await stockOf(world.ctx, magnesio)).toBe(3);
      expect(await ledgerTypes(doctor.user.id)).not.toContain('refund');
    } else {
      expectExpired(settled);
      expect(await stockOf(world.ctx, magnesio)).toBe(5);
      expect(((await webhook.json()) as { result: string }).result).toBe('ignored');
    }
  });
});

describe('the hosted page of an expired payment', () => {
  it('says so in Spanish and links back to the bag instead of charging', async () => {
    const doctor = await doctorWithPoints();
    const { order, payment } = await unpaidOrder(doctor);
    later(PENDING_PAYMENT_TTL_MS);
    const page = await world.ctx.app.request(`/api/payments/sandbox/${payment.id}`);
    expect(page.status).toBe(410);
    const html = await page.text();
    expect(html).toContain('<html lang="es">');
    expect(html).toContain('El plazo para pagar terminó');
    expect(html).toContain(`El pago del pedido ${order.number} no se completó dentro del plazo de 30 minutos`);
    expect(html).toContain('<a class="action" href="/co/bolsa">Volver a la bolsa</a>');
    expect(html).not.toContain('Pagar</button>');
    // Opening it cancelled the order at once.
    expectExpired(await orderOf(world.ctx, doctor.headers, order.id));

    const submit = await submitPaymentPage(world.ctx, payment.id, card(VISA_APPROVED));
    expect(submit.status).toBe(410);
    expect(await submit.text()).toContain('Volver a la bolsa');
    const after = await orderOf(world.ctx, doctor.headers, order.id);
    expect(after.payment).toMatchObject({ status: 'voided', brand: null, last4: null });
  });

  it('of a transfer names the 72 hours', async () => {
    const doctor = await doctorWithPoints();
    const { order, payment } = await unpaidOrder(doctor, 'bank_transfer');
    later(AWAITING_TRANSFER_TTL_MS);
    const submit = await submitPaymentPage(world.ctx, payment.id);
    expect(submit.status).toBe(410);
    expect(await submit.text()).toContain(
      `No recibimos la transferencia del pedido ${order.number} dentro del plazo de 72 horas`,
    );
    expectExpired(await orderOf(world.ctx, doctor.headers, order.id));
  });
});
