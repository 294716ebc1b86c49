import { sql, type Kysely, type Transaction } from 'kysely';
import { PURCHASE_LEVELS, type FormErrorDto } from '../../../src/lib/shared/accounts';
import {
  adminProductInputSchema,
  adminProductListQuerySchema,
  CATEGORY_MESSAGE,
  FORM_MESSAGE,
} from '../../../src/lib/shared/admin-product-schemas';
import {
  ADMIN_PRODUCTS_PAGE_SIZE,
  PRODUCT_IMAGE_MAX_BYTES,
  PRODUCT_IMAGE_MIME_TYPES,
  type AdminCatalogueOptionsDto,
  type AdminDiscountInput,
  type AdminProductDto,
  type AdminProductInput,
  type AdminProductListDto,
  type AdminProductPriceInput,
} from '../../../src/lib/shared/admin-products';
import { COUNTRIES, COUNTRY_CODES, type CountryCode } from '../../../src/lib/shared/countries';
import { REQUIRED_FIELD_MESSAGE } from '../../../src/lib/shared/field-schemas';
import { normalizeSearchText } from '../../../src/lib/shared/text';
import type { Database } from '../db/schema';
import { wordPatterns } from '../db/search';
import { pathId } from '../gamification/input';
import type { AccessRule, Api } from '../http/auth';
import { readMultipart } from '../http/body';
import { notFound } from '../http/errors';
import type { Services } from '../http/services';
import { conflictingField, refusedFields } from '../http/validated';
import { checkedUpload } from '../uploads/checked-upload';
import { assertDecodableImage } from '../uploads/decoded-image';
import { isUniqueViolation } from '../users/repo';

const PRODUCT_NOT_FOUND_MESSAGE = 'No encontramos este producto.';
const DUPLICATE_SLUG_MESSAGE = 'Ya existe un producto con este slug.';
const DUPLICATE_SERIAL_MESSAGE = 'Ya existe un producto con este número de serie.';
const IMAGE_TOO_LARGE_MESSAGE = `La imagen supera el tamaño máximo de ${PRODUCT_IMAGE_MAX_BYTES / 1024 / 1024} MB.`;
const IMAGE_TYPE_MESSAGE = 'Sube una imagen JPG, PNG o WEBP.';
const IMAGE_NOT_FOUND_MESSAGE = 'No encontramos esta imagen.';

const ADMIN: AccessRule = ['admin'];
const MULTIPART_OVERHEAD_BYTES = 64 * 1024;

function uploadedImageUrl(id: number): string {
  return `/api/media/uploads/${id}`;
}

/** The category and form must exist; answers the category's name, which the search text includes. */
async function checkedCategoryName(db: Kysely<Database>, input: AdminProductInput): Promise<string> {
  const problems: FormErrorDto[] = [];
  const category = await db
    .selectFrom('categories')
    .select('name')
    .where('id', '=', input.categoryId)
    .executeTakeFirst();
  if (!category) problems.push({ field: 'categoryId', message: CATEGORY_MESSAGE });
  if (input.pharmaceuticalFormId !== null) {
    const form = await db
      .selectFrom('pharmaceutical_forms')
      .select('id')
      .where('id', '=', input.pharmaceuticalFormId)
      .executeTakeFirst();
    if (!form) problems.push({ field: 'pharmaceuticalFormId', message: FORM_MESSAGE });
  }
  if (problems.length > 0) throw refusedFields(problems);
  return category?.name ?? '';
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
  await trx
    .insertInto('product_presentations')
    .values(
      input.presentations.map((presentation) => ({
        product_id: productId,
        container_type: presentation.containerType,
        quantity: presentation.quantity,
        unit_symbol: presentation.unitSymbol,
        is_default: presentation.isDefault,
      })),
    )
    .execute();
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
    search_text: normalizeSearchText([input.name, input.tag, categoryName].join(' ')),
  };
}

function rethrowDuplicates(error: unknown): never {
  if (isUniqueViolation(error, 'products_slug_key')) throw conflictingField('slug', DUPLICATE_SLUG_MESSAGE);
  if (isUniqueViolation(error, 'products_serial_number_key')) {
    throw conflictingField('serialNumber', DUPLICATE_SERIAL_MESSAGE);
  }
  throw error;
}

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

async function adminProduct(db: Kysely<Database>, id: number): Promise<AdminProductDto> {
  const product = (await adminProducts(db, [id])).get(id);
  if (!product) throw notFound(PRODUCT_NOT_FOUND_MESSAGE);
  return product;
}

export function registerAdminProductRoutes(api: Api, services: Services): void {
  const { db } = services;

  api.get('/admin/products', { access: ADMIN, query: adminProductListQuerySchema }, async (c) => {
    const { search, page, signedPrescription: signed } = c.req.valid('query');
    let query = db
      .selectFrom('products')
      .$if(signed !== undefined, (rows) => rows.where('requires_signed_prescription', '=', true));
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
    return c.json<AdminProductListDto>({
      data: rows.flatMap((row) => details.get(row.id) ?? []),
      total: Number(total),
      page,
      limit: ADMIN_PRODUCTS_PAGE_SIZE,
    });
  });

  api.get('/admin/catalogue-options', { access: ADMIN }, async (c) => {
    const [categories, forms] = await Promise.all([
      db.selectFrom('categories').select(['id', 'name']).orderBy('sort_order').orderBy('id').execute(),
      db.selectFrom('pharmaceutical_forms').select(['id', 'name']).orderBy('name').execute(),
    ]);
    return c.json<AdminCatalogueOptionsDto>({ categories, forms });
  });

  api.get('/admin/products/:id', { access: ADMIN }, async (c) =>
    c.json<AdminProductDto>(await adminProduct(db, pathId(c, 'id', PRODUCT_NOT_FOUND_MESSAGE))),
  );

  api.post('/admin/products', { access: ADMIN, body: adminProductInputSchema }, async (c) => {
    const input = c.req.valid('json');
    const columns = productColumns(input, await checkedCategoryName(db, input));
    const id = await db
      .transaction()
      .execute(async (trx) => {
        const { id } = await trx.insertInto('products').values(columns).returning('id').executeTakeFirstOrThrow();
        await writeProductDetails(trx, id, input);
        return id;
      })
      .catch(rethrowDuplicates);
    return c.json<AdminProductDto>(await adminProduct(db, id), 201);
  });

  api.put('/admin/products/:id', { access: ADMIN, body: adminProductInputSchema }, async (c) => {
    const id = pathId(c, 'id', PRODUCT_NOT_FOUND_MESSAGE);
    const input = c.req.valid('json');
    const columns = productColumns(input, await checkedCategoryName(db, input));
    await db
      .transaction()
      .execute(async (trx) => {
        const updated = await trx
          .updateTable('products')
          .set(columns)
          .where('id', '=', id)
          .returning('id')
          .executeTakeFirst();
        if (!updated) throw notFound(PRODUCT_NOT_FOUND_MESSAGE);
        await writeProductDetails(trx, id, input);
      })
      .catch(rethrowDuplicates);
    return c.json<AdminProductDto>(await adminProduct(db, id));
  });

  // Products are never deleted: orders, prescriptions and favourites keep pointing at them. Deactivated, a product
  // leaves the catalogue and can no longer be prescribed or bought; what was already prescribed keeps its snapshot.
  for (const [action, active] of [
    ['deactivate', false],
    ['activate', true],
  ] as const) {
    api.post(`/admin/products/:id/${action}`, { access: ADMIN }, async (c) => {
      const id = pathId(c, 'id', PRODUCT_NOT_FOUND_MESSAGE);
      const updated = await db
        .updateTable('products')
        .set({ active })
        .where('id', '=', id)
        .returning('id')
        .executeTakeFirst();
      if (!updated) throw notFound(PRODUCT_NOT_FOUND_MESSAGE);
      return c.json<AdminProductDto>(await adminProduct(db, id));
    });
  }

  api.post(
    '/admin/products/:id/images',
    {
      access: ADMIN,
      maxBodyBytes: PRODUCT_IMAGE_MAX_BYTES + MULTIPART_OVERHEAD_BYTES,
      tooLargeMessage: IMAGE_TOO_LARGE_MESSAGE,
    },
    async (c) => {
      const id = pathId(c, 'id', PRODUCT_NOT_FOUND_MESSAGE);
      const body = await readMultipart(c);
      const file = body.file;
      if (!(file instanceof File) || file.size === 0) {
        throw refusedFields([{ field: 'file', message: REQUIRED_FIELD_MESSAGE }]);
      }
      const image = await checkedUpload(file, {
        maxBytes: PRODUCT_IMAGE_MAX_BYTES,
        tooLargeMessage: IMAGE_TOO_LARGE_MESSAGE,
        allowed: PRODUCT_IMAGE_MIME_TYPES,
        typeMessage: IMAGE_TYPE_MESSAGE,
      });
      await assertDecodableImage(image.bytes);
      await db.transaction().execute(async (trx) => {
        const product = await trx.selectFrom('products').select('id').where('id', '=', id).executeTakeFirst();
        if (!product) throw notFound(PRODUCT_NOT_FOUND_MESSAGE);
        const { next } = await trx
          .selectFrom('product_images')
          .select((eb) => eb.fn.coalesce(eb.fn.max('position'), sql<number>`-1`).as('next'))
          .where('product_id', '=', id)
          .executeTakeFirstOrThrow();
        const { id: imageId } = await trx
          .insertInto('product_images')
          .values({ product_id: id, url: '', position: Number(next) + 1, mime: image.type.mime, content: image.bytes })
          .returning('id')
          .executeTakeFirstOrThrow();
        await trx
          .updateTable('product_images')
          .set({ url: uploadedImageUrl(imageId) })
          .where('id', '=', imageId)
          .execute();
      });
      return c.json<AdminProductDto>(await adminProduct(db, id), 201);
    },
  );

  api.delete('/admin/products/:id/images/:imageId', { access: ADMIN }, async (c) => {
    const id = pathId(c, 'id', PRODUCT_NOT_FOUND_MESSAGE);
    const imageId = pathId(c, 'imageId', IMAGE_NOT_FOUND_MESSAGE);
    const deleted = await db
      .deleteFrom('product_images')
      .where('id', '=', imageId)
      .where('product_id', '=', id)
      .returning('id')
      .executeTakeFirst();
    if (!deleted) throw notFound(IMAGE_NOT_FOUND_MESSAGE);
    return c.json<AdminProductDto>(await adminProduct(db, id));
  });
}
