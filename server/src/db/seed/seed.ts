import { recordHealthConsent } from '../../privacy/consent-repo';
import { randomUUID } from 'node:crypto';
import { hash } from '@node-rs/argon2';
import { sql, type Insertable, type Kysely, type Transaction } from 'kysely';
import { HORMONES_CATEGORY_ID } from '../../../../src/lib/shared/catalogue';
import { COUNTRIES, countryById, countryCodeById } from '../../../../src/lib/shared/countries';
import { presentationRows, productSearchText } from '../../admin/products-repo';
import { seedContactSettingsIfEmpty } from '../../contact/repo';
import { seedPointsIfEmpty } from '../../gamification/seed';
import { seedProfessionalToolsIfEmpty } from '../../prescriptions/seed';
import type { Database, PromoCodesTable } from '../schema';
import { categories, pharmaceuticalForms, products, type SeedProduct } from './catalogue-data';
import { DEMO_PASSWORD, DEMO_USERS } from './demo-users';
import { discountLists } from './discount-data';

export interface SeedReport {
  seeded: boolean;
  products: number;
}

/**
 * Seeds an empty database; a database that already has countries is left as it is, but for the points programme's
 * and the professional tools' starting data, which are added whenever missing. Demo accounts are added only when
 * asked (development and tests, never production).
 */
export async function seedIfEmpty(db: Kysely<Database>, { demoUsers = true } = {}): Promise<SeedReport> {
  const existing = await db.selectFrom('countries').select(db.fn.countAll<number>().as('count')).executeTakeFirst();
  if (Number(existing?.count ?? 0) > 0) {
    await seedPointsIfEmpty(db, { demoUsers });
    await seedProfessionalToolsIfEmpty(db, { demoUsers });
    await seedContactSettingsIfEmpty(db, { demoUsers });
    return { seeded: false, products: 0 };
  }

  // Hashing is slow on purpose; do it before the transaction so PGlite's single connection is not held meanwhile.
  const passwordHash = demoUsers ? await hash(DEMO_PASSWORD, { algorithm: 2 }) : null;

  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('countries')
      .values(
        Object.values(COUNTRIES).map((country) => ({
          id: country.countryId,
          name: country.name,
          code: country.code,
          subdomain: country.subdomain,
          iso: country.iso,
          currency: country.currency,
          use_cents: country.useCents,
        })),
      )
      .execute();
    await trx
      .insertInto('categories')
      .values(
        categories.map((category, index) => ({
          id: category.id,
          name: category.name,
          slug: category.slug,
          description: category.description,
          patient_visible: category.patientVisible,
          sort_order: index,
        })),
      )
      .execute();
    await trx.insertInto('pharmaceutical_forms').values(pharmaceuticalForms).execute();
    await insertProducts(trx, products);
    await insertDiscountLists(trx);
    await trx.insertInto('promo_codes').values(promoCodes).execute();
    if (passwordHash) await insertDemoUsers(trx, passwordHash);
  });
  await seedPointsIfEmpty(db, { demoUsers });
  await seedProfessionalToolsIfEmpty(db, { demoUsers });
  await seedContactSettingsIfEmpty(db, { demoUsers });
  await refreshPlannerStatistics(db);
  return { seeded: true, products: products.length };
}

const categoryNames = new Map(categories.map((category) => [category.id, category.name]));

/** Generated benchmark products reuse the drawing of the catalogue product they derive from. */
/**
 * After a bulk load the planner still believes the tables are empty and picks nested loops; PGlite never
 * analyses on its own and PostgreSQL's autovacuum may take a minute. Analyse right away.
 */
export async function refreshPlannerStatistics(db: Kysely<Database>): Promise<void> {
  await sql`analyze`.execute(db);
}

export type ProductToInsert = SeedProduct & { imageSlug?: string };

export async function insertProducts(trx: Transaction<Database>, items: readonly ProductToInsert[]): Promise<void> {
  // Batches keep each statement's parameter count far below PostgreSQL's limit of 65,535.
  const BATCH_SIZE = 500;
  for (let start = 0; start < items.length; start += BATCH_SIZE) {
    const batch = items.slice(start, start + BATCH_SIZE);
    const inserted = await trx
      .insertInto('products')
      .values(
        batch.map((product) => ({
          slug: product.slug,
          name: product.name,
          description: product.description,
          tag: product.tag,
          category_id: product.categoryId,
          pharmaceutical_form_id: product.pharmaceuticalFormId,
          capsule_info: product.capsuleInfo,
          serial_number: product.serialNumber,
          stock_tracked: product.stock !== null,
          stock_quantity: product.stock,
          featured: product.featured,
          points_price: product.pointsPrice,
          requires_signed_prescription: product.categoryId === HORMONES_CATEGORY_ID,
          search_text: productSearchText(product, categoryNames.get(product.categoryId) ?? ''),
        })),
      )
      .returning(['id', 'slug'])
      .execute();
    const ids = new Map(inserted.map((row) => [row.slug, row.id]));
    const idOf = (product: ProductToInsert): number => {
      const id = ids.get(product.slug);
      if (id === undefined) throw new Error(`Producto sin id tras insertar: ${product.slug}`);
      return id;
    };
    await trx
      .insertInto('product_presentations')
      .values(batch.flatMap((product) => presentationRows(idOf(product), product.presentations)))
      .execute();
    await trx
      .insertInto('product_images')
      .values(batch.map((product) => ({ product_id: idOf(product), url: productImageUrl(product), position: 0 })))
      .execute();
    await trx
      .insertInto('product_prices')
      .values(
        batch.flatMap((product) =>
          Object.values(COUNTRIES).map((country) => ({
            product_id: idOf(product),
            country_id: country.countryId,
            amount: product.prices[country.subdomain],
            vat_included: product.vatIncluded,
          })),
        ),
      )
      .execute();
  }
}

function productImageUrl(product: ProductToInsert): string {
  return `/api/media/products/${product.imageSlug ?? product.slug}.svg`;
}

async function insertDiscountLists(trx: Transaction<Database>): Promise<void> {
  for (const list of discountLists) {
    const { id } = await trx
      .insertInto('discount_lists')
      .values({ name: list.name, purchase_level_id: list.purchaseLevelId })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx
      .insertInto('discount_list_items')
      .values(
        list.items.map((item) => ({
          discount_list_id: id,
          category_id: item.categoryId,
          discount_percent: item.percent,
        })),
      )
      .execute();
  }
}

/** Checkout promo codes: a welcome percentage everywhere, a fixed amount per country and an expired one. */
const promoCodes: Insertable<PromoCodesTable>[] = [
  { code: 'BIENVENIDA10', discount_type: 'percentage', value: 10, country_id: null, ...validity('2025', '2035') },
  { code: 'CO5000', discount_type: 'fixed', value: 5000, country_id: 1, ...validity('2025', '2035') },
  { code: 'MX100', discount_type: 'fixed', value: 10000, country_id: 2, ...validity('2025', '2035') },
  { code: 'PE20', discount_type: 'fixed', value: 2000, country_id: 3, ...validity('2025', '2035') },
  { code: 'EXPIRADO', discount_type: 'percentage', value: 15, country_id: null, ...validity('2024', '2024') },
];

/** From the first of January of one year to the end of another. */
function validity(fromYear: string, untilYear: string) {
  return { valid_from: new Date(`${fromYear}-01-01T00:00:00Z`), valid_until: new Date(`${untilYear}-12-31T23:59:59Z`) };
}

/** The usual identity document of each country (ids of DOCUMENT_TYPES): CC, INE, DNI. */
const DEMO_DOCUMENT_TYPE_BY_COUNTRY: Record<number, number> = { 1: 1, 2: 4, 3: 6 };

async function insertDemoUsers(trx: Transaction<Database>, passwordHash: string): Promise<void> {
  const ids = new Map<string, number>();
  for (const user of DEMO_USERS) {
    const invitedBy = user.invitedBy === null ? null : ids.get(user.invitedBy);
    const row = await trx
      .insertInto('users')
      .values({
        uid: randomUUID().replaceAll('-', ''),
        email: user.email,
        password_hash: passwordHash,
        role: user.role,
        approval_status: user.approvalStatus,
        display_name: `${user.firstName} ${user.lastName}`,
        first_name: user.firstName,
        last_name: user.lastName,
        document_type_id: DEMO_DOCUMENT_TYPE_BY_COUNTRY[user.countryId] ?? null,
        document_number: user.documentNumber,
        phone_number: user.phoneNumber,
        country_code: countryById(user.countryId)?.dialCode ?? null,
        specialty: user.specialty,
        professional_license_number: user.professionalLicenseNumber,
        country_id: user.countryId,
        doctor_id: invitedBy ?? null,
        purchase_level_id: user.role === 'patient' ? null : 1,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    ids.set(user.email, row.id);
    // Demo accounts come with the consent a registration records, so trying the store starts without the dialog.
    const country = countryCodeById(user.countryId);
    await recordHealthConsent(trx, {
      userId: row.id,
      country,
      action: 'granted',
      client: { address: null, userAgent: 'seed' },
    });
  }
}
