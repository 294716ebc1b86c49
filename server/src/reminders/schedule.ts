import { sql, type Kysely, type Transaction } from 'kysely';
import { countryById } from '../../../src/lib/shared/countries';
import type { OrderStatus } from '../../../src/lib/shared/orders';
import { localDay, reminderTimes, type ReminderProductDto } from '../../../src/lib/shared/reminders';
import { addDays } from '../../../src/lib/shared/calendar-date';
import type { Database } from '../db/schema';
import { daysOfSupply } from './supply';

/** Orders whose products reach the buyer: paid, or released after their hormone prescription was approved. */
export const REMINDED_ORDER_STATUSES: readonly OrderStatus[] = ['paid', 'released'];

/** The catch-up sweep looks this far back for paid orders never examined (a crash right after a payment). */
const REMINDER_CATCH_UP_DAYS = 30;
const CATCH_UP_BATCH = 50;
const DAY_MS = 86_400_000;

interface BoughtLine {
  productId: number;
  name: string;
  quantity: number;
}

interface PrescribedTool {
  prescriptionId: number;
  productId: number;
  dailyUnits: number;
}

/**
 * For each product bought, the buyer's prescription (or recommendation) it was bought under: of the buyer's
 * prescriptions in the order's country, not cancelled and issued before the purchase, one holding the product, an
 * active one before a finished one, then the newest. The server decides, not the cart: a product added from the
 * catalogue, a cart filled on another device or a replayed checkout link the same way.
 */
async function prescribedTools(
  trx: Transaction<Database>,
  buyerId: number,
  countryId: number,
  start: Date,
  productIds: number[],
): Promise<Map<number, PrescribedTool>> {
  const rows = await trx
    .selectFrom('prescription_tools as t')
    .innerJoin('prescriptions as p', 'p.id', 't.prescription_id')
    .innerJoin('patients as pa', 'pa.id', 'p.patient_id')
    .select(['t.product_id', 't.daily_capsules', 'p.id as prescription_id'])
    .where('pa.user_id', '=', buyerId)
    .where('p.country_id', '=', countryId)
    .where('p.cancelled_at', 'is', null)
    .where('p.created_at', '<=', start)
    .where('t.product_id', 'in', productIds)
    .orderBy(sql`p.ends_at > ${start}`, 'desc')
    .orderBy('p.created_at', 'desc')
    .orderBy('p.id', 'desc')
    .orderBy('t.position')
    .execute();
  const chosen = new Map<number, PrescribedTool>();
  for (const row of rows) {
    if (chosen.has(row.product_id)) continue;
    chosen.set(row.product_id, {
      prescriptionId: row.prescription_id,
      productId: row.product_id,
      dailyUnits: row.daily_capsules,
    });
  }
  return chosen;
}

/**
 * Each product's default presentation (the one sold unless another is chosen): units per container and unit. The
 * reminders and the professionals' adherence figures count supply by it.
 */
async function defaultPresentations(
  trx: Kysely<Database> | Transaction<Database>,
  productIds: number[],
): Promise<Map<number, { quantity: number; unit: string }>> {
  const rows = await trx
    .selectFrom('product_presentations')
    .select(['product_id', 'quantity', 'unit_symbol'])
    .where('product_id', 'in', productIds)
    .orderBy('product_id')
    .orderBy('is_default', 'desc')
    .orderBy('id')
    .execute();
  const found = new Map<number, { quantity: number; unit: string }>();
  for (const row of rows) {
    if (!found.has(row.product_id)) found.set(row.product_id, { quantity: row.quantity, unit: row.unit_symbol });
  }
  return found;
}

/**
 * Replaces the buyer's current schedule of one prescription with one for this purchase. A product bought again
 * before it ran out adds its new supply after the old one; a product of the earlier purchase not bought now keeps
 * its date. The earlier schedule's unsent reminders are closed as superseded.
 */
async function replaceSchedule(
  trx: Transaction<Database>,
  input: {
    buyerId: number;
    countryId: number;
    orderId: number;
    prescriptionId: number;
    purchasedAt: Date;
    purchaseDay: string;
    bought: { line: BoughtLine; days: number }[];
    timeZone: string;
    now: Date;
  },
): Promise<boolean> {
  // Two purchases of one prescription settle one after the other (PostgreSQL; PGlite has one connection anyway).
  await trx.selectFrom('prescriptions').select('id').where('id', '=', input.prescriptionId).forUpdate().execute();
  const previous = await trx
    .selectFrom('reminder_schedules')
    .select(['id', 'products'])
    .where('user_id', '=', input.buyerId)
    .where('prescription_id', '=', input.prescriptionId)
    .where('superseded_at', 'is', null)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .executeTakeFirst();
  const earlier = new Map((previous?.products ?? []).map((product) => [product.productId, product]));

  const products: ReminderProductDto[] = input.bought.map(({ line, days }) => {
    const left = earlier.get(line.productId);
    const start = left && left.runsOutOn > input.purchaseDay ? left.runsOutOn : input.purchaseDay;
    return {
      productId: line.productId,
      name: line.name,
      quantity: line.quantity,
      daysOfSupply: days,
      runsOutOn: addDays(start, days),
    };
  });
  for (const [productId, product] of earlier) {
    if (!products.some((candidate) => candidate.productId === productId) && product.runsOutOn > input.purchaseDay) {
      products.push(product);
    }
  }
  products.sort((a, b) => a.runsOutOn.localeCompare(b.runsOutOn) || a.name.localeCompare(b.name));
  const first = products[0];
  if (!first) return false;

  const schedule = await trx
    .insertInto('reminder_schedules')
    .values({
      user_id: input.buyerId,
      country_id: input.countryId,
      order_id: input.orderId,
      prescription_id: input.prescriptionId,
      purchased_at: input.purchasedAt,
      runs_out_on: first.runsOutOn,
      products: JSON.stringify(products),
    })
    .onConflict((conflict) => conflict.columns(['order_id', 'prescription_id']).doNothing())
    .returning('id')
    .executeTakeFirst();
  if (!schedule) return false;
  if (previous) {
    await trx
      .updateTable('reminder_schedules')
      .set({ superseded_at: input.now })
      .where('id', '=', previous.id)
      .execute();
    await trx
      .updateTable('reminder_notifications')
      .set({ closed_at: input.now, outcome: 'superseded', claimed_until: null })
      .where('schedule_id', '=', previous.id)
      .where('closed_at', 'is', null)
      .execute();
  }
  await trx
    .insertInto('reminder_notifications')
    .values(
      reminderTimes(first.runsOutOn, input.now, input.timeZone).map(({ leadDays, at }) => ({
        schedule_id: schedule.id,
        lead_days: leadDays,
        due_at: at,
        next_attempt_at: at,
      })),
    )
    .execute();
  return true;
}

/**
 * Examines one order once it is paid (or released): each prescription its products were bought under gets a
 * schedule. Each order is examined once (`reminder_order_checks`), whoever calls first: the payment's hook or the
 * scheduler's catch-up sweep. Answers how many schedules it created.
 */
export async function scheduleRemindersForOrder(
  db: Kysely<Database>,
  orderId: number,
  now: Date = new Date(),
): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const order = await trx
      .selectFrom('orders')
      .select(['id', 'user_id', 'country_id', 'status', 'paid_at', 'prescription_reviewed_at'])
      .where('id', '=', orderId)
      .executeTakeFirst();
    // Not paid yet (or waiting for its prescription review): examined when it gets there.
    if (!order?.paid_at || !REMINDED_ORDER_STATUSES.includes(order.status)) return 0;
    const checked = await trx
      .insertInto('reminder_order_checks')
      .values({ order_id: order.id })
      .onConflict((conflict) => conflict.column('order_id').doNothing())
      .returning('order_id')
      .executeTakeFirst();
    if (!checked) return 0;
    const country = countryById(order.country_id);
    if (!country) return 0;

    // A hormone order reaches the patient once released: its supply starts then.
    const purchasedAt =
      order.status === 'released' && order.prescription_reviewed_at ? order.prescription_reviewed_at : order.paid_at;
    const lines = await trx
      .selectFrom('order_items')
      .select([
        'product_id',
        (eb) => eb.fn.max('name').as('name'),
        (eb) => eb.fn.sum<string>('quantity').as('quantity'),
      ])
      .where('order_id', '=', order.id)
      .groupBy('product_id')
      .execute();
    if (lines.length === 0) return 0;
    const productIds = lines.map((line) => line.product_id);
    const tools = await prescribedTools(trx, order.user_id, order.country_id, purchasedAt, productIds);
    if (tools.size === 0) return 0;
    const units = await defaultPresentations(trx, [...tools.keys()]);

    const byPrescription = new Map<number, { line: BoughtLine; days: number }[]>();
    for (const line of lines) {
      const tool = tools.get(line.product_id);
      if (!tool) continue;
      const presentation = units.get(line.product_id);
      const quantity = Number(line.quantity);
      const days = daysOfSupply({
        unitsPerContainer: presentation?.quantity ?? null,
        unitSymbol: presentation?.unit ?? null,
        dailyUnits: tool.dailyUnits,
        containers: quantity,
      });
      if (days === null) continue;
      const group = byPrescription.get(tool.prescriptionId) ?? [];
      group.push({ line: { productId: line.product_id, name: line.name, quantity }, days });
      byPrescription.set(tool.prescriptionId, group);
    }

    let created = 0;
    for (const [prescriptionId, bought] of byPrescription) {
      const made = await replaceSchedule(trx, {
        buyerId: order.user_id,
        countryId: order.country_id,
        orderId: order.id,
        prescriptionId,
        purchasedAt,
        purchaseDay: localDay(purchasedAt, country.timeZone),
        bought,
        timeZone: country.timeZone,
        now,
      });
      if (made) created += 1;
    }
    return created;
  });
}

/**
 * Paid orders of the last `REMINDER_CATCH_UP_DAYS` nobody examined: the hook after a payment runs outside the
 * payment's transaction, so a crash between them would otherwise lose the order's reminders.
 */
export async function scheduleMissedOrders(db: Kysely<Database>, now: Date = new Date()): Promise<number> {
  const orders = await db
    .selectFrom('orders as o')
    .leftJoin('reminder_order_checks as c', 'c.order_id', 'o.id')
    .select('o.id')
    .where('c.order_id', 'is', null)
    .where('o.status', 'in', REMINDED_ORDER_STATUSES)
    .where('o.paid_at', '>', new Date(now.getTime() - REMINDER_CATCH_UP_DAYS * DAY_MS))
    .orderBy('o.paid_at')
    .limit(CATCH_UP_BATCH)
    .execute();
  let created = 0;
  for (const order of orders) created += await scheduleRemindersForOrder(db, order.id, now);
  return created;
}
