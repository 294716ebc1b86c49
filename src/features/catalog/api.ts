import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { gatewayClient } from '../../lib/http';
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

export interface ProductPage {
  data: ProductDto[];
  total: number;
  limit: number | null;
  offset: number;
}

/** Spec §7: the answer is an array or a `{ data }` object; both become one shape here. */
export function normalizeProductPage(answer: unknown, offset: number): ProductPage {
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

export async function fetchProducts(
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

export interface CategoryCount {
  id: number;
  name: string;
  slug: string;
  count: number;
}

/**
 * Keys carry the country and the viewer (a user's uid, or 'anonymous'): what the catalogue lists depends on both,
 * so a login or a country switch never shows another audience's cached answer.
 */
export const productQueries = {
  all: (country: CountryCode) => ['products', country] as const,
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
      queryKey: [...productQueries.all(country), viewer, 'everything'] as const,
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

export function searchBySerial(country: CountryCode, serial: string) {
  return gatewayClient.request<{ data: ProductDto }>('/products/search-by-serial', {
    method: 'POST',
    country,
    body: { number_serial: serial.trim() },
  });
}
