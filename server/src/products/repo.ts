import { sql, type ExpressionBuilder, type Kysely } from 'kysely';
import { jsonArrayFrom } from 'kysely/helpers/postgres';
import type {
  CategoryCountDto,
  PharmaceuticalFormCountDto,
  ProductDiscountDto,
  ProductDto,
} from '../../../src/lib/shared/api-types';
import { PRODUCT_SLUG_PATTERN, type ProductSortField } from '../../../src/lib/shared/catalogue';
import { countryById } from '../../../src/lib/shared/countries';
import { MAX_INT4, type Database, type UserRow } from '../db/schema';
import { wordPatterns } from '../db/search';
import { isApprovedProfessionalOrAdmin, isProfessional } from '../users/repo';

/**
 * Who the list is for. Patients and anonymous visitors get the general catalogue, which leaves out the
 * categories flagged as not patient-visible (hormones and professional use); professionals and admins see all.
 */
type ProductAudience = 'general' | 'professional';

/** Who looks at the catalogue and from where: the visible categories, the prices and the discounts. */
export interface CatalogueScope {
  countryId: number;
  audience: ProductAudience;
  /** The purchase level whose discounts apply: approved professionals only, null for everybody else. */
  discountLevelId: number | null;
}

/** The session decides, never the query: `role_id` and `purchase_level_id` parameters are not trusted. */
export function catalogueScope(
  user: Pick<UserRow, 'role' | 'approval_status' | 'purchase_level_id'> | null | undefined,
  countryId: number,
): CatalogueScope {
  if (!user) return { countryId, audience: 'general', discountLevelId: null };
  const approvedProfessional = isProfessional(user) && user.approval_status === 'approved';
  return {
    countryId,
    audience: isApprovedProfessionalOrAdmin(user) ? 'professional' : 'general',
    discountLevelId: approvedProfessional ? user.purchase_level_id : null,
  };
}

interface ProductListQuery {
  limit: number | undefined;
  offset: number;
  orderBy: ProductSortField;
  order: 'asc' | 'desc';
  categoryId?: number | undefined;
  pharmaceuticalFormId?: number | undefined;
  search?: string | undefined;
  featured?: boolean | undefined;
}

interface ProductPage {
  data: ProductDto[];
  total: number;
}

type ProductScope = ExpressionBuilder<Database & { p: Database['products'] }, 'p'>;

const presentationsOf = (eb: ProductScope) =>
  jsonArrayFrom(
    eb
      .selectFrom('product_presentations as pp')
      .select(['pp.is_default', 'pp.quantity', 'pp.unit_symbol', 'pp.container_type'])
      .whereRef('pp.product_id', '=', 'p.id')
      .orderBy('pp.is_default', 'desc')
      .orderBy('pp.id'),
  ).as('presentations');

const imagesOf = (eb: ProductScope) =>
  jsonArrayFrom(
    eb
      .selectFrom('product_images as pi')
      .select('pi.url')
      .whereRef('pi.product_id', '=', 'p.id')
      .orderBy('pi.position')
      .orderBy('pi.id'),
  ).as('images');

/**
 * The best percentage per product and per category among the active lists of a purchase level: two small derived
 * tables the product statement joins (hashed once, rather than two subqueries per product row).
 */
function levelDiscounts<A extends string>(
  db: Kysely<Database>,
  levelId: number,
  target: 'product_id' | 'category_id',
  alias: A,
) {
  return db
    .selectFrom('discount_list_items as di')
    .innerJoin('discount_lists as dl', 'dl.id', 'di.discount_list_id')
    .where('dl.purchase_level_id', '=', levelId)
    .where('dl.active', '=', true)
    .where(`di.${target}`, 'is not', null)
    .select([`di.${target} as target_id`, sql<number>`max(di.discount_percent)::float8`.as('percent')])
    .groupBy(`di.${target}`)
    .as(alias);
}

/**
 * The products the scope may see, with everything a `ProductDto` needs in one statement: presentations and images
 * as JSON, the country's price and the viewer's discount. PGlite serves one statement at a time, so the number of
 * round trips is what bounds throughput.
 */
export function productRows(db: Kysely<Database>, scope: CatalogueScope) {
  const { countryId, discountLevelId: levelId } = scope;
  let rows = db
    .selectFrom('products as p')
    .innerJoin('categories as c', 'c.id', 'p.category_id')
    // A product without a price in the country is not sold there.
    .leftJoin('product_prices as pr', (join) =>
      join.onRef('pr.product_id', '=', 'p.id').on('pr.country_id', '=', countryId),
    )
    .leftJoin('pharmaceutical_forms as f', 'f.id', 'p.pharmaceutical_form_id')
    .where('p.active', '=', true)
    .select((eb) => [
      'p.id',
      'p.name',
      'p.description',
      'p.slug',
      'p.tag',
      'p.featured',
      'p.category_id',
      'p.capsule_info',
      'p.stock_tracked',
      'p.stock_quantity',
      'p.points_price',
      'p.requires_signed_prescription',
      'c.name as category_name',
      'c.slug as category_slug',
      'f.id as form_id',
      'f.name as form_name',
      'pr.amount as price_amount',
      'pr.vat_included as price_vat_included',
      presentationsOf(eb),
      imagesOf(eb),
      // A line naming the product wins over a line naming its category (joined below, for professionals only).
      (levelId === null ? sql<number | null>`null::float8` : sql<number | null>`coalesce(dp.percent, dc.percent)`).as(
        'discount_percent',
      ),
    ])
    .$if(levelId !== null, (query) =>
      query
        .leftJoin(levelDiscounts(db, levelId ?? 0, 'product_id', 'dp'), 'dp.target_id', 'p.id')
        .leftJoin(levelDiscounts(db, levelId ?? 0, 'category_id', 'dc'), 'dc.target_id', 'p.category_id'),
    );
  if (scope.audience === 'general') rows = rows.where('c.patient_visible', '=', true);
  return rows;
}

type ProductRow = Awaited<ReturnType<ReturnType<typeof productRows>['execute']>>[number];

function discountsOf(percent: number | null): ProductDiscountDto[] {
  // A 0 % line (a product left out of its category's discount) is no discount.
  return percent !== null && percent > 0 ? [{ discount_value: percent, discount_type: 'percent' }] : [];
}

export function toProductDto(row: ProductRow, scope: CatalogueScope): ProductDto {
  const { countryId } = scope;
  const images = row.images.map((image) => ({ url: image.url }));
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    slug: row.slug,
    tag: row.tag,
    featured: row.featured,
    category_id: row.category_id,
    category: { id: row.category_id, name: row.category_name, slug: row.category_slug },
    pharmaceutical_form:
      row.form_id === null || row.form_name === null ? null : { id: row.form_id, name: row.form_name },
    capsule_info: row.capsule_info,
    stock: { quantity: row.stock_tracked ? row.stock_quantity : null, tracked: row.stock_tracked },
    images,
    image: images[0]?.url ?? null,
    presentations: row.presentations.map((presentation) => ({
      is_default: presentation.is_default,
      quantity: presentation.quantity,
      unit: { symbol: presentation.unit_symbol },
      container_type: { name: presentation.container_type },
    })),
    price:
      row.price_amount === null || row.price_vat_included === null
        ? null
        : {
            country_id: countryId,
            currency: countryById(countryId)?.currency ?? 'COP',
            amount: row.price_amount,
            vat_included: row.price_vat_included,
          },
    points_price: row.points_price,
    type: row.points_price === null ? 'standard' : 'points',
    requires_signed_prescription: row.requires_signed_prescription,
    discounts: discountsOf(row.discount_percent),
  };
}

/**
 * Active products the scope may see that are sold in its country (a product without a price there is not): the
 * base of the list, its counts per category and per form, so the three always agree.
 */
function sellableProducts(db: Kysely<Database>, scope: CatalogueScope) {
  return db
    .selectFrom('products as p')
    .innerJoin('categories as c', 'c.id', 'p.category_id')
    .innerJoin('product_prices as pr', (join) =>
      join.onRef('pr.product_id', '=', 'p.id').on('pr.country_id', '=', scope.countryId),
    )
    .where('p.active', '=', true)
    .$if(scope.audience === 'general', (query) => query.where('c.patient_visible', '=', true));
}

export async function listProducts(
  db: Kysely<Database>,
  scope: CatalogueScope,
  query: ProductListQuery,
): Promise<ProductPage> {
  // First the page of ids and the total (a window count), without building any JSON; then the details of only
  // those products. Building presentations and images under the window would do it for every match.
  let page = sellableProducts(db, scope).select(['p.id', sql<string | number>`count(*) over ()`.as('total_count')]);
  if (query.categoryId !== undefined) page = page.where('p.category_id', '=', query.categoryId);
  if (query.pharmaceuticalFormId !== undefined) {
    page = page.where('p.pharmaceutical_form_id', '=', query.pharmaceuticalFormId);
  }
  if (query.featured !== undefined) page = page.where('p.featured', '=', query.featured);
  for (const pattern of wordPatterns(query.search)) page = page.where('p.search_text', 'like', pattern);

  const direction = query.order;
  switch (query.orderBy) {
    case 'price':
      page = page.orderBy('pr.amount', direction);
      break;
    case 'created_at':
      page = page.orderBy('p.created_at', direction);
      break;
    case 'featured':
      page = page.orderBy('p.featured', direction === 'asc' ? 'desc' : 'asc').orderBy('p.search_text', 'asc');
      break;
    case 'name':
      page = page.orderBy('p.search_text', direction);
      break;
  }
  page = page.orderBy('p.id', 'asc').offset(query.offset);
  if (query.limit !== undefined) page = page.limit(query.limit);
  const ids = await page.execute();

  let total = Number(ids[0]?.total_count ?? 0);
  if (ids.length === 0 && query.offset > 0) {
    // Past the last page the window count has no row to ride on: count on its own.
    const counted = await page
      .clearSelect()
      .clearOrderBy()
      .clearLimit()
      .clearOffset()
      .select((eb) => eb.fn.countAll<string | number>().as('total'))
      .executeTakeFirst();
    total = Number(counted?.total ?? 0);
  }
  if (ids.length === 0) return { data: [], total };
  const rows = await productRows(db, scope)
    .where(
      'p.id',
      'in',
      ids.map((row) => row.id),
    )
    .execute();
  const byId = new Map(rows.map((row) => [row.id, toProductDto(row, scope)]));
  return { data: ids.flatMap((row) => byId.get(row.id) ?? []), total };
}

/** A numeric id that can be stored (int4, ≥ 1), else undefined: such ids are simply not found. */
export function parseProductId(value: string): number | undefined {
  if (!/^\d{1,10}$/.test(value)) return undefined;
  const id = Number(value);
  return id >= 1 && id <= MAX_INT4 ? id : undefined;
}

/**
 * Looks a product up by numeric id or by slug. Audience rules apply: a patient never sees hormones, not even by URL.
 */
export async function findProduct(
  db: Kysely<Database>,
  idOrSlug: string,
  scope: CatalogueScope,
): Promise<ProductDto | undefined> {
  const byId = /^\d+$/.test(idOrSlug);
  // Anything that cannot be a stored id or slug is simply not found, without asking the database.
  const id = byId ? parseProductId(idOrSlug) : undefined;
  if (byId ? id === undefined : !PRODUCT_SLUG_PATTERN.test(idOrSlug)) return undefined;
  const query = productRows(db, scope);
  const row = await (
    id !== undefined ? query.where('p.id', '=', id) : query.where('p.slug', '=', idOrSlug)
  ).executeTakeFirst();
  return row ? toProductDto(row, scope) : undefined;
}

/** Serial numbers compare without case and whitespace: `fm-vm-010 137` finds `FM-VM-010137`. */
function normalizeSerial(value: string): string {
  return value.replace(/\s+/g, '').toUpperCase();
}

/** The product of a serial number, audience rules applied. Uses the expression index of migration 0003. */
export async function findProductBySerial(
  db: Kysely<Database>,
  serial: string,
  scope: CatalogueScope,
): Promise<ProductDto | undefined> {
  const normalized = normalizeSerial(serial);
  if (normalized === '') return undefined;
  const row = await productRows(db, scope)
    .where(sql<string>`upper(regexp_replace(p.serial_number, '\\s', '', 'g'))`, '=', normalized)
    .orderBy('p.id')
    .executeTakeFirst();
  return row ? toProductDto(row, scope) : undefined;
}

/**
 * Categories the scope may see with their number of active products priced in the country; empty ones are left
 * out. In the categories' order.
 */
export async function categoryCounts(db: Kysely<Database>, scope: CatalogueScope): Promise<CategoryCountDto[]> {
  const rows = await sellableProducts(db, scope)
    .select(['c.id', 'c.name', 'c.slug', (eb) => eb.fn.countAll<string | number>().as('count')])
    .groupBy(['c.id', 'c.name', 'c.slug', 'c.sort_order'])
    .orderBy('c.sort_order')
    .orderBy('c.id')
    .execute();
  return rows.map((row) => ({ id: row.id, name: row.name, slug: row.slug, count: Number(row.count) }));
}

/** Pharmaceutical forms with their number of visible products priced in the country, optionally of one category. */
export async function pharmaceuticalFormCounts(
  db: Kysely<Database>,
  scope: CatalogueScope,
  categoryId: number | undefined,
): Promise<PharmaceuticalFormCountDto[]> {
  const rows = await sellableProducts(db, scope)
    .innerJoin('pharmaceutical_forms as f', 'f.id', 'p.pharmaceutical_form_id')
    .$if(categoryId !== undefined, (query) => query.where('p.category_id', '=', categoryId ?? 0))
    .select(['f.id', 'f.name', 'f.slug', (eb) => eb.fn.countAll<string | number>().as('count')])
    .groupBy(['f.id', 'f.name', 'f.slug'])
    .orderBy('f.id')
    .execute();
  return rows.map((row) => ({ id: row.id, name: row.name, slug: row.slug, count: Number(row.count) }));
}
