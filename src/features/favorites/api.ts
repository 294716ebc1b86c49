import { queryOptions } from '@tanstack/react-query';
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

export function mergeFavorites(country: CountryCode, productIds: number[]) {
  return gatewayClient.request<{ data: ProductDto[] }>('/favorites/merge', {
    method: 'POST',
    country,
    body: { productIds },
    query: { country_id: COUNTRIES[country].countryId },
  });
}
