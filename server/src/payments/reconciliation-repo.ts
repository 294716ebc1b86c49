import type { Kysely, Selectable } from 'kysely';
import type { PaymentDiscrepancyDto } from '../../../src/lib/shared/payments';
import type { Database, PaymentsTable } from '../db/schema';

/** The admin's list shows this many open differences, the oldest found last. */
const MAX_LISTED = 200;

/** The payments these providers opened since `since`, oldest first. */
export function recentPayments(
  db: Kysely<Database>,
  providers: readonly string[],
  since: Date,
): Promise<Selectable<PaymentsTable>[]> {
  return db
    .selectFrom('payments')
    .selectAll()
    .where('provider', 'in', providers)
    .where('created_at', '>=', since)
    .orderBy('created_at')
    .execute();
}

/** Keeps the provider's own id of a payment that did not know it yet. */
export async function recordProviderPaymentId(
  db: Kysely<Database>,
  paymentId: string,
  providerPaymentId: string,
): Promise<void> {
  await db
    .updateTable('payments')
    .set({ provider_payment_id: providerPaymentId })
    .where('id', '=', paymentId)
    .execute();
}

/** Closes the open reports of a payment whose records agree again. */
export async function resolveDiscrepancies(db: Kysely<Database>, paymentId: string, now: Date): Promise<void> {
  await db
    .updateTable('payment_discrepancies')
    .set({ resolved_at: now })
    .where('payment_id', '=', paymentId)
    .where('resolved_at', 'is', null)
    .execute();
}

/** Opens the report of this payment and kind, or refreshes the open one (one open report per payment and kind). */
export async function reportDiscrepancy(
  db: Kysely<Database>,
  report: { paymentId: string; kind: string; ourStatus: string; providerStatus: string; detail: string; seenAt: Date },
): Promise<void> {
  await db
    .insertInto('payment_discrepancies')
    .values({
      payment_id: report.paymentId,
      kind: report.kind,
      our_status: report.ourStatus,
      provider_status: report.providerStatus,
      detail: report.detail,
      last_seen_at: report.seenAt,
    })
    .onConflict((conflict) =>
      conflict
        .columns(['payment_id', 'kind'])
        .where('resolved_at', 'is', null)
        .doUpdateSet((eb) => ({
          last_seen_at: report.seenAt,
          our_status: eb.ref('excluded.our_status'),
          provider_status: eb.ref('excluded.provider_status'),
        })),
    )
    .execute();
}

/** The open differences, newest found first, with their payment's and order's references. */
export async function openDiscrepancies(db: Kysely<Database>): Promise<PaymentDiscrepancyDto[]> {
  const rows = await db
    .selectFrom('payment_discrepancies as d')
    .innerJoin('payments as pa', 'pa.id', 'd.payment_id')
    .innerJoin('orders as o', 'o.id', 'pa.order_id')
    .select([
      'd.id',
      'd.kind',
      'd.our_status',
      'd.provider_status',
      'd.detail',
      'd.found_at',
      'd.last_seen_at',
      'pa.provider',
      'pa.provider_payment_id',
      'o.id as order_id',
      'o.number',
      'o.status as order_status',
      'o.country_id',
    ])
    .where('d.resolved_at', 'is', null)
    .orderBy('d.found_at', 'desc')
    .limit(MAX_LISTED)
    .execute();
  return rows.map((row) => ({
    id: row.id,
    kind: row.kind,
    detail: row.detail,
    ourStatus: row.our_status,
    providerStatus: row.provider_status,
    provider: row.provider,
    providerPaymentId: row.provider_payment_id,
    orderId: row.order_id,
    orderNumber: row.number,
    orderStatus: row.order_status,
    countryId: row.country_id,
    foundAt: row.found_at.toISOString(),
    lastSeenAt: row.last_seen_at.toISOString(),
  }));
}
