import { randomUUID } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import { COUNTRIES } from '../../../src/lib/shared/countries';
import type { Database } from '../db/schema';
import { orderNumber } from '../orders/repo';
import { SANDBOX_PROVIDER } from '../payments/sandbox/provider';

const DAY_MS = 86_400_000;
/** The demo doctor's prescription to the Colombian demo patient is dated this many days back… */
const DEMO_PRESCRIBED_DAYS_AGO = 40;
/** …and one bottle of its magnesium (60 capsules, 2 a day: 30 days) bought this many days back: 10 days left. */
const DEMO_BOUGHT_DAYS_AGO = 20;
const DEMO_PRODUCT_SLUG = 'magnesio-bisglicinato-400-mg';
/** Fixed: the seed recognises its own order. */
const DEMO_ORDER_SOURCE_ID = '00000000-0000-4000-8000-000000019019';

/**
 * Issue #19's demo figures: in Colombia only (the other countries' demo patients stay without purchases, 'Sin
 * compras'), the doctor's prescription is dated back and the patient bought one bottle of its magnesium since, so
 * 'Mis pacientes' shows 'Se le acaba en 10 días' and the 14-day filter finds her. The order is marked as examined by
 * the reminders (it would otherwise be scheduled by the catch-up sweep and change the patient's reminders page).
 * Runs with the professional tools' demo data, once.
 */
export async function seedDemoPurchases(db: Kysely<Database>, now: Date = new Date()): Promise<void> {
  const country = COUNTRIES.co;
  const patient = await db
    .selectFrom('users as u')
    .innerJoin('patients as p', 'p.user_id', 'u.id')
    .select([
      'u.id as user_id',
      'u.first_name',
      'u.last_name',
      'u.email',
      'u.document_number',
      'u.phone_number',
      'p.id',
    ])
    .where('u.email', '=', 'paciente.co@demo.test')
    .executeTakeFirst();
  const product = await db
    .selectFrom('products as p')
    .innerJoin('product_prices as r', (join) =>
      join.onRef('r.product_id', '=', 'p.id').on('r.country_id', '=', country.countryId),
    )
    .select(['p.id', 'p.name', 'p.slug', 'p.category_id', 'r.amount'])
    .where('p.slug', '=', DEMO_PRODUCT_SLUG)
    .executeTakeFirst();
  if (!patient || !product) return;
  const prescription = await db
    .selectFrom('prescriptions as p')
    .innerJoin('users as a', 'a.id', 'p.author_id')
    .select(['p.id'])
    .where('p.patient_id', '=', patient.id)
    .where('a.email', '=', 'medico.co@demo.test')
    .executeTakeFirst();
  const done = await db
    .selectFrom('orders')
    .select('id')
    .where('source_id', '=', DEMO_ORDER_SOURCE_ID)
    .executeTakeFirst();
  if (!prescription || done) return;

  const back = sql`interval '${sql.raw(String(DEMO_PRESCRIBED_DAYS_AGO))} days'`;
  await sql`update prescriptions set created_at = created_at - ${back}, ends_at = ends_at - ${back}
    where id = ${prescription.id}`.execute(db);
  const paidAt = new Date(now.getTime() - DEMO_BOUGHT_DAYS_AGO * DAY_MS);
  await db.transaction().execute(async (trx) => {
    const { rows } = await sql<{ id: number }>`select nextval('orders_id_seq')::int as id`.execute(trx);
    const id = rows[0]?.id as number;
    await trx
      .insertInto('orders')
      .values({
        id,
        number: orderNumber(country.subdomain, id),
        source_id: DEMO_ORDER_SOURCE_ID,
        request_hash: 'demo',
        user_id: patient.user_id,
        country_id: country.countryId,
        status: 'paid',
        currency: country.currency,
        payment_method: 'visa',
        article_count: 1,
        subtotal: product.amount,
        doctor_discount: 0,
        promo_discount: 0,
        points_discount: 0,
        shipping_cost: 0,
        total: product.amount,
        product_points: 0,
        discount_points: 0,
        promo_code_id: null,
        promo_code: null,
        requires_prescription: false,
        customer: JSON.stringify({
          firstName: patient.first_name,
          secondName: '',
          firstLastName: patient.last_name,
          secondLastName: '',
          typeID: 1,
          numberID: patient.document_number ?? '',
          countryCode: '+57',
          phoneNumber: patient.phone_number ?? '',
          email: patient.email,
        }),
        bill: JSON.stringify({
          typeContributor: 'persona_natural',
          typeID: 'CC',
          numberID: patient.document_number ?? '',
        }),
        address: JSON.stringify({
          address: 'Calle 93 # 11-26',
          residenceDetail: 'Apto 502',
          state: 'Bogotá D.C.',
          city: 'Bogotá',
          postalCode: '110221',
        }),
        prescription_document_id: null,
        prescription_status: null,
        prescription_reviewed_at: null,
        prescription_reviewed_by: null,
        created_at: paidAt.toISOString(),
        paid_at: paidAt,
      })
      .execute();
    await trx
      .insertInto('order_items')
      .values({
        order_id: id,
        product_id: product.id,
        name: product.name,
        slug: product.slug,
        image: null,
        category_id: product.category_id,
        type: 'standard',
        quantity: 1,
        unit_price: product.amount,
        doctor_discount: 0,
        line_total: product.amount,
        points: null,
        stock_reserved: 0,
      })
      .execute();
    // Every order has its payment: the order's detail and the admin's reconciliation read it.
    await trx
      .insertInto('payments')
      .values({
        id: randomUUID(),
        order_id: id,
        provider: SANDBOX_PROVIDER,
        method: 'visa',
        status: 'approved',
        amount: product.amount,
        currency: country.currency,
        brand: 'visa',
        last4: '4242',
        redirect_url: '',
        created_at: paidAt.toISOString(),
        approved_at: paidAt,
        captured_at: paidAt,
      })
      .execute();
    await trx
      .insertInto('order_status_history')
      .values({ order_id: id, status: 'paid', note: null, changed_by: null })
      .execute();
    await trx.insertInto('reminder_order_checks').values({ order_id: id }).execute();
  });
}
