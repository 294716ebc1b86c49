import type { Selectable, Transaction, Updateable } from 'kysely';
import type { OrderDto, OrderStatus } from '../../../src/lib/shared/orders';
import type { Database, OrdersTable, PaymentsTable, UserRow } from '../db/schema';
import { Refusal } from '../refusal';
import type { PaymentEvent, PaymentProvider, ProviderPayment } from '../payments/provider';
import type { OrdersContext } from './context';
import { cancelledEmail, receiptEmail, releasedEmail } from './emails';
import type { OrderPointsInput } from './points-hook';
import { ORDER_NOT_FOUND_MESSAGE, toOrderDto, type OrderRow } from './repo';
import { releaseStock } from './stock';

const PAYMENT_NOT_FOUND_MESSAGE = 'Pago no encontrado.';
const WEBHOOK_AMOUNT_MESSAGE = 'El monto o la moneda del webhook no coinciden con los del pago.';
export const REVIEW_CONFLICT_MESSAGE = 'Solo se pueden revisar pedidos que esperan la revisión de su fórmula médica.';
const PROVIDER_FAILED_MESSAGE = 'El proveedor de pagos no respondió. Intenta de nuevo en unos minutos.';

type PaymentRow = Selectable<PaymentsTable>;

export async function recordStatus(
  trx: Transaction<Database>,
  orderId: number,
  status: OrderStatus,
  note: string,
  changedBy: number | null = null,
): Promise<void> {
  await trx
    .insertInto('order_status_history')
    .values({ order_id: orderId, status, note, changed_by: changedBy })
    .execute();
}

export function pointsOf(order: OrderRow): OrderPointsInput {
  return {
    userId: order.user_id,
    countryId: order.country_id,
    orderId: order.id,
    productPoints: order.product_points,
    discountPoints: order.discount_points,
  };
}

export const spentPoints = (order: OrderRow) => order.product_points > 0 || order.discount_points > 0;

export function providerPayment(payment: PaymentRow): ProviderPayment {
  return {
    id: payment.id,
    amount: payment.amount,
    currency: payment.currency,
    method: payment.method,
    providerPaymentId: payment.provider_payment_id,
    reference: payment.provider_reference,
  };
}

/**
 * A provider call, made before the transaction that records its effect and never inside one (a slow provider must
 * not hold row locks): its failure is logged and answers a Spanish 502, with nothing changed here.
 */
export async function atProvider(ctx: OrdersContext, action: string, call: () => Promise<void>): Promise<void> {
  try {
    await call();
  } catch (error) {
    ctx.logger.error(`El proveedor de pagos falló al ${action}:`, error);
    throw new Refusal(502, PROVIDER_FAILED_MESSAGE);
  }
}

/**
 * After a paid order: the prescription reward of product §7 and the re-purchase reminders. Each failure is logged and
 * never undoes the payment (the reminders' scheduler also picks up paid orders nobody examined).
 */
async function rewardPaidOrder(ctx: OrdersContext, orderId: number): Promise<void> {
  try {
    await ctx.pointsHook.rewardPaidOrder(ctx.db, orderId);
  } catch (error) {
    ctx.logger.error(`No se pudo registrar la recompensa de puntos del pedido ${orderId}:`, error);
  }
  try {
    await ctx.onOrderPaid(orderId);
  } catch (error) {
    ctx.logger.error(`No se pudieron programar los recordatorios de recompra del pedido ${orderId}:`, error);
  }
}

export type SettleResult = 'applied' | 'duplicate' | 'ignored';

/**
 * Applies a provider's verified verdict. Each event id is applied once (replays change nothing), and a payment is
 * settled once (a second outcome for it, for instance a double submit of the hosted page, changes nothing).
 * Approved: the order is `paid`, or `pending_prescription` with the card only authorised when it holds hormones; the
 * receipt is queued. Declined: `payment_rejected`, stock and points given back.
 */
export async function settlePayment(
  ctx: OrdersContext,
  provider: PaymentProvider,
  event: PaymentEvent,
): Promise<SettleResult> {
  // A capture happens before the transaction that records the approval (captures are idempotent at the providers, so
  // one made for a verdict that then turns out to be a replay changes nothing).
  if (event.outcome === 'approved' && !provider.capturesOnApproval) {
    const before = await ctx.db
      .selectFrom('payments as pa')
      .innerJoin('orders as o', 'o.id', 'pa.order_id')
      .selectAll('pa')
      .select('o.requires_prescription')
      .where('pa.id', '=', event.paymentId)
      .where('pa.provider', '=', provider.name)
      .executeTakeFirst();
    if (before?.status === 'pending' && (!before.requires_prescription || before.method === 'bank_transfer')) {
      await atProvider(ctx, 'capturar el pago', () => provider.confirmPayment(providerPayment(before)));
    }
  }
  const settled = await ctx.db.transaction().execute(async (trx) => {
    const payment = await trx
      .selectFrom('payments')
      .selectAll()
      .where('id', '=', event.paymentId)
      .where('provider', '=', provider.name)
      .forUpdate()
      .executeTakeFirst();
    if (!payment) throw new Refusal(404, PAYMENT_NOT_FOUND_MESSAGE);
    const recorded = await trx
      .insertInto('payment_webhook_events')
      .values({ provider: provider.name, event_id: event.id, payment_id: payment.id, outcome: event.outcome })
      .onConflict((conflict) => conflict.columns(['provider', 'event_id']).doNothing())
      .returning('event_id')
      .executeTakeFirst();
    if (!recorded) return { result: 'duplicate' as const, rewardOrderId: null };
    if (payment.status !== 'pending') return { result: 'ignored' as const, rewardOrderId: null };
    if (event.providerPaymentId) {
      await trx
        .updateTable('payments')
        .set({ provider_payment_id: event.providerPaymentId })
        .where('id', '=', payment.id)
        .execute();
    }
    // The buyer started paying (a transfer on its way, a card under review): the order keeps waiting.
    if (event.outcome === 'pending') return { result: 'applied' as const, rewardOrderId: null };
    if (event.amount !== payment.amount || event.currency !== payment.currency) {
      throw new Refusal(400, WEBHOOK_AMOUNT_MESSAGE);
    }
    const order = await trx
      .selectFrom('orders')
      .selectAll()
      .where('id', '=', payment.order_id)
      .forUpdate()
      .executeTakeFirstOrThrow();
    const now = new Date();
    const card = { brand: event.brand, last4: event.last4 };

    if (event.outcome === 'declined') {
      await trx
        .updateTable('payments')
        .set({ ...card, status: 'declined', closed_at: now })
        .where('id', '=', payment.id)
        .execute();
      await trx.updateTable('orders').set({ status: 'payment_rejected' }).where('id', '=', order.id).execute();
      await recordStatus(trx, order.id, 'payment_rejected', 'El medio de pago rechazó el pago.');
      await releaseStock(trx, order.id);
      if (spentPoints(order)) await ctx.pointsHook.refund(trx, pointsOf(order));
      return { result: 'applied' as const, rewardOrderId: null, declined: payment };
    }

    // A transfer is money received; a card of a hormone order stays authorised until the prescription is approved,
    // unless the provider charges on approval (captured above otherwise).
    const capture = provider.capturesOnApproval || !order.requires_prescription || payment.method === 'bank_transfer';
    await trx
      .updateTable('payments')
      .set({ ...card, status: 'approved', approved_at: now, captured_at: capture ? now : null })
      .where('id', '=', payment.id)
      .execute();
    const status = order.requires_prescription ? 'pending_prescription' : 'paid';
    const paid = await trx
      .updateTable('orders')
      .set({ status, paid_at: now })
      .where('id', '=', order.id)
      .returningAll()
      .executeTakeFirstOrThrow();
    await recordStatus(
      trx,
      order.id,
      status,
      order.requires_prescription ? 'Pago aprobado; en espera de la revisión de la fórmula médica.' : 'Pago aprobado.',
    );
    await ctx.mailer.enqueue(trx, receiptEmail(await toOrderDto(trx, paid)));
    // Hormone orders earn their reward once released: a rejected prescription cancels them.
    return { result: 'applied' as const, rewardOrderId: order.requires_prescription ? null : order.id };
  });
  ctx.mailer.flush();
  if (settled.rewardOrderId !== null) await rewardPaidOrder(ctx, settled.rewardOrderId);
  if ('declined' in settled && settled.declined) {
    // A provider whose page lets the buyer try again (Mercado Pago) stops taking money for an order already rejected.
    const declined = settled.declined;
    await provider.void(providerPayment(declined)).catch((error: unknown) => {
      ctx.logger.error(`No se pudo cerrar el enlace de pago rechazado ${declined.id}:`, error);
    });
  }
  return settled.result;
}

/** The payment of a hormone order waiting for its review, read before any provider call; undefined otherwise. */
async function reviewedPayment(ctx: OrdersContext, orderId: number): Promise<PaymentRow | undefined> {
  return ctx.db
    .selectFrom('payments as pa')
    .innerJoin('orders as o', 'o.id', 'pa.order_id')
    .selectAll('pa')
    .where('o.id', '=', orderId)
    .where('o.requires_prescription', '=', true)
    .where('o.status', '=', 'pending_prescription')
    .executeTakeFirst();
}

/** Moves a hormone order out of `pending_prescription`; 404 for unknown orders, 409 in any other status. */
async function claimReview(
  trx: Transaction<Database>,
  orderId: number,
  changes: Updateable<OrdersTable>,
): Promise<{ order: OrderRow; payment: PaymentRow }> {
  const order = await trx
    .updateTable('orders')
    .set(changes)
    .where('id', '=', orderId)
    .where('requires_prescription', '=', true)
    .where('status', '=', 'pending_prescription')
    .returningAll()
    .executeTakeFirst();
  if (!order) {
    const exists = await trx.selectFrom('orders').select('id').where('id', '=', orderId).executeTakeFirst();
    throw new Refusal(exists ? 409 : 404, exists ? REVIEW_CONFLICT_MESSAGE : ORDER_NOT_FOUND_MESSAGE);
  }
  const payment = await trx
    .selectFrom('payments')
    .selectAll()
    .where('order_id', '=', orderId)
    .forUpdate()
    .executeTakeFirstOrThrow();
  return { order, payment };
}

/** An admin approves the prescription: the order is released for dispatch and an authorised card is captured. */
export async function approvePrescription(
  ctx: OrdersContext,
  orderId: number,
  reviewer: Pick<UserRow, 'id'>,
): Promise<OrderDto> {
  const now = new Date();
  // The capture goes first, outside the transaction; captures are idempotent, so a second approval repeats nothing.
  const before = await reviewedPayment(ctx, orderId);
  if (before && !before.captured_at) {
    await atProvider(ctx, 'capturar el pago', () => ctx.payments.of(before).confirmPayment(providerPayment(before)));
  }
  const dto = await ctx.db.transaction().execute(async (trx) => {
    const { order, payment } = await claimReview(trx, orderId, {
      status: 'released',
      prescription_status: 'approved',
      prescription_reason: null,
      prescription_reviewed_at: now,
      prescription_reviewed_by: reviewer.id,
    });
    if (!payment.captured_at) {
      await trx.updateTable('payments').set({ captured_at: now }).where('id', '=', payment.id).execute();
    }
    await recordStatus(
      trx,
      orderId,
      'released',
      'Fórmula médica aprobada: pedido liberado para despacho.',
      reviewer.id,
    );
    const released = await toOrderDto(trx, order);
    await ctx.mailer.enqueue(trx, releasedEmail(released));
    return released;
  });
  ctx.mailer.flush();
  await rewardPaidOrder(ctx, orderId);
  return dto;
}

/**
 * An admin rejects the prescription: the order is cancelled, its payment voided (an authorised card) or refunded
 * (money already taken), its stock and points given back, and the buyer told why.
 */
export async function rejectPrescription(
  ctx: OrdersContext,
  orderId: number,
  reviewer: Pick<UserRow, 'id'>,
  reason: string,
): Promise<OrderDto> {
  const now = new Date();
  // The money goes back first, outside the transaction (refunds and voids carry the payment's idempotency key); a
  // failure answers 502 with the order still waiting for its review.
  const before = await reviewedPayment(ctx, orderId);
  if (before) {
    const provider = ctx.payments.of(before);
    const refund = before.captured_at !== null;
    await atProvider(ctx, refund ? 'reembolsar el pago' : 'anular el pago', () =>
      refund ? provider.refund(providerPayment(before)) : provider.void(providerPayment(before)),
    );
  }
  const dto = await ctx.db.transaction().execute(async (trx) => {
    const { order, payment } = await claimReview(trx, orderId, {
      status: 'cancelled',
      prescription_status: 'rejected',
      prescription_reason: reason,
      prescription_reviewed_at: now,
      prescription_reviewed_by: reviewer.id,
    });
    const refund = payment.captured_at !== null;
    await trx
      .updateTable('payments')
      .set({ status: refund ? 'refunded' : 'voided', closed_at: now })
      .where('id', '=', payment.id)
      .execute();
    await releaseStock(trx, orderId);
    if (spentPoints(order)) await ctx.pointsHook.refund(trx, pointsOf(order));
    await recordStatus(trx, orderId, 'cancelled', `Fórmula médica rechazada: ${reason}`, reviewer.id);
    const cancelled = await toOrderDto(trx, order);
    await ctx.mailer.enqueue(trx, cancelledEmail(cancelled, reason));
    return cancelled;
  });
  ctx.mailer.flush();
  return dto;
}
