import { sql, type Kysely } from 'kysely';
import { addIndex, addLink, addUnique, notNull, notNullNow, ownedBy, tableWithId } from './helpers';

/**
 * The default discount lists as they were when this migration was written. A fresh database gets them from the seed
 * (its categories do not exist yet when migrations run); a database seeded before this migration gets them here,
 * once. Frozen on purpose: a migration must not change with today's seed data.
 */
const DEFAULT_LISTS = [
  {
    name: 'Lista Estándar',
    level: 1,
    everywhere: null,
    categories: { 1: 10, 2: 10, 3: 10, 6: 10, 7: 10, 8: 10, 9: 10 },
  },
  { name: 'Lista Preferencial', level: 2, everywhere: 15, categories: { 4: 20 } },
  { name: 'Lista Distribuidor', level: 3, everywhere: 25, categories: {} },
] as const;

// Catalogue extras: discount lists per purchase level, favourites, and the serial number look-up.
export async function up(db: Kysely<unknown>): Promise<void> {
  await tableWithId(db, 'discount_lists')
    .addColumn('name', 'text', notNull)
    .addColumn('purchase_level_id', 'integer', (col) => col.notNull().check(sql`purchase_level_id >= 1`))
    .addColumn('active', 'boolean', (col) => col.notNull().defaultTo(true))
    .addColumn('created_at', 'timestamptz', notNullNow)
    .execute();
  await addIndex(db, 'discount_lists_level_idx', 'discount_lists', ['purchase_level_id', 'active']);

  await tableWithId(db, 'discount_list_items')
    .addColumn('discount_list_id', 'integer', ownedBy('discount_lists.id'))
    .addColumn('category_id', 'integer', (col) => col.references('categories.id').onDelete('cascade'))
    .addColumn('product_id', 'integer', (col) => col.references('products.id').onDelete('cascade'))
    .addColumn('discount_percent', 'numeric(5, 2)', (col) =>
      col.notNull().check(sql`discount_percent >= 0 and discount_percent <= 100`),
    )
    .addCheckConstraint('discount_list_items_target', sql`(category_id is null) <> (product_id is null)`)
    .execute();
  // One line per list and category, and per list and product.
  await addUnique(
    db,
    'discount_list_items_category_unique',
    'discount_list_items',
    ['discount_list_id', 'category_id'],
    'category_id',
  );
  await addUnique(
    db,
    'discount_list_items_product_unique',
    'discount_list_items',
    ['discount_list_id', 'product_id'],
    'product_id',
  );
  await db.schema
    .createIndex('discount_list_items_product_idx')
    .on('discount_list_items')
    .column('product_id')
    .where(sql.ref('product_id'), 'is not', null)
    .execute();

  await addLink(db, 'favorites', ['user_id', 'users.id'], ['product_id', 'products.id'], 'created_at');
  await addIndex(db, 'favorites_product_idx', 'favorites', ['product_id']);

  // POST /products/search-by-serial compares without case and whitespace.
  await db.schema
    .createIndex('products_serial_lookup_idx')
    .on('products')
    .expression(sql`upper(regexp_replace(serial_number, '\\s', '', 'g'))`)
    .execute();

  const { rows } = await sql<{ id: number }>`select id from categories`.execute(db);
  if (rows.length === 0) return;
  for (const list of DEFAULT_LISTS) {
    const inserted = await sql<{ id: number }>`
      insert into discount_lists (name, purchase_level_id) values (${list.name}, ${list.level}) returning id
    `.execute(db);
    const listId = inserted.rows[0]?.id;
    if (listId === undefined) continue;
    for (const { id: categoryId } of rows) {
      const percent = (list.categories as Record<number, number>)[categoryId] ?? list.everywhere;
      if (percent === null) continue;
      await sql`
        insert into discount_list_items (discount_list_id, category_id, discount_percent)
        values (${listId}, ${categoryId}, ${percent})
      `.execute(db);
    }
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('products_serial_lookup_idx').execute();
  for (const table of ['favorites', 'discount_list_items', 'discount_lists']) {
    await db.schema.dropTable(table).execute();
  }
}
