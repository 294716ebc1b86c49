import { sql, type Kysely } from 'kysely';
import { addIndex, ownedBy, refersTo } from './helpers';

// Promo codes get optional usage limits (in total and per buyer) and, per country, their own validity window. Uses
// are counted from the orders that hold the code (not a counter to keep in step with cancellations): an order
// whose payment was rejected, or that was cancelled, gives its use back.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('promo_codes')
    .addColumn('max_uses', 'integer', (col) => col.check(sql`max_uses > 0`))
    .addColumn('max_uses_per_user', 'integer', (col) => col.check(sql`max_uses_per_user > 0`))
    .execute();
  // Rows here restrict the code to these countries, each with its own window (null: open on that side). A code
  // without rows keeps its own country_id and window.
  await db.schema
    .createTable('promo_code_countries')
    .addColumn('promo_code_id', 'integer', ownedBy('promo_codes.id'))
    .addColumn('country_id', 'integer', refersTo('countries.id'))
    .addColumn('valid_from', 'timestamptz')
    .addColumn('valid_until', 'timestamptz')
    .addPrimaryKeyConstraint('promo_code_countries_pk', ['promo_code_id', 'country_id'])
    .execute();
  await addIndex(db, 'orders_promo_code_idx', 'orders', ['promo_code_id', 'user_id']);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('orders_promo_code_idx').execute();
  await db.schema.dropTable('promo_code_countries').execute();
  await db.schema.alterTable('promo_codes').dropColumn('max_uses').dropColumn('max_uses_per_user').execute();
}
