import { sql, type Kysely } from 'kysely';
import { addIndex, addUnique, notNull, notNullNow, ownedBy, refersTo, tableWithId, zeroOrMore } from './helpers';

// Points programme: the config per country, the catalogue of events, combos and point products with the countries
// they are offered in, the append-only ledger with one balance row per user kept in step with it, and the
// redemption records the light histories read. Orders are referenced by id without a foreign key: the ledger must
// not depend on the order tables' migration order, and an entry outlives anything it points at.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('points_config')
    .addColumn('country_id', 'integer', (col) => col.primaryKey().references('countries.id'))
    .addColumn('point_value', 'numeric(12, 2)', (col) => col.notNull().check(sql`point_value > 0`))
    .addColumn('purchase_reward_percent', 'numeric(5, 2)', (col) =>
      col.notNull().check(sql`purchase_reward_percent >= 0 and purchase_reward_percent <= 100`),
    )
    .addColumn('prescription_reward_percent', 'numeric(5, 2)', (col) =>
      col.notNull().check(sql`prescription_reward_percent >= 0 and prescription_reward_percent <= 100`),
    )
    .addColumn('updated_at', 'timestamptz', notNullNow)
    .execute();

  // Events, combos and point products share one table: the same fields, a period for events, a removal for products.
  await tableWithId(db, 'points_items')
    .addColumn('kind', 'text', (col) => col.notNull().check(sql`kind in ('event', 'combo', 'product')`))
    .addColumn('name', 'text', notNull)
    .addColumn('description', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('image_url', 'text')
    .addColumn('points', 'integer', (col) => col.notNull().check(sql`points > 0`))
    .addColumn('is_active', 'boolean', (col) => col.notNull().defaultTo(true))
    .addColumn('start_date', 'timestamptz')
    .addColumn('end_date', 'timestamptz')
    .addColumn('deleted_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', notNullNow)
    .addColumn('updated_at', 'timestamptz', notNullNow)
    .addCheckConstraint(
      'points_items_period',
      sql`(kind = 'event') = (start_date is not null and end_date is not null) and (end_date is null or end_date > start_date)`,
    )
    .addCheckConstraint('points_items_removal', sql`kind = 'product' or deleted_at is null`)
    .execute();
  await addIndex(db, 'points_items_kind_idx', 'points_items', ['kind', 'is_active']);

  await db.schema
    .createTable('points_item_countries')
    .addColumn('item_id', 'integer', ownedBy('points_items.id'))
    .addColumn('country_id', 'integer', refersTo('countries.id'))
    .addPrimaryKeyConstraint('points_item_countries_pk', ['item_id', 'country_id'])
    .execute();
  await addIndex(db, 'points_item_countries_country_idx', 'points_item_countries', ['country_id']);

  await db.schema
    .createTable('points_balances')
    .addColumn('user_id', 'integer', (col) => col.primaryKey().references('users.id').onDelete('cascade'))
    // The last guard: whatever a bug may do, a balance never goes below zero.
    .addColumn('balance', 'integer', zeroOrMore('balance'))
    .addColumn('updated_at', 'timestamptz', notNullNow)
    .execute();

  await tableWithId(db, 'points_ledger')
    // No cascade: an account with points history is not deleted behind the ledger's back.
    .addColumn('user_id', 'integer', refersTo('users.id'))
    .addColumn('country_id', 'integer', (col) => col.references('countries.id'))
    .addColumn('delta', 'integer', (col) => col.notNull().check(sql`delta <> 0`))
    .addColumn('balance_after', 'integer', (col) => col.notNull().check(sql`balance_after >= 0`))
    .addColumn('type', 'text', (col) =>
      col
        .notNull()
        .check(
          sql`type in ('purchase', 'prescription', 'refund', 'adjustment', 'event', 'combo', 'product', 'batch', 'subtract')`,
        ),
    )
    .addColumn('metadata', 'jsonb', (col) => col.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('products', 'jsonb', (col) => col.notNull().defaultTo(sql`'[]'::jsonb`))
    // The client's Idempotency-Key and a digest of what it asked, so a retry is answered and a reuse refused.
    .addColumn('idempotency_key', 'text')
    .addColumn('request_hash', 'text')
    .addColumn('order_id', 'integer')
    .addColumn('sale_id', 'text')
    .addColumn('created_at', 'timestamptz', notNullNow)
    .execute();
  await addIndex(db, 'points_ledger_user_idx', 'points_ledger', ['user_id', 'created_at', 'id']);
  await addUnique(
    db,
    'points_ledger_idempotency_unique',
    'points_ledger',
    ['user_id', 'idempotency_key'],
    'idempotency_key',
  );
  // An order spends, gives back, earns its buyer and earns its patient's doctor at most once each.
  await addUnique(db, 'points_ledger_order_unique', 'points_ledger', ['order_id', 'type'], 'order_id');
  // Product §5: a sale is rewarded once, whichever doctor a repeat names.
  await addUnique(db, 'points_ledger_sale_unique', 'points_ledger', ['sale_id'], 'sale_id');
  await sql`
    create function points_ledger_append_only() returns trigger language plpgsql as $$
    begin
      raise exception 'points_ledger solo admite inserciones';
    end
    $$
  `.execute(db);
  await sql`
    create trigger points_ledger_append_only before update or delete on points_ledger
    for each row execute function points_ledger_append_only()
  `.execute(db);

  await tableWithId(db, 'points_redemptions')
    .addColumn('ledger_id', 'integer', refersTo('points_ledger.id'))
    .addColumn('user_id', 'integer', refersTo('users.id'))
    .addColumn('item_id', 'integer', refersTo('points_items.id'))
    .addColumn('kind', 'text', (col) => col.notNull().check(sql`kind in ('event', 'combo', 'product')`))
    .addColumn('quantity', 'integer', (col) => col.notNull().check(sql`quantity > 0`))
    .addColumn('spent_points', 'integer', (col) => col.notNull().check(sql`spent_points > 0`))
    .addColumn('created_at', 'timestamptz', notNullNow)
    .execute();
  await addIndex(db, 'points_redemptions_user_idx', 'points_redemptions', ['user_id', 'kind', 'created_at']);
  // One participation per user and event.
  await db.schema
    .createIndex('points_redemptions_event_unique')
    .on('points_redemptions')
    .columns(['user_id', 'item_id'])
    .unique()
    .where(sql<boolean>`kind = 'event'`)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'points_redemptions',
    'points_ledger',
    'points_balances',
    'points_item_countries',
    'points_items',
    'points_config',
  ]) {
    await db.schema.dropTable(table).execute();
  }
  await sql`drop function points_ledger_append_only()`.execute(db);
}
