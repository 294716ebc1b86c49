import { infiniteQueryOptions, queryOptions, type InfiniteData, type QueryClient } from '@tanstack/react-query';
import { gatewayClient } from '../../lib/http';
import { persistedApart } from '../../lib/query';
import type { ProductDto } from '../../lib/shared/api-types';
import { PRODUCTS_PAGE_SIZE, type ProductSortField } from '../../lib/shared/catalogue';
import { COUNTRIES, type CountryCode } from '../../lib/shared/countries';

export interface ProductFilters {
  categoryId?: number;
  pharmaceuticalFormId?: number;
  search?: string;
  orderBy?: ProductSortField;
  order?: 'asc' | 'desc';
}

interface ProductPage {
  data: ProductDto[];
  total: number;
  limit: number | null;
  offset: number;
}

/** Product §7: the answer is an array or a `{ data }` object; both become one shape here. */
function normalizeProductPage(answer: unknown, offset: number): ProductPage {
  if (Array.isArray(answer)) {
    return { data: answer as ProductDto[], total: answer.length, limit: null, offset };
  }
  const page = answer as Partial<ProductPage> | null;
  const data = Array.isArray(page?.data) ? page.data : [];
  return {
    data,
    total: typeof page?.total === 'number' ? page.total : data.length,
    limit: page?.limit ?? null,
    offset,
  };
}

async function fetchProducts(
  country: CountryCode,
  query: ProductFilters & { limit?: number; offset?: number; featured?: boolean },
  signal?: AbortSignal,
): Promise<ProductPage> {
  const offset = query.offset ?? 0;
  const answer = await gatewayClient.request<unknown>('/products', {
    country,
    ...(signal ? { signal } : {}),
    query: {
      all: true,
      limit: query.limit ?? PRODUCTS_PAGE_SIZE,
      offset,
      orderBy: query.orderBy,
      order: query.order,
      country_id: COUNTRIES[country].countryId,
      category_id: query.categoryId,
      pharmaceutical_form_id: query.pharmaceuticalFormId,
      search: query.search,
      featured: query.featured,
    },
  });
  return normalizeProductPage(answer, offset);
}

const FEATURED_LIMIT = 8;
/** The offline copy of the catalogue is refreshed at most hourly: prices and stock change slowly. */
const CATALOGUE_SNAPSHOT_STALE_MS = 60 * 60 * 1000;

interface CategoryCount {
  id: number;
  name: string;
  slug: string;
  count: number;
}

/**
 * Keys carry the country and the viewer (a user's uid, or 'anonymous'): what the catalogue lists depends on both,
 * so a login or a country switch never shows another audience's cached answer.
 */
const productsKey = (country: CountryCode) => ['products', country] as const;
const everythingKey = (country: CountryCode, viewer: string) =>
  [...productsKey(country), viewer, 'everything'] as const;

export const productQueries = {
  all: productsKey,
  categories: (country: CountryCode, viewer: string) =>
    queryOptions({
      queryKey: [...productQueries.all(country), viewer, 'categories'] as const,
      queryFn: ({ signal }) =>
        gatewayClient.request<{ data: CategoryCount[] }>('/products/categories', {
          country,
          signal,
          query: { country_id: COUNTRIES[country].countryId },
        }),
    }),
  forms: (country: CountryCode, viewer: string, categoryId: number | undefined) =>
    queryOptions({
      queryKey: [...productQueries.all(country), viewer, 'forms', categoryId ?? null] as const,
      queryFn: ({ signal }) =>
        gatewayClient.request<{ data: CategoryCount[] }>('/products/pharmaceutical-forms', {
          country,
          signal,
          query: { country_id: COUNTRIES[country].countryId, category_id: categoryId },
        }),
    }),
  detail: (country: CountryCode, viewer: string, idOrSlug: string) =>
    queryOptions({
      queryKey: [...productQueries.all(country), viewer, 'detail', idOrSlug] as const,
      queryFn: ({ signal }) =>
        gatewayClient.request<ProductDto>(`/products/${encodeURIComponent(idOrSlug)}`, {
          country,
          signal,
          query: { country_id: COUNTRIES[country].countryId },
        }),
    }),
  /** The whole catalogue the viewer may see, kept on the device for searching offline. */
  everything: (country: CountryCode, viewer: string) =>
    queryOptions({
      queryKey: everythingKey(country, viewer),
      queryFn: async ({ signal }) =>
        normalizeProductPage(
          await gatewayClient.request<unknown>('/products', {
            country,
            signal,
            query: { all: true, country_id: COUNTRIES[country].countryId },
          }),
          0,
        ),
      staleTime: CATALOGUE_SNAPSHOT_STALE_MS,
      ...persistedApart<ProductPage, ReturnType<typeof everythingKey>>(),
    }),
  list: (country: CountryCode, viewer: string, filters: ProductFilters) =>
    infiniteQueryOptions({
      queryKey: [...productQueries.all(country), viewer, 'list', filters] as const,
      queryFn: ({ pageParam, signal }) => fetchProducts(country, { ...filters, offset: pageParam }, signal),
      initialPageParam: 0,
      getNextPageParam: (last) => {
        const next = last.offset + last.data.length;
        return last.data.length > 0 && next < last.total ? next : undefined;
      },
    }),
  featured: (country: CountryCode, viewer: string) =>
    queryOptions({
      queryKey: [...productQueries.all(country), viewer, 'featured'] as const,
      queryFn: ({ signal }) => fetchProducts(country, { featured: true, limit: FEATURED_LIMIT }, signal),
    }),
};

/** A product as one of the catalogue's answers kept on the device has it, and when that answer arrived. */
interface CatalogueCopy {
  product: ProductDto;
  updatedAtMs: number;
}

/** The queries whose answers are lists of products (`categories` and `forms` are not). */
const PRODUCT_LIST_KINDS: ReadonlySet<unknown> = new Set(['everything', 'list', 'featured']);

function productsOf(data: unknown): ProductDto[] {
  if (typeof data !== 'object' || data === null) return [];
  if ('pages' in data) return (data as InfiniteData<ProductPage>).pages.flatMap((page) => page.data);
  const list = (data as Partial<ProductPage>).data;
  return Array.isArray(list) ? list : [];
}

/**
 * The newest copy of a product (by slug or id) among the catalogue answers this viewer already has: the offline
 * snapshot, the lists and the featured products. A product page never opened before starts from it, so a product
 * seen in the catalogue opens offline too; the detail call then refreshes it as usual.
 */
function productFromCatalogue(
  queryClient: QueryClient,
  country: CountryCode,
  viewer: string,
  idOrSlug: string,
): CatalogueCopy | undefined {
  let newest: CatalogueCopy | undefined;
  for (const query of queryClient.getQueryCache().findAll({ queryKey: [...productQueries.all(country), viewer] })) {
    if (!PRODUCT_LIST_KINDS.has(query.queryKey[3])) continue;
    const product = productsOf(query.state.data).find(
      (candidate) => candidate.slug === idOrSlug || String(candidate.id) === idOrSlug,
    );
    if (product && (!newest || query.state.dataUpdatedAt > newest.updatedAtMs)) {
      newest = { product, updatedAtMs: query.state.dataUpdatedAt };
    }
  }
  return newest;
}

/** The product page's query: the detail call, seeded from the catalogue's copy of the product when there is one. */
export function productDetailQuery(queryClient: QueryClient, country: CountryCode, viewer: string, idOrSlug: string) {
  let copy: CatalogueCopy | undefined | null = null;
  const fromCatalogue = () =>
    copy === null ? (copy = productFromCatalogue(queryClient, country, viewer, idOrSlug)) : copy;
  return queryOptions({
    ...productQueries.detail(country, viewer, idOrSlug),
    initialData: () => fromCatalogue()?.product,
    initialDataUpdatedAt: () => fromCatalogue()?.updatedAtMs,
  });
}

export function searchBySerial(country: CountryCode, serial: string) {
  return gatewayClient.request<{ data: ProductDto }>('/products/search-by-serial', {
    method: 'POST',
    country,
    body: { number_serial: serial.trim() },
  });
}
