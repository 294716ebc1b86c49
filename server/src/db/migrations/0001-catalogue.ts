import { sql, type Kysely } from 'kysely';

// Migrations take Kysely<unknown>: they must not depend on today's schema types, which move on.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('countries')
    .addColumn('id', 'integer', (col) => col.primaryKey())
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('code', 'integer', (col) => col.notNull())
    .addColumn('subdomain', 'text', (col) => col.notNull().unique())
    .addColumn('iso', 'text', (col) => col.notNull())
    .addColumn('currency', 'text', (col) => col.notNull())
    .addColumn('use_cents', 'boolean', (col) => col.notNull())
    .execute();

  await db.schema
    .createTable('categories')
    .addColumn('id', 'integer', (col) => col.primaryKey())
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('slug', 'text', (col) => col.notNull().unique())
    .addColumn('description', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('patient_visible', 'boolean', (col) => col.notNull().defaultTo(true))
    .addColumn('sort_order', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();

  await db.schema
    .createTable('pharmaceutical_forms')
    .addColumn('id', 'integer', (col) => col.primaryKey())
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('slug', 'text', (col) => col.notNull().unique())
    .execute();

  await db.schema
    .createTable('products')
    .addColumn('id', 'serial', (col) => col.primaryKey())
    .addColumn('slug', 'text', (col) => col.notNull().unique())
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('description', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('tag', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('category_id', 'integer', (col) => col.notNull().references('categories.id'))
    .addColumn('pharmaceutical_form_id', 'integer', (col) => col.references('pharmaceutical_forms.id'))
    .addColumn('capsule_info', 'text')
    .addColumn('serial_number', 'text', (col) => col.notNull().unique())
    .addColumn('stock_tracked', 'boolean', (col) => col.notNull().defaultTo(true))
    .addColumn('stock_quantity', 'integer', (col) => col.check(sql`stock_quantity is null or stock_quantity >= 0`))
    .addColumn('featured', 'boolean', (col) => col.notNull().defaultTo(false))
    .addColumn('points_price', 'integer', (col) => col.check(sql`points_price is null or points_price > 0`))
    .addColumn('active', 'boolean', (col) => col.notNull().defaultTo(true))
    .addColumn('search_text', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('products_category_idx').on('products').columns(['category_id', 'active']).execute();
  await db.schema.createIndex('products_featured_idx').on('products').column('featured').execute();

  await db.schema
    .createTable('product_presentations')
    .addColumn('id', 'serial', (col) => col.primaryKey())
    .addColumn('product_id', 'integer', (col) => col.notNull().references('products.id').onDelete('cascade'))
    .addColumn('container_type', 'text', (col) => col.notNull())
    .addColumn('quantity', 'integer', (col) => col.notNull().check(sql`quantity > 0`))
    .addColumn('unit_symbol', 'text', (col) => col.notNull())
    .addColumn('is_default', 'boolean', (col) => col.notNull().defaultTo(false))
    .execute();
  await db.schema
    .createIndex('product_presentations_product_idx')
    .on('product_presentations')
    .column('product_id')
    .execute();

  await db.schema
    .createTable('product_images')
    .addColumn('id', 'serial', (col) => col.primaryKey())
    .addColumn('product_id', 'integer', (col) => col.notNull().references('products.id').onDelete('cascade'))
    .addColumn('url', 'text', (col) => col.notNull())
    .addColumn('position', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('product_images_product_idx').on('product_images').column('product_id').execute();

  await db.schema
    .createTable('product_prices')
    .addColumn('product_id', 'integer', (col) => col.notNull().references('products.id').onDelete('cascade'))
    .addColumn('country_id', 'integer', (col) => col.notNull().references('countries.id'))
    .addColumn('amount', 'integer', (col) => col.notNull().check(sql`amount >= 0`))
    .addColumn('vat_included', 'boolean', (col) => col.notNull().defaultTo(false))
    .addPrimaryKeyConstraint('product_prices_pk', ['product_id', 'country_id'])
    .execute();
  await db.schema
    .createIndex('product_prices_country_idx')
    .on('product_prices')
    .columns(['country_id', 'amount'])
    .execute();

  await db.schema
    .createTable('users')
    .addColumn('id', 'serial', (col) => col.primaryKey())
    .addColumn('uid', 'text', (col) => col.notNull().unique())
    .addColumn('email', 'text', (col) => col.notNull().unique())
    .addColumn('password_hash', 'text')
    .addColumn('role', 'text', (col) =>
      col.notNull().check(sql`role in ('patient', 'doctor', 'health_professional', 'admin')`),
    )
    .addColumn('approval_status', 'text', (col) =>
      col
        .notNull()
        .defaultTo('approved')
        .check(sql`approval_status in ('pending', 'approved', 'rejected')`),
    )
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
    .addColumn('country_id', 'integer', (col) => col.notNull().references('countries.id'))
    .addColumn('doctor_id', 'integer', (col) => col.references('users.id'))
    .addColumn('required_change_password', 'boolean', (col) => col.notNull().defaultTo(false))
    .addColumn('profile_image_url', 'text')
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('users_document_idx').on('users').column('document_number').execute();
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
