import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { OrderStatus } from '../../src/lib/shared/orders';
import { insufficientPointsMessage, type PrescriptionRewardResponseDto } from '../../src/lib/shared/points';
import { balanceOf, appendEntry, lockBalance } from '../src/gamification/ledger';
import { createOrderPointsHook, ORDER_REFUND_REASON, ORDER_SPEND_REASON } from '../src/gamification/order-hook';
import { findOrderForPoints, ORDER_FETCH_RETRY_DELAY_MS } from '../src/gamification/paid-orders';
import { Refusal } from '../src/refusal';
import type { OrderPointsInput } from '../src/orders/points-hook';
import { authHeaders, createUser, jsonRequest, sessionFor, userByEmail } from './helpers';
import { testContextForFile } from './support/file-context';

const ctx = testContextForFile();
const hook = createOrderPointsHook();

const db = () => ctx.database.db;

async function professionalWith(points: number) {
  const user = await createUser(ctx, { role: 'doctor' });
  await db()
    .transaction()
    .execute(async (tx) => {
      await appendEntry(tx, await lockBalance(tx, user.id), {
        userId: user.id,
        countryId: 1,
        delta: points,
        type: 'adjustment',
      });
    });
  return user;
}

let nextOrderId = 900_000;

interface TestLine {
  slug: string;
  quantity: number;
  type: 'standard' | 'points';
}

/** A checkout order as migration 0004 stores it, written straight to the tables. */
async function insertOrder(
  buyerEmail: string,
  fields: { status: OrderStatus; total: number; shipping: number; lines: TestLine[] },
) {
  const buyer = await userByEmail(ctx, buyerEmail);
  nextOrderId += 1;
  const id = nextOrderId;
  const sourceId = randomUUID();
  await db()
    .insertInto('orders')
    .values({
      id,
      number: `CO-${id}`,
      source_id: sourceId,
      request_hash: 'prueba',
      user_id: buyer.id,
      country_id: 1,
      status: fields.status,
      currency: 'COP',
      payment_method: 'visa',
      article_count: fields.lines.reduce((sum, line) => sum + line.quantity, 0),
      subtotal: fields.total - fields.shipping,
      doctor_discount: 0,
      promo_discount: 0,
      points_discount: 0,
      shipping_cost: fields.shipping,
      total: fields.total,
      product_points: 0,
      discount_points: 0,
      requires_prescription: false,
      customer: JSON.stringify({
        firstName: buyer.first_name,
        secondName: '',
        firstLastName: buyer.last_name,
        secondLastName: '',
        typeID: 1,
        numberID: `CC ${buyer.document_number}`,
        countryCode: '+57',
        phoneNumber: '3101234567',
        email: buyer.email,
      }),
      bill: JSON.stringify({ typeContributor: 'persona_natural', typeID: '', numberID: '' }),
      address: JSON.stringify({
        address: 'Carrera 7 # 71-21',
        residenceDetail: 'Apto 501',
        state: 'Cundinamarca',
        city: 'Bogotá',
        postalCode: '110231',
      }),
    })
    .execute();
  for (const line of fields.lines) {
    const product = await db()
      .selectFrom('products as p')
      .innerJoin('product_prices as pr', (join) => join.onRef('pr.product_id', '=', 'p.id').on('pr.country_id', '=', 1))
      .select(['p.id', 'p.name', 'p.slug', 'p.category_id', 'p.points_price', 'pr.amount'])
      .where('p.slug', '=', line.slug)
      .executeTakeFirstOrThrow();
    await db()
      .insertInto('order_items')
      .values({
        order_id: id,
        product_id: product.id,
        name: product.name,
        slug: product.slug,
        image: null,
        category_id: product.category_id,
        type: line.type,
        quantity: line.quantity,
        unit_price: line.type === 'points' ? 0 : product.amount,
        doctor_discount: 0,
        line_total: line.type === 'points' ? 0 : product.amount * line.quantity,
        points: line.type === 'points' ? product.points_price : null,
        stock_reserved: 0,
      })
      .execute();
  }
  return { id, sourceId, buyer };
}

async function priceOf(slug: string): Promise<number> {
  const row = await db()
    .selectFrom('products as p')
    .innerJoin('product_prices as pr', 'pr.product_id', 'p.id')
    .select('pr.amount')
    .where('p.slug', '=', slug)
    .where('pr.country_id', '=', 1)
    .executeTakeFirstOrThrow();
  return row.amount;
}

const ledgerOf = (orderId: number) =>
  db().selectFrom('points_ledger').selectAll().where('order_id', '=', orderId).orderBy('id').execute();

describe('quoteDiscount', () => {
  it('turns points into money with the country’s point value, rounded down', async () => {
    expect(await hook.quoteDiscount(db(), 1, 1_000)).toBe(10_000);
    expect(await hook.quoteDiscount(db(), 2, 1_000)).toBe(5_000);
    expect(await hook.quoteDiscount(db(), 3, 333)).toBe(333);
    expect(await hook.quoteDiscount(db(), 1, 0)).toBe(0);
  });

  it('refuses points that are not a whole number ≥ 0, and countries without a programme', async () => {
    await expect(hook.quoteDiscount(db(), 1, -1)).rejects.toMatchObject({ status: 400 });
    await expect(hook.quoteDiscount(db(), 1, 1.5)).rejects.toMatchObject({ status: 400 });
    await expect(hook.quoteDiscount(db(), 99, 10)).rejects.toMatchObject({
      status: 422,
      message: 'El programa de puntos no está configurado para el país 99.',
    });
  });
});

describe('spend and refund', () => {
  const input = (userId: number, orderId: number, productPoints: number, discountPoints: number): OrderPointsInput => ({
    userId,
    countryId: 1,
    orderId,
    productPoints,
    discountPoints,
  });

  it('debits the points of an order once, inside the order’s transaction', async () => {
    const user = await professionalWith(1_000);
    await db()
      .transaction()
      .execute((tx) => hook.spend(tx, input(user.id, 1, 300, 200)));
    await db()
      .transaction()
      .execute((tx) => hook.spend(tx, input(user.id, 1, 300, 200)));
    expect(await balanceOf(db(), user.id)).toBe(500);
    expect(await ledgerOf(1)).toMatchObject([
      {
        user_id: user.id,
        type: 'subtract',
        delta: -500,
        balance_after: 500,
        metadata: { orderId: 1, reason: ORDER_SPEND_REASON },
      },
    ]);
    await db()
      .transaction()
      .execute((tx) => hook.spend(tx, input(user.id, 2, 0, 0)));
    expect(await ledgerOf(2)).toEqual([]);
  });

  it('names the products the order takes with points', async () => {
    const order = await insertOrder('medico.co@demo.test', {
      status: 'pending_payment',
      total: 0,
      shipping: 0,
      lines: [{ slug: 'curcuma-piperina-95', quantity: 2, type: 'points' }],
    });
    await db()
      .transaction()
      .execute((tx) => hook.spend(tx, input(order.buyer.id, order.id, 1_000, 0)));
    const [entry] = await ledgerOf(order.id);
    expect(entry?.products).toEqual([
      { productId: expect.any(Number), quantity: 2, name: 'Cúrcuma + Piperina 95 % Curcuminoides', imageUrl: null },
    ]);
  });

  it('refuses a short balance with the Spanish 422 and rolls the whole order back', async () => {
    const user = await professionalWith(100);
    const attempt = db()
      .transaction()
      .execute(async (tx) => {
        await tx.insertInto('favorites').values({ user_id: user.id, product_id: 1 }).execute();
        await hook.spend(tx, input(user.id, 3, 80, 40));
      });
    await expect(attempt).rejects.toBeInstanceOf(Refusal);
    await expect(attempt).rejects.toMatchObject({ status: 422, message: insufficientPointsMessage(100, 120) });
    expect(await db().selectFrom('favorites').selectAll().where('user_id', '=', user.id).execute()).toEqual([]);
    expect(await balanceOf(db(), user.id)).toBe(100);
  });

  it('gives back what the order spent, once, and nothing for an order that spent nothing', async () => {
    const user = await professionalWith(1_000);
    await db()
      .transaction()
      .execute((tx) => hook.spend(tx, input(user.id, 4, 250, 0)));
    for (let attempt = 0; attempt < 2; attempt += 1) {
      await db()
        .transaction()
        .execute((tx) => hook.refund(tx, input(user.id, 4, 999, 999)));
    }
    expect(await balanceOf(db(), user.id)).toBe(1_000);
    expect((await ledgerOf(4)).map((entry) => [entry.type, entry.delta, entry.metadata.reason])).toEqual([
      ['subtract', -250, ORDER_SPEND_REASON],
      ['refund', 250, ORDER_REFUND_REASON],
    ]);
    await db()
      .transaction()
      .execute((tx) => hook.refund(tx, input(user.id, 5, 10, 0)));
    expect(await ledgerOf(5)).toEqual([]);
  });
});

describe('rewardPaidOrder', () => {
  it('gives a professional 2 % of the money paid for products (not shipping) in points, once', async () => {
    const { id, buyer } = await insertOrder('profesional.co@demo.test', {
      status: 'paid',
      total: 110_000,
      shipping: 10_000,
      lines: [{ slug: 'magnesio-bisglicinato-400-mg', quantity: 1, type: 'standard' }],
    });
    const before = await balanceOf(db(), buyer.id);
    await hook.rewardPaidOrder(db(), id);
    await hook.rewardPaidOrder(db(), id);
    expect(await balanceOf(db(), buyer.id)).toBe(before + 200);
    expect(await ledgerOf(id)).toMatchObject([
      {
        type: 'purchase',
        delta: 200,
        metadata: { orderId: id, name: `CO-${id}` },
        products: [{ quantity: 1, name: 'Magnesio Bisglicinato 400 mg', imageUrl: null }],
      },
    ]);
  });

  it('gives the prescribing professional 3 % of a patient’s products, through the prescription reward', async () => {
    const doctor = await userByEmail(ctx, 'medico.co@demo.test');
    const { id, sourceId, buyer } = await insertOrder('paciente.co@demo.test', {
      status: 'released',
      total: 200_000,
      shipping: 0,
      lines: [
        { slug: 'magnesio-bisglicinato-400-mg', quantity: 2, type: 'standard' },
        { slug: 'curcuma-piperina-95', quantity: 1, type: 'standard' },
      ],
    });
    const before = await balanceOf(db(), doctor.id);
    const amount = (await priceOf('magnesio-bisglicinato-400-mg')) * 2 + (await priceOf('curcuma-piperina-95'));
    const points = Math.floor((amount * 0.03) / 10);
    await hook.rewardPaidOrder(db(), id);
    await hook.rewardPaidOrder(db(), id);
    expect(await balanceOf(db(), doctor.id)).toBe(before + points);
    expect(await balanceOf(db(), buyer.id)).toBe(0);
    const [entry] = await ledgerOf(id);
    expect(entry).toMatchObject({
      user_id: doctor.id,
      type: 'prescription',
      delta: points,
      sale_id: sourceId,
      metadata: {
        name: 'Mariana Gómez Ortiz',
        identification: buyer.document_number,
        email: 'paciente.co@demo.test',
        phone: '3101234567',
        country: 'Colombia',
        address: 'Carrera 7 # 71-21, Apto 501, Bogotá, Cundinamarca',
        dialCode: '+57',
        orderId: id,
      },
    });

    // The same sale through the HTTP call does not reward twice.
    const admin = await sessionFor(ctx, 'admin@demo.test');
    const response = await ctx.app.request(
      '/api/gamification/prescription-reward',
      jsonRequest(
        'POST',
        {
          doctorUid: doctor.uid,
          patientId: buyer.document_number,
          patientData: { country: 'co' },
          products: [{ productId: 1, quantity: 1 }],
          saleId: sourceId,
        },
        authHeaders(admin),
      ),
    );
    expect(((await response.json()) as PrescriptionRewardResponseDto).points).toBe(0);
    expect(await balanceOf(db(), doctor.id)).toBe(before + points);
  });

  it('rewards nothing for an order not paid (or still in review), points lines, or a patient alone', async () => {
    for (const status of ['pending_payment', 'pending_prescription', 'payment_rejected', 'cancelled'] as const) {
      const pending = await insertOrder('medico.co@demo.test', {
        status,
        total: 50_000,
        shipping: 0,
        lines: [{ slug: 'magnesio-bisglicinato-400-mg', quantity: 1, type: 'standard' }],
      });
      await hook.rewardPaidOrder(db(), pending.id);
      expect(await ledgerOf(pending.id), status).toEqual([]);
    }

    const onlyPoints = await insertOrder('paciente.co@demo.test', {
      status: 'paid',
      total: 0,
      shipping: 0,
      lines: [{ slug: 'curcuma-piperina-95', quantity: 1, type: 'points' }],
    });
    await hook.rewardPaidOrder(db(), onlyPoints.id);
    expect(await ledgerOf(onlyPoints.id)).toEqual([]);

    const loner = await createUser(ctx, { role: 'patient', email: `solo.${Date.now()}@prueba.test` });
    const order = await insertOrder(loner.email, {
      status: 'paid',
      total: 50_000,
      shipping: 0,
      lines: [{ slug: 'magnesio-bisglicinato-400-mg', quantity: 1, type: 'standard' }],
    });
    await hook.rewardPaidOrder(db(), order.id);
    expect(await ledgerOf(order.id)).toEqual([]);
  });

  it('reads the order once more after 400 ms when it is not there yet', async () => {
    const { id } = await insertOrder('medico.pe@demo.test', {
      status: 'paid',
      total: 30_000,
      shipping: 0,
      lines: [{ slug: 'magnesio-bisglicinato-400-mg', quantity: 1, type: 'standard' }],
    });
    let calls = 0;
    const late = createOrderPointsHook({
      findOrder: async (database, orderId) => {
        calls += 1;
        return calls === 1 ? undefined : findOrderForPoints(database, orderId);
      },
    });
    const started = Date.now();
    await late.rewardPaidOrder(db(), id);
    expect(calls).toBe(2);
    expect(Date.now() - started).toBeGreaterThanOrEqual(ORDER_FETCH_RETRY_DELAY_MS - 20);
    expect((await ledgerOf(id)).map((entry) => entry.type)).toEqual(['purchase']);

    calls = 0;
    const missing = createOrderPointsHook({
      findOrder: async () => {
        calls += 1;
        return undefined;
      },
      retryDelayMs: 5,
    });
    await expect(missing.rewardPaidOrder(db(), 123)).rejects.toThrow('Pedido 123 no encontrado');
    expect(calls).toBe(2);
  });
});
