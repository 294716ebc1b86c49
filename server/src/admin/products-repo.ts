import { sql, type Kysely, type Transaction } from 'kysely';
import { PURCHASE_LEVELS } from '../../../src/lib/shared/accounts';
import {
  ADMIN_PRODUCTS_PAGE_SIZE,
  type AdminCatalogueOptionsDto,
  type AdminDiscountInput,
  type AdminProductDto,
  type AdminProductInput,
  type AdminProductPriceInput,
} from '../../../src/lib/shared/admin-products';
import { COUNTRIES, COUNTRY_CODES, type CountryCode } from '../../../src/lib/shared/countries';
import { normalizeSearchText } from '../../../src/lib/shared/text';
import type { Database } from '../db/schema';
import { wordPatterns } from '../db/search';

/** What the admin's product list filters by: words of the name, tag, category, slug or serial number. */
export interface AdminProductFilter {
  search: string | undefined;
  page: number;
  signedPrescriptionOnly: boolean;
}

/** A product's presentations as rows (the admin's form and the seed give the same fields). */
export function presentationRows(
  productId: number,
  presentations: readonly AdminProductInput['presentations'][number][],
) {
  return presentations.map((presentation) => ({
    product_id: productId,
    container_type: presentation.containerType,
    quantity: presentation.quantity,
    unit_symbol: presentation.unitSymbol,
    is_default: presentation.isDefault,
  }));
}

/** What the catalogue's word search reads: the name, the tag and the category's name. */
export function productSearchText(product: { name: string; tag: string }, categoryName: string): string {
  return normalizeSearchText([product.name, product.tag, categoryName].join(' '));
}

function uploadedImageUrl(id: number): string {
  return `/api/media/uploads/${id}`;
}

/** The category's name, which the search text includes; undefined when there is no such category. */
export async function categoryName(db: Kysely<Database>, categoryId: number): Promise<string | undefined> {
  const category = await db.selectFrom('categories').select('name').where('id', '=', categoryId).executeTakeFirst();
  return category?.name;
}

export async function pharmaceuticalFormExists(db: Kysely<Database>, formId: number): Promise<boolean> {
  const form = await db.selectFrom('pharmaceutical_forms').select('id').where('id', '=', formId).executeTakeFirst();
  return form !== undefined;
}

/** The product's own lines in one discount list per purchase level (created the first time a level needs one). */
async function writeDiscounts(trx: Transaction<Database>, productId: number, discounts: AdminDiscountInput[]) {
  await trx.deleteFrom('discount_list_items').where('product_id', '=', productId).execute();
  for (const discount of discounts) {
    let list = await trx
      .selectFrom('discount_lists')
      .select('id')
      .where('purchase_level_id', '=', discount.purchaseLevelId)
      .where('active', '=', true)
      .orderBy('id')
      .executeTakeFirst();
    if (!list) {
      const level = PURCHASE_LEVELS.find((candidate) => candidate.id === discount.purchaseLevelId);
      list = await trx
        .insertInto('discount_lists')
        .values({
          name: `Descuentos ${level?.name ?? discount.purchaseLevelId}`,
          purchase_level_id: discount.purchaseLevelId,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
    }
    await trx
      .insertInto('discount_list_items')
      .values({ discount_list_id: list.id, product_id: productId, discount_percent: discount.percent })
      .execute();
  }
}

async function writeProductDetails(
  trx: Transaction<Database>,
  productId: number,
  input: AdminProductInput,
): Promise<void> {
  await trx.deleteFrom('product_presentations').where('product_id', '=', productId).execute();
  await trx.insertInto('product_presentations').values(presentationRows(productId, input.presentations)).execute();
  await trx.deleteFrom('product_prices').where('product_id', '=', productId).execute();
  const prices = COUNTRY_CODES.flatMap((country) => {
    const price = input.prices[country];
    return price
      ? [
          {
            product_id: productId,
            country_id: COUNTRIES[country].countryId,
            amount: price.amount,
            vat_included: price.vatIncluded,
          },
        ]
      : [];
  });
  await trx.insertInto('product_prices').values(prices).execute();
  await writeDiscounts(trx, productId, input.discounts);
}

function productColumns(input: AdminProductInput, categoryName: string) {
  return {
    name: input.name,
    slug: input.slug,
    description: input.description,
    tag: input.tag,
    category_id: input.categoryId,
    pharmaceutical_form_id: input.pharmaceuticalFormId,
    capsule_info: input.capsuleInfo,
    serial_number: input.serialNumber,
    stock_tracked: input.stockTracked,
    stock_quantity: input.stockQuantity,
    featured: input.featured,
    points_price: input.pointsPrice,
    requires_signed_prescription: input.requiresSignedPrescription,
    search_text: productSearchText(input, categoryName),
  };
}

/** The admin's view of each product among `ids` that exists, with its prices, presentations, discounts and images. */
async function adminProducts(db: Kysely<Database>, ids: readonly number[]): Promise<Map<number, AdminProductDto>> {
  const result = new Map<number, AdminProductDto>();
  if (ids.length === 0) return result;
  const [products, presentations, prices, images, discounts] = await Promise.all([
    db
      .selectFrom('products as p')
      .innerJoin('categories as c', 'c.id', 'p.category_id')
      .selectAll('p')
      .select('c.name as category_name')
      .where('p.id', 'in', ids)
      .execute(),
    db.selectFrom('product_presentations').selectAll().where('product_id', 'in', ids).orderBy('id').execute(),
    db.selectFrom('product_prices').selectAll().where('product_id', 'in', ids).execute(),
    db
      .selectFrom('product_images')
      .select(['id', 'product_id', 'url', sql<boolean>`content is not null`.as('uploaded')])
      .where('product_id', 'in', ids)
      .orderBy('position')
      .orderBy('id')
      .execute(),
    db
      .selectFrom('discount_list_items as i')
      .innerJoin('discount_lists as l', 'l.id', 'i.discount_list_id')
      .select(['i.product_id', 'l.purchase_level_id', 'i.discount_percent'])
      .where('i.product_id', 'in', ids)
      .where('l.active', '=', true)
      .execute(),
  ]);
  for (const product of products) {
    const priceOf = (country: CountryCode): AdminProductPriceInput | null => {
      const row = prices.find(
        (price) => price.product_id === product.id && price.country_id === COUNTRIES[country].countryId,
      );
      return row ? { amount: row.amount, vatIncluded: row.vat_included } : null;
    };
    result.set(product.id, {
      id: product.id,
      active: product.active,
      name: product.name,
      slug: product.slug,
      description: product.description,
      tag: product.tag,
      categoryId: product.category_id,
      categoryName: product.category_name,
      pharmaceuticalFormId: product.pharmaceutical_form_id,
      capsuleInfo: product.capsule_info,
      serialNumber: product.serial_number,
      stockTracked: product.stock_tracked,
      stockQuantity: product.stock_quantity,
      featured: product.featured,
      pointsPrice: product.points_price,
      requiresSignedPrescription: product.requires_signed_prescription,
      prices: { co: priceOf('co'), mx: priceOf('mx'), pe: priceOf('pe') },
      presentations: presentations
        .filter((row) => row.product_id === product.id)
        .map((row) => ({
          containerType: row.container_type,
          quantity: row.quantity,
          unitSymbol: row.unit_symbol,
          isDefault: row.is_default,
        })),
      discounts: discounts
        .filter((row) => row.product_id === product.id)
        .map((row) => ({ purchaseLevelId: row.purchase_level_id, percent: Number(row.discount_percent) })),
      images: images
        .filter((row) => row.product_id === product.id)
        .map((row) => ({ id: row.id, url: row.url, uploaded: row.uploaded })),
      createdAt: product.created_at.toISOString(),
    });
  }
  return result;
}

export async function findAdminProduct(db: Kysely<Database>, id: number): Promise<AdminProductDto | undefined> {
  return (await adminProducts(db, [id])).get(id);
}

/** One page of products, active ones first, then by name; `total` counts every product the filter matches. */
export async function listAdminProducts(
  db: Kysely<Database>,
  { search, page, signedPrescriptionOnly }: AdminProductFilter,
): Promise<{ data: AdminProductDto[]; total: number }> {
  let query = db
    .selectFrom('products')
    .$if(signedPrescriptionOnly, (rows) => rows.where('requires_signed_prescription', '=', true));
  for (const pattern of wordPatterns(search)) {
    query = query.where((eb) =>
      eb.or([
        eb('search_text', 'like', pattern),
        eb(sql<string>`lower(slug || ' ' || serial_number)`, 'like', pattern),
      ]),
    );
  }
  const [{ total } = { total: 0 }] = await query.select((eb) => eb.fn.countAll<string>().as('total')).execute();
  const rows = await query
    .select('id')
    .orderBy('active', 'desc')
    .orderBy('name')
    .limit(ADMIN_PRODUCTS_PAGE_SIZE)
    .offset((page - 1) * ADMIN_PRODUCTS_PAGE_SIZE)
    .execute();
  const details = await adminProducts(
    db,
    rows.map((row) => row.id),
  );
  return { data: rows.flatMap((row) => details.get(row.id) ?? []), total: Number(total) };
}

export async function catalogueOptions(db: Kysely<Database>): Promise<AdminCatalogueOptionsDto> {
  const [categories, forms] = await Promise.all([
    db.selectFrom('categories').select(['id', 'name']).orderBy('sort_order').orderBy('id').execute(),
    db.selectFrom('pharmaceutical_forms').select(['id', 'name']).orderBy('name').execute(),
  ]);
  return { categories, forms };
}

/** Creates the product with its details in one transaction; answers its id. Unique violations are thrown as they are. */
export async function insertAdminProduct(
  db: Kysely<Database>,
  input: AdminProductInput,
  categoryName: string,
): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const { id } = await trx
      .insertInto('products')
      .values(productColumns(input, categoryName))
      .returning('id')
      .executeTakeFirstOrThrow();
    await writeProductDetails(trx, id, input);
    return id;
  });
}

/** Replaces the product and its details in one transaction; false when there is no such product. */
export async function updateAdminProduct(
  db: Kysely<Database>,
  id: number,
  input: AdminProductInput,
  categoryName: string,
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const updated = await trx
      .updateTable('products')
      .set(productColumns(input, categoryName))
      .where('id', '=', id)
      .returning('id')
      .executeTakeFirst();
    if (!updated) return false;
    await writeProductDetails(trx, id, input);
    return true;
  });
}

/** False when there is no such product. */
export async function setProductActive(db: Kysely<Database>, id: number, active: boolean): Promise<boolean> {
  const updated = await db
    .updateTable('products')
    .set({ active })
    .where('id', '=', id)
    .returning('id')
    .executeTakeFirst();
  return updated !== undefined;
}

/** Stores an uploaded image after the product's others, served from the media route; false when there is no such product. */
export async function addUploadedProductImage(
  db: Kysely<Database>,
  productId: number,
  image: { mime: string; bytes: Uint8Array },
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const product = await trx.selectFrom('products').select('id').where('id', '=', productId).executeTakeFirst();
    if (!product) return false;
    const { next } = await trx
      .selectFrom('product_images')
      .select((eb) => eb.fn.coalesce(eb.fn.max('position'), sql<number>`-1`).as('next'))
      .where('product_id', '=', productId)
      .executeTakeFirstOrThrow();
    const { id: imageId } = await trx
      .insertInto('product_images')
      .values({ product_id: productId, url: '', position: Number(next) + 1, mime: image.mime, content: image.bytes })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx
      .updateTable('product_images')
      .set({ url: uploadedImageUrl(imageId) })
      .where('id', '=', imageId)
      .execute();
    return true;
  });
}

/** False when the product has no such image. */
export async function deleteProductImage(db: Kysely<Database>, productId: number, imageId: number): Promise<boolean> {
  const deleted = await db
    .deleteFrom('product_images')
    .where('id', '=', imageId)
    .where('product_id', '=', productId)
    .returning('id')
    .executeTakeFirst();
  return deleted !== undefined;
}
