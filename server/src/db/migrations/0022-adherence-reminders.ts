import { sql, type Kysely } from 'kysely';

// Adherence for professionals (issue #19): the last 'Recordar al paciente' of each product to each patient. One row
// per patient and product, so the weekly limit is one atomic upsert (a conditional ON CONFLICT DO UPDATE) that holds
// across instances on PostgreSQL: of two taps at once, one updates the row and the other finds it already updated.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('adherence_reminders')
    .addColumn('patient_id', 'integer', (col) => col.notNull().references('patients.id').onDelete('cascade'))
    .addColumn('product_id', 'integer', (col) => col.notNull().references('products.id').onDelete('cascade'))
    .addColumn('sent_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('sent_by', 'integer', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('channel', 'text', (col) => col.notNull())
    .addPrimaryKeyConstraint('adherence_reminders_pkey', ['patient_id', 'product_id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('adherence_reminders').execute();
}
