import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import { notNull, notNullNow, ownedBy, tableWithId } from './helpers';

// Real payment providers beside the sandbox (issue #22): what the provider calls the payment, and the differences
// the reconciliation found between our orders and the provider's payments.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('payments')
    // The provider's own payment id (Mercado Pago's numeric id), known once the buyer paid or tried to.
    .addColumn('provider_payment_id', 'text')
    // What the provider made when the payment was opened (Mercado Pago's preference id), to expire it on cancel.
    .addColumn('provider_reference', 'text')
    .execute();
  await tableWithId(db, 'payment_discrepancies')
    .addColumn('payment_id', 'uuid', ownedBy('payments.id'))
    .addColumn('kind', 'text', notNull)
    .addColumn('our_status', 'text', notNull)
    .addColumn('provider_status', 'text', notNull)
    .addColumn('detail', 'text', notNull)
    .addColumn('found_at', 'timestamptz', notNullNow)
    .addColumn('last_seen_at', 'timestamptz', notNullNow)
    .addColumn('resolved_at', 'timestamptz')
    .execute();
  // One open report per payment and kind: a reconciliation that finds it again only moves its last_seen_at.
  await sql`create unique index payment_discrepancies_open_idx on payment_discrepancies (payment_id, kind)
    where resolved_at is null`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('payment_discrepancies').execute();
  await db.schema.alterTable('payments').dropColumn('provider_reference').dropColumn('provider_payment_id').execute();
}
