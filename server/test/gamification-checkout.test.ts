import { describe, expect, it } from 'vitest';
import type { QuoteDto } from '../../src/lib/shared/orders';
import { insufficientPointsMessage, moneyToRewardPoints } from '../../src/lib/shared/points';
import { appendEntry, balanceOf, lockBalance } from '../src/gamification/ledger';
import { createOrderPointsHook } from '../src/gamification/order-hook';
import { jsonRequest } from './helpers';
import {
  card,
  createdOrder,
  orderBody,
  ordersWorldForFile,
  postOrder,
  submitPaymentPage,
  VISA_APPROVED,
} from './orders-fixtures';
import { D3, MAGNESIO } from './support/seed-products';

// The Points programme wired into checkout as the lead wires it: the real hook, real orders and the sandbox payments.
const VISA_DECLINED = '4000 0000 0000 0002';

const world = ordersWorldForFile({ pointsHook: createOrderPointsHook() });

const db = () => world.ctx.database.db;

async function grant(userId: number, points: number) {
  await db()
    .transaction()
    .execute(async (tx) => {
      await appendEntry(tx, await lockBalance(tx, userId), { userId, countryId: 1, delta: points, type: 'adjustment' });
    });
}

const entryTypes = async (userId: number) =>
  (await db().selectFrom('points_ledger').select('type').where('user_id', '=', userId).orderBy('id').execute()).map(
    (row) => row.type,
  );

describe('checkout with points', () => {
  it('prices the points discount with the country’s point value', async () => {
    const doctor = await world.buyer({ role: 'doctor' });
    const response = await world.ctx.app.request(
      '/api/checkout/quote',
      jsonRequest(
        'POST',
        { countryId: 1, items: [world.line(MAGNESIO)], pointItems: [], promoCode: null, discountPoints: 100 },
        doctor.headers,
      ),
    );
    expect(response.status).toBe(200);
    expect(((await response.json()) as QuoteDto).pointsDiscount).toBe(1_000);
  });

  it('spends the order’s points, gives them back when the payment is declined, and refuses a short balance', async () => {
    const doctor = await world.buyer({ role: 'doctor' });
    await grant(doctor.user.id, 2_000);
    const order = await createdOrder(
      world.ctx,
      doctor.headers,
      orderBody({ items: [world.line(MAGNESIO)], pointItems: [world.line(D3)], discountPoints: 100 }),
    );
    expect(await balanceOf(db(), doctor.user.id)).toBe(1_000);

    const declined = await submitPaymentPage(world.ctx, order.payment.id, card(VISA_DECLINED));
    expect(declined.status).toBe(303);
    expect(await balanceOf(db(), doctor.user.id)).toBe(2_000);
    expect(await entryTypes(doctor.user.id)).toEqual(['adjustment', 'subtract', 'refund']);

    const short = await postOrder(
      world.ctx,
      doctor.headers,
      orderBody({ items: [world.line(MAGNESIO)], pointItems: [world.line(D3, 3)] }),
    );
    expect(short.status).toBe(422);
    expect(((await short.json()) as { message: string }).message).toBe(insufficientPointsMessage(2_000, 2_700));
  });

  it('rewards a paid order: the professional’s own purchase, and a patient’s purchase to their professional', async () => {
    const doctor = await world.buyer({ role: 'doctor' });
    const own = await createdOrder(world.ctx, doctor.headers, orderBody({ items: [world.line(MAGNESIO, 2)] }));
    expect((await submitPaymentPage(world.ctx, own.payment.id, card(VISA_APPROVED))).status).toBe(303);
    const paid = own.order.total - own.order.shippingCost;
    expect(await balanceOf(db(), doctor.user.id)).toBe(moneyToRewardPoints(paid, 2, 10));

    const patient = await world.buyer({ role: 'patient', doctorId: doctor.user.id });
    const before = await balanceOf(db(), doctor.user.id);
    const bought = await createdOrder(world.ctx, patient.headers, orderBody({ items: [world.line(MAGNESIO)] }));
    expect((await submitPaymentPage(world.ctx, bought.payment.id, card(VISA_APPROVED))).status).toBe(303);
    const price = bought.order.items[0]?.unitPrice ?? 0;
    expect(await balanceOf(db(), doctor.user.id)).toBe(before + moneyToRewardPoints(price, 3, 10));
    expect(await entryTypes(doctor.user.id)).toEqual(['purchase', 'prescription']);
    expect(await balanceOf(db(), patient.user.id)).toBe(0);
  });
});
