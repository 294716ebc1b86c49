import type { Kysely } from 'kysely';
import type { AddressInputDto, CheckoutCustomerDto, OrderStatus } from '../../../src/lib/shared/orders';
import type { Database } from '../db/schema';

/** Product §9 "order retry delay": the reward reads the order once more after 400 ms when it is not there yet. */
export const ORDER_FETCH_RETRY_DELAY_MS = 400;

/**
 * Orders that earn points: paid, or released after their hormone prescription was approved. An order waiting for
 * that review earns nothing yet, since a rejected prescription cancels it.
 */
export const REWARDED_ORDER_STATUSES: readonly OrderStatus[] = ['paid', 'released'];

/** What the Points programme reads of an order: the fields `GET /orders/by_source/{id}` answers, as stored. */
export interface OrderForPoints {
  id: number;
  number: string;
  sourceId: string;
  countryId: number;
  status: OrderStatus;
  buyerId: number;
  total: number;
  shippingCost: number;
  customer: CheckoutCustomerDto;
  address: AddressInputDto;
  lines: { productId: number; quantity: number; type: 'standard' | 'points'; name: string; image: string | null }[];
}

export type OrderFinder = (db: Kysely<Database>, orderId: number) => Promise<OrderForPoints | undefined>;

/** The order and its lines, straight from the tables of migration 0004. */
export async function findOrderForPoints(db: Kysely<Database>, orderId: number): Promise<OrderForPoints | undefined> {
  const order = await db
    .selectFrom('orders')
    .select([
      'id',
      'number',
      'source_id',
      'country_id',
      'status',
      'user_id',
      'total',
      'shipping_cost',
      'customer',
      'address',
    ])
    .where('id', '=', orderId)
    .executeTakeFirst();
  if (!order) return undefined;
  const lines = await db
    .selectFrom('order_items')
    .select(['product_id', 'quantity', 'type', 'name', 'image'])
    .where('order_id', '=', orderId)
    .orderBy('id')
    .execute();
  return {
    id: order.id,
    number: order.number,
    sourceId: order.source_id,
    countryId: order.country_id,
    status: order.status,
    buyerId: order.user_id,
    total: order.total,
    shippingCost: order.shipping_cost,
    customer: order.customer,
    address: order.address,
    lines: lines.map((line) => ({
      productId: line.product_id,
      quantity: line.quantity,
      type: line.type,
      name: line.name,
      image: line.image,
    })),
  };
}

/**
 * Product §7: the prescription reward retries the order fetch once after 400 ms. The reward may run as soon as the
 * payment is confirmed, before the transaction that wrote the order is visible to this connection.
 */
export async function readOrderForPoints(
  db: Kysely<Database>,
  orderId: number,
  find: OrderFinder = findOrderForPoints,
  retryDelayMs = ORDER_FETCH_RETRY_DELAY_MS,
): Promise<OrderForPoints | undefined> {
  const first = await find(db, orderId);
  if (first) return first;
  await new Promise((resolve) => setTimeout(resolve, retryDelayMs));
  return find(db, orderId);
}
