import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema';

/** Points spent inside an order: catalogue products redeemed with points, and points taken as a money discount. */
export interface OrderPointsInput {
  userId: number;
  countryId: number;
  orderId: number;
  /** Points of the point lines (`points_price` × quantity), already computed by the order. */
  productPoints: number;
  /** Points the buyer turns into money off the order. */
  discountPoints: number;
}

/**
 * What the Checkout needs from the Points programme. The order calls `quoteDiscount` to price `discountPoints`,
 * `spend` inside the order's transaction (it must lock the balance and throw a Spanish 4xx `Refusal` when it is
 * short, so the order is rolled back whole), `refund` when an order that spent points is cancelled or its payment
 * rejected, and `rewardPaidOrder` after an order is paid (the prescription reward of product §7).
 */
export interface OrderPointsHook {
  quoteDiscount(db: Kysely<Database>, countryId: number, discountPoints: number): Promise<number>;
  spend(tx: Transaction<Database>, input: OrderPointsInput): Promise<void>;
  refund(tx: Transaction<Database>, input: OrderPointsInput): Promise<void>;
  rewardPaidOrder(db: Kysely<Database>, orderId: number): Promise<void>;
}
