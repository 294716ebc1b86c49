import type { Kysely } from 'kysely';
import { moneyToRewardPoints, pointsToMoney } from '../../../src/lib/shared/points';
import type { Database, UserRow } from '../db/schema';
import { isUniqueViolation } from '../db/unique-violation';
import { Refusal } from '../refusal';
import type { OrderPointsHook, OrderPointsInput } from '../orders/points-hook';
import { digitsOnly, findUserById, isProfessional } from '../users/repo';
import { configOf } from './config';
import { appendEntry, lockBalance, orderEntry } from './ledger';
import { readOrderForPoints, REWARDED_ORDER_STATUSES, type OrderFinder, type OrderForPoints } from './paid-orders';
import { awardPrescription, type PatientRecord } from './prescription-reward';

const DISCOUNT_POINTS_MESSAGE = 'Los puntos de descuento deben ser un número entero mayor o igual a 0.';
export const ORDER_SPEND_REASON = 'Puntos usados en el pedido';
export const ORDER_REFUND_REASON = 'Puntos devueltos: el pedido se canceló o su pago fue rechazado';

interface OrderPointsHookOptions {
  /** How the order is read after payment; the tables of migration 0004 unless a test gives another. */
  findOrder?: OrderFinder;
  retryDelayMs?: number;
}

/** The buyer's own paid purchase: the purchase percentage of the money paid for products (shipping excluded). */
async function rewardPurchase(db: Kysely<Database>, buyer: UserRow, order: OrderForPoints): Promise<void> {
  const config = await configOf(db, order.countryId);
  const money = Math.max(0, order.total - order.shippingCost);
  const points = moneyToRewardPoints(money, config.purchaseRewardPercent, config.pointValue);
  if (points === 0) return;
  try {
    await db.transaction().execute(async (tx) => {
      const balance = await lockBalance(tx, buyer.id);
      if (await orderEntry(tx, order.id, 'purchase')) return;
      await appendEntry(tx, balance, {
        userId: buyer.id,
        countryId: order.countryId,
        delta: points,
        type: 'purchase',
        orderId: order.id,
        metadata: { orderId: order.id, name: order.number },
        products: order.lines
          .filter((line) => line.type === 'standard')
          .map((line) => ({
            productId: line.productId,
            quantity: line.quantity,
            name: line.name,
            imageUrl: line.image,
          })),
      });
    });
  } catch (error) {
    // Rewarded meanwhile by a concurrent call for the same order.
    if (!isUniqueViolation(error, 'points_ledger_order_unique')) throw error;
  }
}

/** The patient as the order's checkout form describes them. */
function patientOfOrder(order: OrderForPoints): PatientRecord {
  const { customer, address } = order;
  return {
    name: [customer.firstName, customer.secondName, customer.firstLastName, customer.secondLastName]
      .map((part) => part.trim())
      .filter(Boolean)
      .join(' '),
    identification: digitsOnly(customer.numberID),
    email: customer.email,
    phone: customer.phoneNumber,
    address: [address.address, address.residenceDetail, address.city, address.state]
      .map((part) => part.trim())
      .filter(Boolean)
      .join(', '),
    countryId: order.countryId,
  };
}

/**
 * The Points programme as checkout sees it (`server/src/orders/points-hook.ts`). Spending and refunds run inside the
 * order's transaction and lock the buyer's balance; each kind of entry happens at most once per order, so a retried
 * payment, cancellation or webhook never moves points twice.
 */
export function createOrderPointsHook(options: OrderPointsHookOptions = {}): OrderPointsHook {
  return {
    async quoteDiscount(db, countryId, discountPoints) {
      if (!Number.isSafeInteger(discountPoints) || discountPoints < 0) throw new Refusal(400, DISCOUNT_POINTS_MESSAGE);
      if (discountPoints === 0) return 0;
      const config = await configOf(db, countryId);
      return pointsToMoney(discountPoints, config.pointValue);
    },

    async spend(tx, input: OrderPointsInput) {
      const points = input.productPoints + input.discountPoints;
      if (points <= 0) return;
      const balance = await lockBalance(tx, input.userId);
      if (await orderEntry(tx, input.orderId, 'subtract')) return;
      // The order's lines are written before it spends: the history names the products taken with points.
      const pointLines = await tx
        .selectFrom('order_items')
        .select(['product_id as productId', 'quantity', 'name', 'image as imageUrl'])
        .where('order_id', '=', input.orderId)
        .where('type', '=', 'points')
        .orderBy('id')
        .execute();
      await appendEntry(tx, balance, {
        userId: input.userId,
        countryId: input.countryId,
        delta: -points,
        type: 'subtract',
        orderId: input.orderId,
        metadata: { orderId: input.orderId, reason: ORDER_SPEND_REASON },
        products: pointLines,
      });
    },

    async refund(tx, input: OrderPointsInput) {
      // What the ledger says was spent is given back, whatever the caller believes.
      const spent = await orderEntry(tx, input.orderId, 'subtract');
      if (!spent) return;
      const balance = await lockBalance(tx, spent.user_id);
      if (await orderEntry(tx, input.orderId, 'refund')) return;
      await appendEntry(tx, balance, {
        userId: spent.user_id,
        countryId: spent.country_id,
        delta: -spent.delta,
        type: 'refund',
        orderId: input.orderId,
        metadata: { orderId: input.orderId, reason: ORDER_REFUND_REASON },
      });
    },

    async rewardPaidOrder(db, orderId) {
      const order = await readOrderForPoints(db, orderId, options.findOrder, options.retryDelayMs);
      if (!order) throw new Error(`Pedido ${orderId} no encontrado: no se pudieron otorgar sus puntos.`);
      if (!REWARDED_ORDER_STATUSES.includes(order.status)) return;
      const buyer = await findUserById(db, order.buyerId);
      if (!buyer) return;
      if (isProfessional(buyer)) {
        await rewardPurchase(db, buyer, order);
        return;
      }
      if (buyer.role !== 'patient' || buyer.doctor_id === null) return;
      const doctor = await findUserById(db, buyer.doctor_id);
      if (!doctor || !isProfessional(doctor)) return;
      await awardPrescription(db, {
        doctor,
        patient: patientOfOrder(order),
        lines: order.lines
          .filter((line) => line.type === 'standard')
          .map((line) => ({ productId: line.productId, quantity: line.quantity })),
        saleId: order.sourceId,
        orderId: order.id,
      });
    },
  };
}
