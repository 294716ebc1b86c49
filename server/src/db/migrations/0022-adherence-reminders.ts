import type { Kysely } from 'kysely';
import { notNull, notNullNow, ownedBy, weakRef } from './helpers';

// Adherence for professionals (issue #19): the last 'Recordar al paciente' of each product to each patient. One row
// per patient and product, so the weekly limit is one atomic upsert (a conditional ON CONFLICT DO UPDATE) that holds
// across instances on PostgreSQL: of two taps at once, one updates the row and the other finds it already updated.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('adherence_reminders')
    .addColumn('patient_id', 'integer', ownedBy('patients.id'))
    .addColumn('product_id', 'integer', ownedBy('products.id'))
    .addColumn('sent_at', 'timestamptz', notNullNow)
    .addColumn('sent_by', 'integer', weakRef('users.id'))
    .addColumn('channel', 'text', notNull)
    .addPrimaryKeyConstraint('adherence_reminders_pkey', ['patient_id', 'product_id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('adherence_reminders').execute();
}
