import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { gatewayClient } from '../../lib/http';
import type { CountryCode } from '../../lib/shared/countries';
import type {
  ComboInputDto,
  EventInputDto,
  PointProductInputDto,
  PointsConfigDto,
  UpdatePointsConfigRequestDto,
} from '../../lib/shared/points';
import { KIND_SEGMENTS, listOf, pointsQueries, type CatalogueItem, type PointsItemKind } from './api';

// The admin page's calls (`configuracion-puntos`), apart from the professional's so their chunk stays small.

export type ItemInput<K extends PointsItemKind> = K extends 'event'
  ? EventInputDto
  : K extends 'combo'
    ? ComboInputDto
    : PointProductInputDto;

export const pointsAdminQueries = {
  /** Every item of a kind, active or not, in every country (an admin's `GET /gamification/{kind}s`). */
  items: <K extends PointsItemKind>(country: CountryCode, kind: K) =>
    queryOptions({
      queryKey: [...pointsQueries.all(country), 'admin', kind] as const,
      queryFn: async ({ signal }) =>
        listOf<CatalogueItem<K>>(
          await gatewayClient.request<unknown>(`/gamification/${KIND_SEGMENTS[kind]}`, { country, signal }),
        ),
      // An admin editing wants what is stored now, not a copy from a few minutes ago.
      staleTime: 0,
    }),
};

function updatePointsConfig(
  country: CountryCode,
  countryId: number,
  changes: UpdatePointsConfigRequestDto,
): Promise<PointsConfigDto> {
  return gatewayClient.request<PointsConfigDto>(`/gamification/config/${countryId}`, {
    method: 'PATCH',
    country,
    body: changes,
  });
}

/** Changes one country's point value and rewards (`countryId`), with the session of `country`. */
export function useUpdatePointsConfig(country: CountryCode) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ countryId, changes }: { countryId: number; changes: UpdatePointsConfigRequestDto }) =>
      updatePointsConfig(country, countryId, changes),
    onSuccess: () => queryClient.invalidateQueries(pointsQueries.configs()),
  });
}

function createPointsItem<K extends PointsItemKind>(
  country: CountryCode,
  kind: K,
  input: ItemInput<K>,
): Promise<CatalogueItem<K>> {
  return gatewayClient.request(`/gamification/${KIND_SEGMENTS[kind]}`, { method: 'POST', country, body: input });
}

/** Changes the fields given; `{ isActive: false }` deactivates (the item stays listed for the admin). */
function updatePointsItem<K extends PointsItemKind>(
  country: CountryCode,
  kind: K,
  id: number,
  changes: Partial<ItemInput<K>>,
): Promise<CatalogueItem<K>> {
  return gatewayClient.request(`/gamification/${KIND_SEGMENTS[kind]}/${id}`, {
    method: 'PATCH',
    country,
    body: changes,
  });
}

/**
 * Creates an item (`id` undefined) or changes the fields given of one; `{ isActive: false }` deactivates it. The
 * admin's list and every country's catalogue are asked again before the promise settles.
 */
export function useSavePointsItem<K extends PointsItemKind>(country: CountryCode, kind: K) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (save: { id: number; changes: Partial<ItemInput<K>> } | { id: undefined; input: ItemInput<K> }) =>
      save.id === undefined
        ? createPointsItem(country, kind, save.input)
        : updatePointsItem(country, kind, save.id, save.changes),
    onSuccess: () => queryClient.invalidateQueries(pointsQueries.catalogues()),
  });
}
