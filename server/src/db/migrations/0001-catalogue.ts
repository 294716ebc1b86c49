import { sql, type Kysely } from 'kysely';
import { addIndex, notNull, notNullNow, oneOf, ownedBy, refersTo, tableWithId } from './helpers';

// Migrations take Kysely<unknown>: they must not depend on today's schema types, which move on.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('countries')
    .addColumn('id', 'integer', (col) => col.primaryKey())
    .addColumn('name', 'text', notNull)
    .addColumn('code', 'integer', notNull)
    .addColumn('subdomain', 'text', (col) => col.notNull().unique())
    .addColumn('iso', 'text', notNull)
    .addColumn('currency', 'text', notNull)
    .addColumn('use_cents', 'boolean', notNull)
    .execute();

  await db.schema
    .createTable('categories')
    .addColumn('id', 'integer', (col) => col.primaryKey())
    .addColumn('name', 'text', notNull)
    .addColumn('slug', 'text', (col) => col.notNull().unique())
    .addColumn('description', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('patient_visible', 'boolean', (col) => col.notNull().defaultTo(true))
    .addColumn('sort_order', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();

  await db.schema
    .createTable('pharmaceutical_forms')
    .addColumn('id', 'integer', (col) => col.primaryKey())
    .addColumn('name', 'text', notNull)
    .addColumn('slug', 'text', (col) => col.notNull().unique())
    .execute();

  await tableWithId(db, 'products')
    .addColumn('slug', 'text', (col) => col.notNull().unique())
    .addColumn('name', 'text', notNull)
    .addColumn('description', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('tag', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('category_id', 'integer', refersTo('categories.id'))
    .addColumn('pharmaceutical_form_id', 'integer', (col) => col.references('pharmaceutical_forms.id'))
    .addColumn('capsule_info', 'text')
    .addColumn('serial_number', 'text', (col) => col.notNull().unique())
    .addColumn('stock_tracked', 'boolean', (col) => col.notNull().defaultTo(true))
    .addColumn('stock_quantity', 'integer', (col) => col.check(sql`stock_quantity is null or stock_quantity >= 0`))
    .addColumn('featured', 'boolean', (col) => col.notNull().defaultTo(false))
    .addColumn('points_price', 'integer', (col) => col.check(sql`points_price is null or points_price > 0`))
    .addColumn('active', 'boolean', (col) => col.notNull().defaultTo(true))
    .addColumn('search_text', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('created_at', 'timestamptz', notNullNow)
    .execute();
  await addIndex(db, 'products_category_idx', 'products', ['category_id', 'active']);
  await addIndex(db, 'products_featured_idx', 'products', ['featured']);

  await tableWithId(db, 'product_presentations')
    .addColumn('product_id', 'integer', ownedBy('products.id'))
    .addColumn('container_type', 'text', notNull)
    .addColumn('quantity', 'integer', (col) => col.notNull().check(sql`quantity > 0`))
    .addColumn('unit_symbol', 'text', notNull)
    .addColumn('is_default', 'boolean', (col) => col.notNull().defaultTo(false))
    .execute();
  await addIndex(db, 'product_presentations_product_idx', 'product_presentations', ['product_id']);

  await tableWithId(db, 'product_images')
    .addColumn('product_id', 'integer', ownedBy('products.id'))
    .addColumn('url', 'text', notNull)
    .addColumn('position', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();
  await addIndex(db, 'product_images_product_idx', 'product_images', ['product_id']);

  await db.schema
    .createTable('product_prices')
    .addColumn('product_id', 'integer', ownedBy('products.id'))
    .addColumn('country_id', 'integer', refersTo('countries.id'))
    .addColumn('amount', 'integer', (col) => col.notNull().check(sql`amount >= 0`))
    .addColumn('vat_included', 'boolean', (col) => col.notNull().defaultTo(false))
    .addPrimaryKeyConstraint('product_prices_pk', ['product_id', 'country_id'])
    .execute();
  await addIndex(db, 'product_prices_country_idx', 'product_prices', ['country_id', 'amount']);

  await tableWithId(db, 'users')
    .addColumn('uid', 'text', (col) => col.notNull().unique())
    .addColumn('email', 'text', (col) => col.notNull().unique())
    .addColumn('password_hash', 'text')
    .addColumn('role', 'text', (col) =>
      col.notNull().check(sql`role in ('patient', 'doctor', 'health_professional', 'admin')`),
    )
    .addColumn('approval_status', 'text', oneOf('approval_status', 'approved', ['pending', 'approved', 'rejected']))
    .addColumn('display_name', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('first_name', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('last_name', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('birth_date', 'date')
    .addColumn('gender', 'text')
    .addColumn('document_type_id', 'integer')
    .addColumn('document_number', 'text')
    .addColumn('phone_number', 'text')
    .addColumn('country_code', 'text')
    .addColumn('specialty', 'text')
    .addColumn('professional_license_number', 'text')
    .addColumn('purchase_level_id', 'integer')
    .addColumn('country_id', 'integer', refersTo('countries.id'))
    .addColumn('doctor_id', 'integer', (col) => col.references('users.id'))
    .addColumn('required_change_password', 'boolean', (col) => col.notNull().defaultTo(false))
    .addColumn('profile_image_url', 'text')
    .addColumn('created_at', 'timestamptz', notNullNow)
    .execute();
  await addIndex(db, 'users_document_idx', 'users', ['document_number']);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'users',
    'product_prices',
    'product_images',
    'product_presentations',
    'products',
    'pharmaceutical_forms',
    'categories',
    'countries',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
