import { sql, type Kysely } from 'kysely';
import { HORMONES_CATEGORY_ID } from '../../../../src/lib/shared/catalogue';
import { notNull, notNullNow, oneOf } from './helpers';

// The admin area: product images uploaded by admins (kept in the database like the library's documents, so a
// product and its images are saved or refused together, on PGlite and PostgreSQL alike), documents scoped to a
// country or to all, the follow-up status of medical attention requests and the prescription builder's settings.
export async function up(db: Kysely<unknown>): Promise<void> {
  // Product §9 gates the hormones category; admins may mark other products too (prescription settings).
  await db.schema
    .alterTable('products')
    .addColumn('requires_signed_prescription', 'boolean', (col) => col.notNull().defaultTo(false))
    .execute();
  await sql`update products set requires_signed_prescription = true where category_id = ${HORMONES_CATEGORY_ID}`.execute(
    db,
  );
  await db.schema.alterTable('product_images').addColumn('mime', 'text').execute();
  await db.schema.alterTable('product_images').addColumn('content', 'bytea').execute();

  // Null: for every country.
  await db.schema
    .alterTable('documents')
    .addColumn('country_id', 'integer', (col) => col.references('countries.id'))
    .execute();
  await db.schema.alterTable('documents').addColumn('updated_at', 'timestamptz', notNullNow).execute();

  await db.schema
    .alterTable('medical_requests')
    .addColumn('status', 'text', oneOf('status', 'new', ['new', 'contacted', 'closed']))
    .execute();
  await db.schema.alterTable('medical_requests').addColumn('status_updated_at', 'timestamptz').execute();

  // One row: the prescription builder's settings as the admins left them (absent: the standard ones).
  await db.schema
    .createTable('prescription_settings')
    .addColumn('id', 'integer', (col) => col.primaryKey().check(sql`id = 1`))
    .addColumn('settings', 'jsonb', notNull)
    .addColumn('updated_at', 'timestamptz', notNullNow)
    .addColumn('updated_by', 'integer', (col) => col.references('users.id'))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('prescription_settings').execute();
  await db.schema.alterTable('medical_requests').dropColumn('status_updated_at').dropColumn('status').execute();
  await db.schema.alterTable('documents').dropColumn('updated_at').dropColumn('country_id').execute();
  await db.schema.alterTable('product_images').dropColumn('content').dropColumn('mime').execute();
  await db.schema.alterTable('products').dropColumn('requires_signed_prescription').execute();
}
