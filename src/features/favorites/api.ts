import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { gatewayClient } from '../../lib/http';
import type { ProductDto } from '../../lib/shared/api-types';
import { COUNTRIES, type CountryCode } from '../../lib/shared/countries';

export const favoriteQueries = {
  list: (country: CountryCode, viewer: string) =>
    queryOptions({
      queryKey: ['favorites', country, viewer] as const,
      queryFn: ({ signal }) =>
        gatewayClient.request<{ data: ProductDto[] }>('/favorites', {
          country,
          signal,
          query: { country_id: COUNTRIES[country].countryId },
        }),
    }),
};

export function addFavorite(country: CountryCode, productId: number) {
  return gatewayClient.request<void>(`/favorites/${productId}`, { method: 'PUT', country });
}

export function removeFavorite(country: CountryCode, productId: number) {
  return gatewayClient.request<void>(`/favorites/${productId}`, { method: 'DELETE', country });
}

/**
 * Joins the favourites collected on this device to the account of `viewer`; the answer becomes that account's list.
 * A plain function, not a mutation hook: its one caller, `FavoritesSync`, is in the app shell, which `useMutation`'s
 * observer would grow (docs/decisions.md, mutation hooks per feature).
 */
export async function mergeDeviceFavorites(
  queryClient: QueryClient,
  country: CountryCode,
  viewer: string,
  productIds: number[],
): Promise<void> {
  const merged = await gatewayClient.request<{ data: ProductDto[] }>('/favorites/merge', {
    method: 'POST',
    country,
    body: { productIds },
    query: { country_id: COUNTRIES[country].countryId },
  });
  queryClient.setQueryData(favoriteQueries.list(country, viewer).queryKey, merged);
}
