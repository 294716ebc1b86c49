import type { ExpressionBuilder } from 'kysely';
import type { OrderStatus, PaymentMethod } from '../../../src/lib/shared/orders';
import type { Database } from '../db/schema';
import type { OrdersContext } from './context';
import { expiredEmail } from './emails';
import { atProvider, pointsOf, providerPayment, recordStatus, spentPoints } from './lifecycle';
import { toOrderDto } from './repo';
import type { QuoteInput } from './request';
import { releaseStock } from './stock';

const MS_PER_MINUTE = 60 * 1000;
const MS_PER_HOUR = 60 * MS_PER_MINUTE;

/** A card is paid on the hosted page there and then; after this an abandoned payment stops holding stock and points. */
export const PENDING_PAYMENT_TTL_MS = 30 * MS_PER_MINUTE;
/** A bank transfer waits for the buyer's bank, which may not move money over a weekend. */
export const AWAITING_TRANSFER_TTL_MS = 72 * MS_PER_HOUR;
/** How often the server cancels the unpaid orders whose window closed (started by `main.ts`). */
export const UNPAID_ORDERS_SWEEP_INTERVAL_MS = MS_PER_MINUTE;
export const PAYMENT_EXPIRED_NOTE = 'Pago no completado a tiempo';
/** Orders looked up per statement by a sweep; a sweep goes on until none is left. */
const SWEEP_BATCH_SIZE = 100;

const PAYMENT_WINDOWS_MS = {
  pending_payment: PENDING_PAYMENT_TTL_MS,
  awaiting_transfer: AWAITING_TRANSFER_TTL_MS,
} as const satisfies Partial<Record<OrderStatus, number>>;
type UnpaidStatus = keyof typeof PAYMENT_WINDOWS_MS;

function isUnpaid(status: OrderStatus): status is UnpaidStatus {
  return Object.hasOwn(PAYMENT_WINDOWS_MS, status);
}

/** Why an unpaid order was cancelled, as its e-mail and its hosted payment page tell the buyer. */
export function expiryExplanation(orderNumber: string, method: PaymentMethod): string {
  const windowMs = method === 'bank_transfer' ? AWAITING_TRANSFER_TTL_MS : PENDING_PAYMENT_TTL_MS;
  const window =
    windowMs % MS_PER_HOUR === 0 ? `${windowMs / MS_PER_HOUR} horas` : `${windowMs / MS_PER_MINUTE} minutos`;
  const what =
    method === 'bank_transfer'
      ? `No recibimos la transferencia del pedido ${orderNumber} dentro del plazo de ${window}, así que lo cancelamos.`
      : `El pago del pedido ${orderNumber} no se completó dentro del plazo de ${window}, así que lo cancelamos. No se hizo ningún cobro.`;
  return `${what} Si aún quieres los productos, vuelve a la bolsa y haz un nuevo pedido.`;
}

/** An unpaid order whose window to pay has closed at `now`. */
export function isPaymentOverdue(order: { status: OrderStatus; created_at: Date }, now: Date): boolean {
  return isUnpaid(order.status) && order.created_at.getTime() + PAYMENT_WINDOWS_MS[order.status] <= now.getTime();
}

/** The same test in SQL. */
function overdue(eb: ExpressionBuilder<Database, 'orders'>, now: Date) {
  return eb.or(
    Object.entries(PAYMENT_WINDOWS_MS).map(([status, windowMs]) =>
      eb.and([
        eb('orders.status', '=', status as UnpaidStatus),
        eb('orders.created_at', '<=', new Date(now.getTime() - windowMs)),
      ]),
    ),
  );
}

/** The buyer's own orders (they may hold the buyer's points) and orders holding stock of the cart's products. */
function standsInTheWay(
  eb: ExpressionBuilder<Database, 'orders'>,
  { userId, productIds }: { userId: number; productIds: readonly number[] },
) {
  if (productIds.length === 0) return eb('orders.user_id', '=', userId);
  return eb.or([
    eb('orders.user_id', '=', userId),
    eb.exists(
      eb
        .selectFrom('order_items')
        .select('order_items.id')
        .whereRef('order_items.order_id', '=', 'orders.id')
        .where('order_items.product_id', 'in', productIds)
        .where('order_items.stock_reserved', '>', 0),
    ),
  ]);
}

/**
 * Cancels one unpaid order whose window closed: its payment voided with the provider, then in one transaction its
 * stock and points given back, the buyer told. The payment row is locked first, as `settlePayment` does, so an expiry and a
 * provider's verdict on the same order wait for each other (PostgreSQL) instead of deadlocking; PGlite runs one
 * transaction at a time. Whichever comes second finds the payment no longer pending and changes nothing, so a repeat
 * is harmless. A failure (the provider refusing the void) rolls the order back, is logged, and answers false.
 */
export async function expireUnpaidOrder(ctx: OrdersContext, orderId: number): Promise<boolean> {
  const now = ctx.clock();
  try {
    // The provider's payment is cancelled first, outside the transaction (never a provider call holding row locks);
    // a provider that refuses (the buyer paid meanwhile) leaves the order as it is.
    const due = await ctx.db
      .selectFrom('payments')
      .innerJoin('orders', 'orders.id', 'payments.order_id')
      .selectAll('payments')
      .where('payments.order_id', '=', orderId)
      .where('payments.status', '=', 'pending')
      .where((eb) => overdue(eb, now))
      .executeTakeFirst();
    if (!due) return false;
    await atProvider(ctx, 'anular el pago', () => ctx.payments.of(due).void(providerPayment(due)));
    const expired = await ctx.db.transaction().execute(async (trx) => {
      const payment = await trx
        .selectFrom('payments')
        .selectAll()
        .where('order_id', '=', orderId)
        .where('status', '=', 'pending')
        .forUpdate()
        .executeTakeFirst();
      if (!payment) return false;
      const order = await trx
        .updateTable('orders')
        .set({ status: 'cancelled' })
        .where('id', '=', orderId)
        .where((eb) => overdue(eb, now))
        .returningAll()
        .executeTakeFirst();
      if (!order) return false;
      await trx
        .updateTable('payments')
        .set({ status: 'voided', closed_at: now })
        .where('id', '=', payment.id)
        .execute();
      await releaseStock(trx, orderId);
      if (spentPoints(order)) await ctx.pointsHook.refund(trx, pointsOf(order));
      await recordStatus(trx, orderId, 'cancelled', PAYMENT_EXPIRED_NOTE);
      const explanation = expiryExplanation(order.number, payment.method);
      await ctx.mailer.enqueue(trx, expiredEmail(await toOrderDto(trx, order), explanation));
      return true;
    });
    if (expired) ctx.mailer.flush();
    return expired;
  } catch (error) {
    ctx.logger.error(`No se pudo cancelar el pedido sin pago ${orderId}:`, error);
    return false;
  }
}

/**
 * Cancels every unpaid order whose window closed, or with `scope` only those standing in that buyer's way. Answers
 * how many it cancelled.
 */
export async function expireUnpaidOrders(
  ctx: OrdersContext,
  scope?: { userId: number; productIds: readonly number[] },
): Promise<number> {
  const now = ctx.clock();
  let cancelled = 0;
  let afterId = 0;
  for (;;) {
    let query = ctx.db
      .selectFrom('orders')
      .select('id')
      .where((eb) => overdue(eb, now))
      .where('id', '>', afterId);
    if (scope) query = query.where((eb) => standsInTheWay(eb, scope));
    const batch = await query.orderBy('id').limit(SWEEP_BATCH_SIZE).execute();
    for (const { id } of batch) {
      if (await expireUnpaidOrder(ctx, id)) cancelled += 1;
    }
    const last = batch.at(-1);
    if (!last || batch.length < SWEEP_BATCH_SIZE) return cancelled;
    afterId = last.id;
  }
}

/** Before a cart's stock and points are checked: what the buyer's overdue orders, or others', still hold goes back. */
export function releaseOverdueHolds(
  ctx: OrdersContext,
  userId: number,
  cart: Pick<QuoteInput, 'items' | 'pointItems'>,
) {
  const productIds = [...new Set([...cart.items, ...cart.pointItems].map((line) => line.productId))];
  return expireUnpaidOrders(ctx, { userId, productIds });
}
