import { beforeEach, describe, expect, it } from 'vitest';
import type { ApiErrorBody } from '../../src/lib/shared/api-types';
import type { QuoteDto } from '../../src/lib/shared/orders';
import { Refusal } from '../src/refusal';
import type { OrderPointsHook, OrderPointsInput } from '../src/orders/points-hook';
import { jsonRequest } from './helpers';
import {
  card,
  createdOrder,
  orderBody,
  orderOf,
  ordersWorldForFile,
  buyerForFile,
  postOrder,
  prescriptionOf,
  stockOf,
  submitPaymentPage,
  VISA_APPROVED,
} from './orders-fixtures';
import { D3, MAGNESIO } from './support/seed-products';

/** A stand-in for the Points programme: 100 pesos a point, a balance of 5,000 points, every call recorded. */
const POINT_VALUE_COP = 100;
const BALANCE = 5_000;
const calls: { call: string; input?: OrderPointsInput; orderId?: number; orderVisible?: boolean }[] = [];
let rewardFails = false;

const hook: OrderPointsHook = {
  async quoteDiscount(_db, _countryId, discountPoints) {
    return discountPoints * POINT_VALUE_COP;
  },
  async spend(tx, input) {
    if (input.productPoints + input.discountPoints > BALANCE) throw new Refusal(422, 'No tienes puntos suficientes.');
    // Inside the order's transaction: the order it spends for is already there.
    const order = await tx.selectFrom('orders').select('id').where('id', '=', input.orderId).executeTakeFirst();
    calls.push({ call: 'spend', input, orderVisible: order !== undefined });
  },
  async refund(_tx, input) {
    calls.push({ call: 'refund', input });
  },
  async rewardPaidOrder(_db, orderId) {
    calls.push({ call: 'reward', orderId });
    if (rewardFails) throw new Error('Servicio de puntos caído');
  },
};

const world = ordersWorldForFile({ pointsHook: hook });
const doctor = buyerForFile(world, { role: 'doctor' });

beforeEach(() => {
  calls.length = 0;
  rewardFails = false;
});

describe('orders and the Points programme', () => {
  it('turns points into money off the goods, never below the shipping', async () => {
    const quote = async (discountPoints: number) => {
      const body = { countryId: 1, items: [world.line(MAGNESIO)], pointItems: [], promoCode: null, discountPoints };
      const response = await world.ctx.app.request('/api/checkout/quote', jsonRequest('POST', body, doctor.headers));
      return (await response.json()) as QuoteDto;
    };
    // 89.000 less the 10 % doctor discount = 80.100 of goods.
    expect(await quote(100)).toMatchObject({ pointsDiscount: 10_000, shippingCost: 12_000, total: 82_100 });
    expect(await quote(10_000)).toMatchObject({ pointsDiscount: 80_100, total: 12_000, discountPoints: 10_000 });
  });

  it('spends the points inside the order’s transaction and keeps the points lines', async () => {
    const { order } = await createdOrder(
      world.ctx,
      doctor.headers,
      orderBody({ items: [world.line(MAGNESIO)], pointItems: [world.line(D3, 2)], discountPoints: 100 }),
    );
    expect(calls).toEqual([
      {
        call: 'spend',
        input: { userId: doctor.user.id, countryId: 1, orderId: order.id, productPoints: 1_800, discountPoints: 100 },
        orderVisible: true,
      },
    ]);
    expect(order).toMatchObject({ productPoints: 1_800, pointsDiscount: 10_000, articleCount: 3 });
    expect(order.items[1]).toMatchObject({ type: 'points', unitPrice: 0, lineTotal: 0, points: 1_800, quantity: 2 });
  });

  it('makes no order when the points are short, and takes no stock', async () => {
    const d3 = world.productId(D3);
    const before = await stockOf(world.ctx, d3);
    const response = await postOrder(world.ctx, doctor.headers, orderBody({ pointItems: [world.line(D3, 6)] }));
    expect(response.status).toBe(422);
    expect(((await response.json()) as ApiErrorBody).message).toBe('No tienes puntos suficientes.');
    expect(await stockOf(world.ctx, d3)).toBe(before);
  });

  it('gives the points back when the payment is declined', async () => {
    const { order, payment } = await createdOrder(
      world.ctx,
      doctor.headers,
      orderBody({ items: [world.line(MAGNESIO)], discountPoints: 50 }),
    );
    await submitPaymentPage(world.ctx, payment.id, card('4000 0000 0000 0002'));
    expect(calls.map((entry) => entry.call)).toEqual(['spend', 'refund']);
    expect(calls[1]?.input).toEqual(calls[0]?.input);
    expect((await orderOf(world.ctx, doctor.headers, order.id)).status).toBe('payment_rejected');
  });

  it('rewards a paid order after the payment; a failing reward is logged and the order stays paid', async () => {
    const { order, payment } = await createdOrder(
      world.ctx,
      doctor.headers,
      orderBody({ items: [world.line(MAGNESIO)] }),
    );
    rewardFails = true;
    expect((await submitPaymentPage(world.ctx, payment.id, card(VISA_APPROVED))).status).toBe(303);
    expect(calls).toEqual([{ call: 'reward', orderId: order.id }]);
    expect((await orderOf(world.ctx, doctor.headers, order.id)).status).toBe('paid');
    expect(world.log.lines.some((entry) => entry.includes(`recompensa de puntos del pedido ${order.id}`))).toBe(true);
  });

  it('rewards a hormone order once released, and refunds the points of a rejected one', async () => {
    const hormoneOrder = async () => {
      const body = orderBody({
        items: [world.line('dhea-25-mg')],
        discountPoints: 10,
        prescriptionDocumentId: await prescriptionOf(world.ctx, doctor),
      });
      const { order, payment } = await createdOrder(world.ctx, doctor.headers, body);
      await submitPaymentPage(world.ctx, payment.id, card(VISA_APPROVED));
      return order;
    };
    const review = (id: number, action: string, body: unknown = {}) =>
      world.ctx.app.request(`/api/admin/hormone-orders/${id}/${action}`, jsonRequest('POST', body, world.admin));
    const released = await hormoneOrder();
    expect(calls.map((entry) => entry.call)).toEqual(['spend']);
    expect((await review(released.id, 'approve')).status).toBe(200);
    expect(calls.at(-1)).toEqual({ call: 'reward', orderId: released.id });
    const rejected = await hormoneOrder();
    expect((await review(rejected.id, 'reject', { reason: 'Sin firma.' })).status).toBe(200);
    expect(calls.at(-1)).toMatchObject({ call: 'refund', input: { orderId: rejected.id, discountPoints: 10 } });
  });
});
