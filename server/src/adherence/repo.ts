import { sql, type Kysely } from 'kysely';
import {
  ADHERENCE_REMINDER_INTERVAL_DAYS,
  type AdherenceSummaryDto,
  type ProductAdherenceDto,
} from '../../../src/lib/shared/adherence';
import { countryById } from '../../../src/lib/shared/countries';
import { localDay } from '../../../src/lib/shared/reminders';
import { addDays } from '../../../src/lib/shared/calendar-date';
import type { Database } from '../db/schema';
import { REMINDED_ORDER_STATUSES } from '../reminders/schedule';
import { daysOfSupply } from '../reminders/supply';

/** Whose prescriptions count: a professional's own (they follow what they prescribed), or every one (an admin). */
export type AdherenceScope = { authorId: number } | 'all';

interface PrescribedRow {
  patient_id: number;
  prescription_id: number;
  country_id: number;
  created_at: Date;
  ends_at: Date;
  product_id: number;
  name: string;
  daily_capsules: number;
  position: number;
  /** The patient's account (null: invited, not registered). */
  user_id: number | null;
  reminder_sent_at: Date | null;
  /** The product's default presentation, as `defaultPresentations` picks it. */
  units_per_container: number | null;
  unit_symbol: string | null;
}

interface PurchaseRow {
  user_id: number;
  country_id: number;
  product_id: number;
  purchased_at: Date;
  quantity: number;
}

/**
 * The prescription in force for a purchase made at `at`: of those issued before it, an active one before a finished
 * one, then the newest, as the reminders' schedule links a purchase to a prescription.
 */
function inForce(prescriptions: PrescribedRow[], at: Date): PrescribedRow | undefined {
  return prescriptions
    .filter((row) => row.created_at <= at)
    .sort(
      (a, b) =>
        Number(b.ends_at > at) - Number(a.ends_at > at) ||
        b.created_at.getTime() - a.created_at.getTime() ||
        b.prescription_id - a.prescription_id ||
        a.position - b.position,
    )[0];
}

/**
 * Adherence of each patient to each product prescribed to them (not cancelled, in scope): the purchases made since
 * the product was first prescribed, by the patient's account, in the prescription's country, in orders that reached
 * the patient (paid, or released after the hormone review). Purchases are chained as the reminders chain them: one
 * bought before the previous ran out adds its days after it. Days are counted with the dose of the prescription in
 * force at each purchase and the product's default presentation (`daysOfSupply`).
 */
export async function adherenceOf(
  db: Kysely<Database>,
  patientIds: number[],
  scope: AdherenceScope,
  now: Date,
): Promise<Map<number, ProductAdherenceDto[]>> {
  const result = new Map<number, ProductAdherenceDto[]>(patientIds.map((id) => [id, []]));
  if (patientIds.length === 0) return result;
  // One statement for what was prescribed, with what each row needs beside it: the patient's account, the product's
  // default presentation (as `defaultPresentations` of the reminders picks it) and the last reminder; the purchases are the second.
  // The register asks this for every page it shows, so round trips count (issue #18).
  const prescribed: PrescribedRow[] = await db
    .selectFrom('prescription_tools as t')
    .innerJoin('prescriptions as p', 'p.id', 't.prescription_id')
    .innerJoin('patients as pt', 'pt.id', 'p.patient_id')
    .leftJoin('adherence_reminders as r', (join) =>
      join.onRef('r.patient_id', '=', 'p.patient_id').onRef('r.product_id', '=', 't.product_id'),
    )
    .select((eb) => [
      'p.patient_id',
      'p.id as prescription_id',
      'p.country_id',
      'p.created_at',
      'p.ends_at',
      't.product_id',
      't.name',
      't.daily_capsules',
      't.position',
      'pt.user_id',
      'r.sent_at as reminder_sent_at',
      // The product's default presentation: the default one first, then the oldest.
      eb
        .selectFrom('product_presentations as pp')
        .select('pp.quantity')
        .whereRef('pp.product_id', '=', 't.product_id')
        .orderBy('pp.is_default', 'desc')
        .orderBy('pp.id')
        .limit(1)
        .as('units_per_container'),
      eb
        .selectFrom('product_presentations as pp')
        .select('pp.unit_symbol')
        .whereRef('pp.product_id', '=', 't.product_id')
        .orderBy('pp.is_default', 'desc')
        .orderBy('pp.id')
        .limit(1)
        .as('unit_symbol'),
    ])
    .where('p.patient_id', 'in', patientIds)
    .where('p.cancelled_at', 'is', null)
    .$if(scope !== 'all', (query) => query.where('p.author_id', '=', scope === 'all' ? 0 : scope.authorId))
    .execute();
  if (prescribed.length === 0) return result;

  const productIds = [...new Set(prescribed.map((row) => row.product_id))];
  const accountOf = new Map(prescribed.map((row) => [row.patient_id, row.user_id]));
  const userIds = [...new Set(prescribed.flatMap((row) => (row.user_id === null ? [] : [row.user_id])))];
  const presentationOf = new Map<number, { quantity: number; unit: string }>();
  const reminderOf = new Map<string, Date>();
  for (const row of prescribed) {
    if (row.units_per_container !== null && row.unit_symbol !== null) {
      presentationOf.set(row.product_id, { quantity: row.units_per_container, unit: row.unit_symbol });
    }
    if (row.reminder_sent_at !== null) reminderOf.set(`${row.patient_id}:${row.product_id}`, row.reminder_sent_at);
  }
  const purchases: PurchaseRow[] =
    userIds.length === 0
      ? []
      : (
          await db
            .selectFrom('order_items as i')
            .innerJoin('orders as o', 'o.id', 'i.order_id')
            .select([
              'o.user_id',
              'o.country_id',
              'i.product_id',
              // A hormone order reaches the patient once released: its supply starts then.
              sql<Date>`case when o.status = 'released' and o.prescription_reviewed_at is not null
              then o.prescription_reviewed_at else o.paid_at end`.as('purchased_at'),
              (eb) => eb.fn.sum<string | number>('i.quantity').as('quantity'),
            ])
            .where('o.user_id', 'in', userIds)
            .where('o.status', 'in', REMINDED_ORDER_STATUSES)
            .where('o.paid_at', 'is not', null)
            .where('i.product_id', 'in', productIds)
            .groupBy(['o.id', 'o.user_id', 'o.country_id', 'i.product_id', 'o.status', 'o.prescription_reviewed_at'])
            .groupBy('o.paid_at')
            .execute()
        ).map((row) => ({ ...row, quantity: Number(row.quantity) }));

  const groups = new Map<string, PrescribedRow[]>();
  for (const row of prescribed) {
    const key = `${row.patient_id}:${row.product_id}`;
    groups.set(key, [...(groups.get(key) ?? []), row]);
  }
  for (const rows of groups.values()) {
    const [sample] = rows;
    if (!sample) continue;
    const patientId = sample.patient_id;
    const productId = sample.product_id;
    const firstPrescribed = rows.reduce((first, row) => (row.created_at < first.created_at ? row : first));
    const country = countryById(firstPrescribed.country_id);
    if (!country) continue;
    const current = inForce(rows, now) ?? firstPrescribed;
    const presentation = presentationOf.get(productId);
    const userId = accountOf.get(patientId) ?? null;
    const bought = purchases
      .filter(
        (row) =>
          row.user_id === userId &&
          row.product_id === productId &&
          row.country_id === firstPrescribed.country_id &&
          row.purchased_at >= firstPrescribed.created_at,
      )
      .sort((a, b) => a.purchased_at.getTime() - b.purchased_at.getTime());

    let containers = 0;
    let daysCovered: number | null = 0;
    let runsOutOn: string | null = null;
    let lastPurchaseOn: string | null = null;
    for (const purchase of bought) {
      const purchaseDay = localDay(purchase.purchased_at, country.timeZone);
      containers += purchase.quantity;
      lastPurchaseOn = purchaseDay;
      const days = daysOfSupply({
        unitsPerContainer: presentation?.quantity ?? null,
        unitSymbol: presentation?.unit ?? null,
        dailyUnits: (inForce(rows, purchase.purchased_at) ?? current).daily_capsules,
        containers: purchase.quantity,
      });
      if (days === null || daysCovered === null) {
        daysCovered = null;
        runsOutOn = null;
        continue;
      }
      daysCovered += days;
      const start = runsOutOn !== null && runsOutOn > purchaseDay ? runsOutOn : purchaseDay;
      runsOutOn = addDays(start, days);
    }
    const reminderSentAt = reminderOf.get(`${patientId}:${productId}`);
    result.get(patientId)?.push({
      productId,
      name: current.name,
      prescriptionId: current.prescription_id,
      prescribedOn: localDay(firstPrescribed.created_at, country.timeZone),
      dailyUnits: current.daily_capsules,
      unitsPerContainer: presentation?.quantity ?? null,
      unitSymbol: presentation?.unit ?? null,
      lastPurchaseOn,
      containersBought: containers,
      unitsBought: presentation ? containers * presentation.quantity : null,
      daysCovered: bought.length === 0 ? null : daysCovered,
      runsOutOn,
      lastReminderAt: reminderSentAt?.toISOString() ?? null,
      remindAgainOn: reminderSentAt
        ? addDays(localDay(reminderSentAt, country.timeZone), ADHERENCE_REMINDER_INTERVAL_DAYS)
        : null,
    });
  }
  for (const products of result.values()) {
    products.sort((a, b) => a.name.localeCompare(b.name, 'es') || a.productId - b.productId);
  }
  return result;
}

/** A patient's state in the list: the latest purchase and the soonest run-out of the products followed. */
export function summarize(products: ProductAdherenceDto[]): AdherenceSummaryDto {
  let lastPurchaseOn: string | null = null;
  let runsOutOn: string | null = null;
  for (const product of products) {
    if (product.lastPurchaseOn && (!lastPurchaseOn || product.lastPurchaseOn > lastPurchaseOn)) {
      lastPurchaseOn = product.lastPurchaseOn;
    }
    if (product.runsOutOn && (!runsOutOn || product.runsOutOn < runsOutOn)) runsOutOn = product.runsOutOn;
  }
  return { products: products.length, lastPurchaseOn, runsOutOn };
}

/** The country a prescription was written in (its products' reminder speaks that country's calendar). */
export async function prescriptionCountryId(db: Kysely<Database>, prescriptionId: number): Promise<number> {
  const row = await db
    .selectFrom('prescriptions')
    .select('country_id')
    .where('id', '=', prescriptionId)
    .executeTakeFirstOrThrow();
  return row.country_id;
}

/**
 * Claims the weekly reminder of one product for a patient in one statement: a new row, or the old one replaced only
 * when it was sent on or before `since`. Two taps at once (two instances too) meet at the row: the second finds it
 * already replaced and is refused. False when the last reminder is more recent than `since`.
 */
export async function claimAdherenceReminder(
  db: Kysely<Database>,
  reminder: { patientId: number; productId: number; sentAt: Date; sentBy: number; since: Date },
): Promise<boolean> {
  const claimed = await db
    .insertInto('adherence_reminders')
    .values({
      patient_id: reminder.patientId,
      product_id: reminder.productId,
      sent_at: reminder.sentAt,
      sent_by: reminder.sentBy,
      channel: 'push',
    })
    .onConflict((conflict) =>
      conflict
        .columns(['patient_id', 'product_id'])
        .doUpdateSet((eb) => ({
          sent_at: eb.ref('excluded.sent_at'),
          sent_by: eb.ref('excluded.sent_by'),
          channel: eb.ref('excluded.channel'),
        }))
        .where('adherence_reminders.sent_at', '<=', reminder.since),
    )
    .returning('sent_at')
    .executeTakeFirst();
  return claimed !== undefined;
}

/** When the last reminder of one product went to the patient (the claim was refused: there is one). */
export async function lastAdherenceReminderAt(
  db: Kysely<Database>,
  patientId: number,
  productId: number,
): Promise<Date> {
  const last = await db
    .selectFrom('adherence_reminders')
    .select('sent_at')
    .where('patient_id', '=', patientId)
    .where('product_id', '=', productId)
    .executeTakeFirstOrThrow();
  return last.sent_at;
}

/** The channel the claimed reminder actually went by (claimed as push). */
export async function setAdherenceReminderChannel(
  db: Kysely<Database>,
  reminder: { patientId: number; productId: number; channel: 'push' | 'email' },
): Promise<void> {
  await db
    .updateTable('adherence_reminders')
    .set({ channel: reminder.channel })
    .where('patient_id', '=', reminder.patientId)
    .where('product_id', '=', reminder.productId)
    .execute();
}
