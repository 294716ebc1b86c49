import { sql, type Kysely } from 'kysely';
import { addIndex, notNull, notNullNow, ownedBy, refersTo, tableWithId, weakRef, zeroOrMore } from './helpers';

/**
 * The promo codes as they were when this migration was written. A fresh database gets them from the seed (its
 * countries do not exist yet when migrations run); a database seeded before this migration gets them here, once.
 * Frozen on purpose: a migration must not change with today's seed data.
 */
const DEFAULT_PROMO_CODES = [
  {
    code: 'BIENVENIDA10',
    type: 'percentage',
    value: 10,
    country: null,
    from: '2025-01-01T00:00:00Z',
    until: '2035-12-31T23:59:59Z',
  },
  {
    code: 'CO5000',
    type: 'fixed',
    value: 5000,
    country: 1,
    from: '2025-01-01T00:00:00Z',
    until: '2035-12-31T23:59:59Z',
  },
  {
    code: 'MX100',
    type: 'fixed',
    value: 10000,
    country: 2,
    from: '2025-01-01T00:00:00Z',
    until: '2035-12-31T23:59:59Z',
  },
  { code: 'PE20', type: 'fixed', value: 2000, country: 3, from: '2025-01-01T00:00:00Z', until: '2035-12-31T23:59:59Z' },
  {
    code: 'EXPIRADO',
    type: 'percentage',
    value: 15,
    country: null,
    from: '2024-01-01T00:00:00Z',
    until: '2024-12-31T23:59:59Z',
  },
] as const;

const money = (column: string) => sql`${sql.ref(column)} >= 0`;

// Checkout, orders and payments: promo codes, the address book, orders with their lines, status history and
// payment, the webhook events already processed (replay protection) and the review of hormone prescriptions.
// Amounts are integers in the country's unit (whole pesos for COP, cents for MXN and PEN), like product prices.
export async function up(db: Kysely<unknown>): Promise<void> {
  await tableWithId(db, 'promo_codes')
    .addColumn('code', 'text', notNull)
    .addColumn('discount_type', 'text', (col) => col.notNull().check(sql`discount_type in ('percentage', 'fixed')`))
    // A percentage 1–100, or an amount in the unit of the code's country.
    .addColumn('value', 'integer', (col) => col.notNull().check(sql`value > 0`))
    // Null: valid in every country (percentages only make sense there; fixed amounts need a currency).
    .addColumn('country_id', 'integer', (col) => col.references('countries.id'))
    .addColumn('valid_from', 'timestamptz')
    .addColumn('valid_until', 'timestamptz')
    .addColumn('active', 'boolean', (col) => col.notNull().defaultTo(true))
    .addColumn('created_at', 'timestamptz', notNullNow)
    .addCheckConstraint('promo_codes_percentage', sql`discount_type <> 'percentage' or value <= 100`)
    .addCheckConstraint('promo_codes_fixed_country', sql`discount_type <> 'fixed' or country_id is not null`)
    .execute();
  // Codes are typed in any case: 'bienvenida10' is BIENVENIDA10.
  await db.schema
    .createIndex('promo_codes_code_unique')
    .on('promo_codes')
    .expression(sql`lower(code)`)
    .unique()
    .execute();

  await tableWithId(db, 'addresses')
    .addColumn('user_id', 'integer', ownedBy('users.id'))
    .addColumn('country_id', 'integer', refersTo('countries.id'))
    .addColumn('address', 'text', notNull)
    .addColumn('residence_detail', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('state', 'text', notNull)
    .addColumn('city', 'text', notNull)
    .addColumn('postal_code', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('created_at', 'timestamptz', notNullNow)
    .execute();
  await addIndex(db, 'addresses_user_idx', 'addresses', ['user_id', 'country_id']);

  await tableWithId(db, 'orders')
    // 'CO-000042': the country's code and the id, shown on screens and receipts.
    .addColumn('number', 'text', (col) => col.notNull().unique())
    // The storefront's order source id, also the Idempotency-Key of the order's creation.
    .addColumn('source_id', 'uuid', notNull)
    // SHA-256 of the normalised request: the same key with another body is refused.
    .addColumn('request_hash', 'text', notNull)
    .addColumn('user_id', 'integer', refersTo('users.id'))
    .addColumn('country_id', 'integer', refersTo('countries.id'))
    .addColumn('status', 'text', (col) =>
      col
        .notNull()
        .check(
          sql`status in ('pending_payment', 'awaiting_transfer', 'payment_rejected', 'paid', 'pending_prescription', 'released', 'cancelled')`,
        ),
    )
    .addColumn('currency', 'text', notNull)
    .addColumn('payment_method', 'text', (col) =>
      col.notNull().check(sql`payment_method in ('bank_transfer', 'visa', 'mastercard', 'amex')`),
    )
    .addColumn('article_count', 'integer', (col) => col.notNull().check(sql`article_count > 0`))
    .addColumn('subtotal', 'integer', (col) => col.notNull().check(money('subtotal')))
    .addColumn('doctor_discount', 'integer', (col) => col.notNull().check(money('doctor_discount')))
    .addColumn('promo_discount', 'integer', (col) => col.notNull().check(money('promo_discount')))
    .addColumn('points_discount', 'integer', (col) => col.notNull().check(money('points_discount')))
    .addColumn('shipping_cost', 'integer', (col) => col.notNull().check(money('shipping_cost')))
    .addColumn('total', 'integer', (col) => col.notNull().check(money('total')))
    .addColumn('product_points', 'integer', zeroOrMore('product_points'))
    .addColumn('discount_points', 'integer', zeroOrMore('discount_points'))
    .addColumn('promo_code_id', 'integer', (col) => col.references('promo_codes.id'))
    .addColumn('promo_code', 'text')
    .addColumn('requires_prescription', 'boolean', notNull)
    // Snapshots of the checkout forms (CheckoutCustomerDto, BillFormDto, AddressInputDto) as the buyer sent them.
    .addColumn('customer', 'jsonb', notNull)
    .addColumn('bill', 'jsonb', notNull)
    .addColumn('address', 'jsonb', notNull)
    // The buyer's `formula-hormonal` credentials entry and its review by an admin.
    .addColumn('prescription_document_id', 'integer', (col) => col.references('credentials.id'))
    .addColumn('prescription_status', 'text', (col) =>
      col.check(sql`prescription_status in ('pending', 'approved', 'rejected')`),
    )
    .addColumn('prescription_reason', 'text')
    .addColumn('prescription_reviewed_at', 'timestamptz')
    .addColumn('prescription_reviewed_by', 'integer', weakRef('users.id'))
    .addColumn('created_at', 'timestamptz', notNullNow)
    .addColumn('paid_at', 'timestamptz')
    .addUniqueConstraint('orders_source_id_unique', ['source_id'])
    .addCheckConstraint(
      'orders_prescription',
      sql`not requires_prescription or (prescription_document_id is not null and prescription_status is not null)`,
    )
    .execute();
  await addIndex(db, 'orders_user_idx', 'orders', ['user_id', 'created_at']);
  await db.schema
    .createIndex('orders_prescription_queue_idx')
    .on('orders')
    .columns(['status', 'created_at'])
    .where(sql.ref('requires_prescription'), '=', true)
    .execute();

  await tableWithId(db, 'order_items')
    .addColumn('order_id', 'integer', ownedBy('orders.id'))
    .addColumn('product_id', 'integer', refersTo('products.id'))
    // A snapshot of the product as it was sold: later catalogue edits do not rewrite past orders.
    .addColumn('name', 'text', notNull)
    .addColumn('slug', 'text', notNull)
    .addColumn('image', 'text')
    .addColumn('category_id', 'integer', notNull)
    .addColumn('type', 'text', (col) => col.notNull().check(sql`type in ('standard', 'points')`))
    .addColumn('quantity', 'integer', (col) => col.notNull().check(sql`quantity between 1 and 999`))
    .addColumn('unit_price', 'integer', (col) => col.notNull().check(money('unit_price')))
    .addColumn('doctor_discount', 'integer', (col) => col.notNull().check(money('doctor_discount')))
    .addColumn('line_total', 'integer', (col) => col.notNull().check(money('line_total')))
    .addColumn('points', 'integer', (col) => col.check(sql`points is null or points >= 0`))
    // Units taken from the product's stock (0 when its stock is not tracked): what a cancellation gives back.
    .addColumn('stock_reserved', 'integer', zeroOrMore('stock_reserved'))
    .execute();
  await addIndex(db, 'order_items_order_idx', 'order_items', ['order_id']);

  await tableWithId(db, 'order_status_history')
    .addColumn('order_id', 'integer', ownedBy('orders.id'))
    .addColumn('status', 'text', notNull)
    .addColumn('note', 'text')
    .addColumn('changed_by', 'integer', weakRef('users.id'))
    .addColumn('created_at', 'timestamptz', notNullNow)
    .execute();
  await addIndex(db, 'order_status_history_order_idx', 'order_status_history', ['order_id', 'id']);

  // Only the brand and the last four digits of a card are ever stored: never its number, expiry or CVV.
  await db.schema
    .createTable('payments')
    .addColumn('id', 'uuid', (col) => col.primaryKey())
    .addColumn('order_id', 'integer', (col) => col.notNull().unique().references('orders.id').onDelete('cascade'))
    .addColumn('provider', 'text', notNull)
    .addColumn('method', 'text', notNull)
    .addColumn('status', 'text', (col) =>
      col.notNull().check(sql`status in ('pending', 'approved', 'declined', 'voided', 'refunded')`),
    )
    .addColumn('amount', 'integer', (col) => col.notNull().check(money('amount')))
    .addColumn('currency', 'text', notNull)
    .addColumn('brand', 'text')
    .addColumn('last4', 'text', (col) => col.check(sql`last4 ~ '^[0-9]{4}$'`))
    // The provider's hosted page where the buyer pays.
    .addColumn('redirect_url', 'text', notNull)
    .addColumn('created_at', 'timestamptz', notNullNow)
    .addColumn('approved_at', 'timestamptz')
    // Card payments of hormone orders are only authorised until the prescription is approved.
    .addColumn('captured_at', 'timestamptz')
    .addColumn('closed_at', 'timestamptz')
    .execute();

  await db.schema
    .createTable('payment_webhook_events')
    .addColumn('provider', 'text', notNull)
    .addColumn('event_id', 'text', notNull)
    .addColumn('payment_id', 'uuid', (col) => col.references('payments.id').onDelete('cascade'))
    .addColumn('outcome', 'text', notNull)
    .addColumn('received_at', 'timestamptz', notNullNow)
    .addPrimaryKeyConstraint('payment_webhook_events_pk', ['provider', 'event_id'])
    .execute();

  const { rows } = await sql<{ count: number }>`select count(*)::int as count from countries`.execute(db);
  if ((rows[0]?.count ?? 0) === 0) return;
  for (const promo of DEFAULT_PROMO_CODES) {
    await sql`
      insert into promo_codes (code, discount_type, value, country_id, valid_from, valid_until)
      values (${promo.code}, ${promo.type}, ${promo.value}, ${promo.country}, ${promo.from}, ${promo.until})
    `.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'payment_webhook_events',
    'payments',
    'order_status_history',
    'order_items',
    'orders',
    'addresses',
    'promo_codes',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
