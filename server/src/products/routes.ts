import type { Kysely } from 'kysely';
import type {
  CategoryCountDto,
  DataResponse,
  DiscountListDto,
  PharmaceuticalFormCountDto,
  ProductDto,
} from '../../../src/lib/shared/api-types';
import { PRODUCT_SORT_FIELDS, PRODUCTS_MAX_PAGE_SIZE, PRODUCTS_PAGE_SIZE } from '../../../src/lib/shared/catalogue';
import { MAX_INT4, type Database } from '../db/schema';
import { optionalViewer, pathParam, type Api, type AppContext } from '../http/auth';
import { FieldProblems, readJsonObject } from '../http/body';
import { requestCountryId } from '../http/country';
import { notFound } from '../http/errors';
import { QueryReader } from '../http/query-params';
import { discountListsFor } from './discounts';
import type { CatalogueCache } from './response-cache';
import {
  catalogueScope,
  categoryCounts,
  findProduct,
  findProductBySerial,
  listProducts,
  pharmaceuticalFormCounts,
  type CatalogueScope,
} from './repo';

const MAX_SEARCH_LENGTH = 100;
const MAX_SERIAL_LENGTH = 100;

export const PRODUCT_NOT_FOUND_MESSAGE = 'Producto no encontrado.';
const SERIAL_NOT_FOUND_MESSAGE = 'No encontramos un producto con ese número de serie.';

/** The country of the request (query, `x-country`, Colombia) and the session's audience and discounts. */
export async function requestScope(c: AppContext, reader: QueryReader, db: Kysely<Database>): Promise<CatalogueScope> {
  const countryId = await requestCountryId(c, reader, db);
  return catalogueScope(optionalViewer(c)?.user, countryId);
}

/** Who asks, from where, and for what: an answer of the cache is shared only by requests with the same key. */
function cacheKey(c: AppContext, scope: CatalogueScope): string {
  const query = new URLSearchParams(Object.entries(c.req.query()).sort(([a], [b]) => a.localeCompare(b)));
  return `${scope.countryId}|${scope.audience}|${scope.discountLevelId ?? '-'}|${c.req.path}?${query.toString()}`;
}

export function registerProductRoutes(api: Api, db: Kysely<Database>, cache: CatalogueCache): void {
  api.get('/products', { access: 'public' }, async (c) => {
    const reader = new QueryReader(c.req.query());
    const all = reader.boolean('all') ?? false;
    const limit = reader.integer('limit', { min: 1, max: all ? MAX_INT4 : PRODUCTS_MAX_PAGE_SIZE });
    const offset = reader.integer('offset', { min: 0 }) ?? 0;
    const orderBy = reader.oneOf('orderBy', PRODUCT_SORT_FIELDS) ?? 'name';
    const order = reader.oneOf('order', ['asc', 'desc'] as const, { caseInsensitive: true }) ?? 'asc';
    // The role context of product §7 is validated but not trusted: the session decides the audience.
    reader.integer('role_id', { min: 0 });
    reader.integer('purchase_level_id', { min: 0 });
    const categoryId = reader.integer('category_id', { min: 1 });
    const pharmaceuticalFormId = reader.integer('pharmaceutical_form_id', { min: 1 });
    const featured = reader.boolean('featured');
    const search = reader.text('search', MAX_SEARCH_LENGTH);
    const scope = await requestScope(c, reader, db);
    reader.assertValid();

    const effectiveLimit = limit ?? (all ? undefined : PRODUCTS_PAGE_SIZE);
    return cache.answer(c.req, cacheKey(c, scope), async () => {
      const page = await listProducts(db, scope, {
        limit: effectiveLimit,
        offset,
        orderBy,
        order,
        categoryId,
        pharmaceuticalFormId,
        featured,
        search,
      });
      return { data: page.data, total: page.total, limit: effectiveLimit ?? null, offset };
    });
  });

  // Fixed paths before `/products/:id`, which would take them for slugs.
  api.get('/products/categories', { access: 'public' }, async (c) => {
    const reader = new QueryReader(c.req.query());
    const scope = await requestScope(c, reader, db);
    reader.assertValid();
    return cache.answer(c.req, cacheKey(c, scope), async (): Promise<DataResponse<CategoryCountDto[]>> => ({
      data: await categoryCounts(db, scope),
    }));
  });

  api.get('/products/pharmaceutical-forms', { access: 'public' }, async (c) => {
    const reader = new QueryReader(c.req.query());
    const categoryId = reader.integer('category_id', { min: 1 });
    const scope = await requestScope(c, reader, db);
    reader.assertValid();
    return cache.answer(c.req, cacheKey(c, scope), async (): Promise<DataResponse<PharmaceuticalFormCountDto[]>> => ({
      data: await pharmaceuticalFormCounts(db, scope, categoryId),
    }));
  });

  api.get('/products/discount-lists', { access: 'public' }, async (c) => {
    // role_id and purchase_level_id in the query are ignored: the session decides.
    const lists = await discountListsFor(db, optionalViewer(c)?.user ?? null);
    return c.json<DataResponse<DiscountListDto[]>>({ data: lists });
  });

  api.post('/products/search-by-serial', { access: 'public' }, async (c) => {
    const reader = new QueryReader(c.req.query());
    const scope = await requestScope(c, reader, db);
    reader.assertValid();
    const body = await readJsonObject(c);
    const problems = new FieldProblems({ number_serial: 'Número de serie' });
    const serial = problems.text(body, 'number_serial', { required: true, maxLength: MAX_SERIAL_LENGTH });
    problems.assertNone();
    const product = serial === undefined ? undefined : await findProductBySerial(db, serial, scope);
    if (!product) throw notFound(SERIAL_NOT_FOUND_MESSAGE);
    return c.json<DataResponse<ProductDto>>({ data: product });
  });

  api.get('/products/:id', { access: 'public' }, async (c) => {
    const reader = new QueryReader(c.req.query());
    const scope = await requestScope(c, reader, db);
    reader.assertValid();
    // Products of categories the viewer may not see answer like missing ones (a 404 is not kept).
    return cache.answer(c.req, cacheKey(c, scope), async (): Promise<ProductDto> => {
      const product = await findProduct(db, pathParam(c, 'id'), scope);
      if (!product) throw notFound(PRODUCT_NOT_FOUND_MESSAGE);
      return product;
    });
  });
}
