import type { Kysely } from 'kysely';
import type {
  CategoryCountDto,
  DataResponse,
  DiscountListDto,
  PharmaceuticalFormCountDto,
  ProductDto,
} from '../../../src/lib/shared/api-types';
import {
  catalogueQuerySchema,
  pharmaceuticalFormsQuerySchema,
  productListQuerySchema,
  serialSearchSchema,
} from '../../../src/lib/shared/catalogue-schemas';
import type { Database } from '../db/schema';
import { completeAnswer } from '../http/answer-headers';
import { optionalViewer, pathParam, type Api } from '../http/auth';
import type { AppContext } from '../http/app-env';
import { requestCountryId } from '../http/country';
import { notFound } from '../refusal';
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

export const PRODUCT_NOT_FOUND_MESSAGE = 'Producto no encontrado.';
const SERIAL_NOT_FOUND_MESSAGE = 'No encontramos un producto con ese número de serie.';

/**
 * The country of the request (`country_id` of its query, `x-country`, Colombia) and the session's audience and
 * discounts.
 */
export function requestScope(c: AppContext, countryId: number | undefined): CatalogueScope {
  return catalogueScope(optionalViewer(c)?.user, requestCountryId(c, countryId));
}

/** Who asks, from where, and for what: an answer of the cache is shared only by requests with the same key. */
function cacheKey(c: AppContext, scope: CatalogueScope): string {
  const query = new URLSearchParams(Object.entries(c.req.query()).sort(([a], [b]) => a.localeCompare(b)));
  return `${scope.countryId}|${scope.audience}|${scope.discountLevelId ?? '-'}|${c.req.path}?${query.toString()}`;
}

/** The cache's answer for this request, made with the request's own headers in place (`completeAnswer`). */
function keptAnswer(
  c: AppContext,
  cache: CatalogueCache,
  scope: CatalogueScope,
  build: () => Promise<unknown>,
): Promise<Response> {
  return cache.answer(c.req, cacheKey(c, scope), build, (body, status, headers) =>
    completeAnswer(c, body, status, headers),
  );
}

export function registerProductRoutes(api: Api, db: Kysely<Database>, cache: CatalogueCache): void {
  api.get('/products', { access: 'public', query: productListQuerySchema }, async (c) => {
    const query = c.req.valid('query');
    const { limit, offset } = query;
    const scope = requestScope(c, query.country_id);
    return keptAnswer(c, cache, scope, async () => {
      const page = await listProducts(db, scope, {
        limit,
        offset,
        orderBy: query.orderBy,
        order: query.order,
        categoryId: query.category_id,
        pharmaceuticalFormId: query.pharmaceutical_form_id,
        featured: query.featured,
        search: query.search,
      });
      return { data: page.data, total: page.total, limit: limit ?? null, offset };
    });
  });

  // Fixed paths before `/products/:id`, which would take them for slugs.
  api.get('/products/categories', { access: 'public', query: catalogueQuerySchema }, async (c) => {
    const scope = requestScope(c, c.req.valid('query').country_id);
    return keptAnswer(c, cache, scope, async (): Promise<DataResponse<CategoryCountDto[]>> => ({
      data: await categoryCounts(db, scope),
    }));
  });

  api.get('/products/pharmaceutical-forms', { access: 'public', query: pharmaceuticalFormsQuerySchema }, async (c) => {
    const { category_id: categoryId, country_id: countryId } = c.req.valid('query');
    const scope = requestScope(c, countryId);
    return keptAnswer(c, cache, scope, async (): Promise<DataResponse<PharmaceuticalFormCountDto[]>> => ({
      data: await pharmaceuticalFormCounts(db, scope, categoryId),
    }));
  });

  api.get('/products/discount-lists', { access: 'public' }, async (c) => {
    // role_id and purchase_level_id in the query are ignored: the session decides.
    const lists = await discountListsFor(db, optionalViewer(c)?.user ?? null);
    return c.json<DataResponse<DiscountListDto[]>>({ data: lists });
  });

  const bySerial = { access: 'public', query: catalogueQuerySchema, body: serialSearchSchema } as const;
  api.post('/products/search-by-serial', bySerial, async (c) => {
    const scope = requestScope(c, c.req.valid('query').country_id);
    const product = await findProductBySerial(db, c.req.valid('json').number_serial, scope);
    if (!product) throw notFound(SERIAL_NOT_FOUND_MESSAGE);
    return c.json<DataResponse<ProductDto>>({ data: product });
  });

  api.get('/products/:id', { access: 'public', query: catalogueQuerySchema }, async (c) => {
    const scope = requestScope(c, c.req.valid('query').country_id);
    // Products of categories the viewer may not see answer like missing ones (a 404 is not kept).
    return keptAnswer(c, cache, scope, async (): Promise<ProductDto> => {
      const product = await findProduct(db, pathParam(c, 'id'), scope);
      if (!product) throw notFound(PRODUCT_NOT_FOUND_MESSAGE);
      return product;
    });
  });
}
