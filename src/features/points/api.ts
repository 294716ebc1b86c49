import { queryOptions, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { gatewayClient } from '../../lib/http';
import { COUNTRIES, type CountryCode } from '../../lib/shared/countries';
import {
  IDEMPOTENCY_HEADER,
  POINT_ENTRY_TYPES,
  POINTS_HISTORY_DEFAULT_LIMIT,
  POINTS_HISTORY_DEFAULT_PAGE,
  type ComboDto,
  type EventDto,
  type PointEntryType,
  type PointProductDto,
  type PointProductRedemptionDto,
  type PointsBalanceDto,
  type PointsConfigDto,
  type PointsHistoryEntryDto,
  type PointsProductLineDto,
  type PointsRedemptionRecordDto,
  type RedemptionResponseDto,
} from '../../lib/shared/points';

/** The three kinds of things points buy; they share one card, one dialog and one admin form. */
export type PointsItemKind = 'event' | 'combo' | 'product';

/** Path segment of each kind in the gamification calls (product §7). */
export const KIND_SEGMENTS: Record<PointsItemKind, 'events' | 'combos' | 'products'> = {
  event: 'events',
  combo: 'combos',
  product: 'products',
};

/** A balance and history change with every purchase and prescription: a minute-old answer is already doubtful. */
const LEDGER_STALE_MS = 30_000;

/** Product §3 `historyFilters`, plus the type the screen filters by (null: every type). */
export interface HistoryFilters {
  type: PointEntryType | null;
  page: number;
  limit: number;
}

export const DEFAULT_HISTORY_FILTERS: HistoryFilters = {
  type: null,
  page: POINTS_HISTORY_DEFAULT_PAGE,
  limit: POINTS_HISTORY_DEFAULT_LIMIT,
};

interface HistoryPage {
  items: PointsHistoryEntryDto[];
  total: number;
  page: number;
  limit: number;
  totalPages: number;
}

const isNumber = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);

/** Product §7: the page holds `items` or `data`, and `totalPages` or `pageCount`; one shape here. */
export function normalizeHistoryPage(answer: unknown, asked: HistoryFilters): HistoryPage {
  const page = (typeof answer === 'object' && answer !== null ? answer : {}) as Record<string, unknown>;
  const items = (Array.isArray(page.items) ? page.items : Array.isArray(page.data) ? page.data : []) as
    PointsHistoryEntryDto[] | [];
  const limit = isNumber(page.limit) && page.limit > 0 ? page.limit : asked.limit;
  const total = isNumber(page.total) ? page.total : items.length;
  const totalPages = isNumber(page.totalPages)
    ? page.totalPages
    : isNumber(page.pageCount)
      ? page.pageCount
      : Math.ceil(total / limit);
  return { items, total, limit, page: isNumber(page.page) ? page.page : asked.page, totalPages };
}

/** Lists come as a plain array or inside `data` (as the catalogue's); anything else is an empty list. */
export function listOf<T>(answer: unknown): T[] {
  if (Array.isArray(answer)) return answer as T[];
  const data = (answer as { data?: unknown } | null)?.data;
  return Array.isArray(data) ? (data as T[]) : [];
}

/** `?tipo=` as an entry type, or null (every type) for anything the ledger does not know. */
export function parseEntryType(value: string | null): PointEntryType | null {
  return (POINT_ENTRY_TYPES as readonly string[]).includes(value ?? '') ? (value as PointEntryType) : null;
}

/** `?pagina=` as a page number: anything but a positive whole number is the first page. */
export function parsePage(value: string | null): number {
  const page = Number(value);
  return Number.isSafeInteger(page) && page > 0 ? page : POINTS_HISTORY_DEFAULT_PAGE;
}

export type CatalogueItem<K extends PointsItemKind> = K extends 'event'
  ? EventDto
  : K extends 'combo'
    ? ComboDto
    : PointProductDto;

/** What the country's catalogue answers per kind (product §7 `.../country/{id}` and `products/by-country/{id}`). */
function cataloguePath(kind: PointsItemKind, countryId: number): string {
  return kind === 'product'
    ? `/gamification/products/by-country/${countryId}`
    : `/gamification/${KIND_SEGMENTS[kind]}/country/${countryId}`;
}

/**
 * Keys start with 'points' and the country (logout drops a country's answers by `queryKey[1]`); what belongs to a
 * person also carries their user id, so the next person logging in on the device never sees it. After a redemption
 * invalidate `pointsQueries.ledger(country, userId)`; after an admin change, `pointsQueries.catalogues()`.
 */
export const pointsQueries = {
  all: (country: CountryCode) => ['points', country] as const,
  config: (country: CountryCode) =>
    queryOptions({
      queryKey: [...pointsQueries.all(country), 'config'] as const,
      queryFn: async ({ signal }) =>
        listOf<PointsConfigDto>(await gatewayClient.request<unknown>('/gamification/config', { country, signal })),
      // The point value prices every balance shown: an admin's change must show on the next visit, not in 5 minutes.
      staleTime: 0,
    }),
  /** Everything of one person: balance, history and light histories. */
  ledger: (country: CountryCode, userId: number) => [...pointsQueries.all(country), userId] as const,
  balance: (country: CountryCode, userId: number) =>
    queryOptions({
      queryKey: [...pointsQueries.ledger(country, userId), 'balance'] as const,
      queryFn: ({ signal }) =>
        gatewayClient.request<PointsBalanceDto>(`/gamification/users/${userId}/points`, { country, signal }),
      staleTime: LEDGER_STALE_MS,
    }),
  history: (country: CountryCode, userId: number, filters: HistoryFilters) =>
    queryOptions({
      queryKey: [...pointsQueries.ledger(country, userId), 'history', filters] as const,
      queryFn: async ({ signal }) =>
        normalizeHistoryPage(
          await gatewayClient.request<unknown>(`/gamification/history/unified/${userId}`, {
            country,
            signal,
            query: { type: filters.type ?? undefined, page: filters.page, limit: filters.limit },
          }),
          filters,
        ),
      staleTime: LEDGER_STALE_MS,
    }),
  eventHistory: (country: CountryCode, userId: number) =>
    queryOptions({
      queryKey: [...pointsQueries.ledger(country, userId), 'light', 'event'] as const,
      queryFn: async ({ signal }) =>
        listOf<PointsRedemptionRecordDto>(
          await gatewayClient.request<unknown>(`/gamification/history/events/${userId}`, { country, signal }),
        ),
      staleTime: LEDGER_STALE_MS,
    }),
  comboHistory: (country: CountryCode, userId: number) =>
    queryOptions({
      queryKey: [...pointsQueries.ledger(country, userId), 'light', 'combo'] as const,
      queryFn: async ({ signal }) =>
        listOf<PointsRedemptionRecordDto>(
          await gatewayClient.request<unknown>(`/gamification/history/combos/${userId}`, { country, signal }),
        ),
      staleTime: LEDGER_STALE_MS,
    }),
  productRedemptions: (country: CountryCode, userId: number) =>
    queryOptions({
      queryKey: [...pointsQueries.ledger(country, userId), 'light', 'product'] as const,
      queryFn: async ({ signal }) =>
        listOf<PointProductRedemptionDto>(
          await gatewayClient.request<unknown>(`/gamification/history/products/${userId}`, { country, signal }),
        ),
      staleTime: LEDGER_STALE_MS,
    }),
  /** What the country offers now (active, and events within their period). */
  catalogue: <K extends PointsItemKind>(country: CountryCode, kind: K) =>
    queryOptions({
      queryKey: [...pointsQueries.all(country), 'catalogue', kind] as const,
      queryFn: async ({ signal }) =>
        listOf<CatalogueItem<K>>(
          await gatewayClient.request<unknown>(cataloguePath(kind, COUNTRIES[country].countryId), {
            country,
            signal,
          }),
        ),
    }),
  /** Every country's config keys: each country's screens read the whole list, so a change is every country's. */
  configs: () => ({
    predicate: (query: { queryKey: readonly unknown[] }) =>
      query.queryKey[0] === 'points' && query.queryKey[2] === 'config',
  }),
  /** Every country's catalogue keys, for invalidation after an admin change. */
  catalogues: () => ({
    predicate: (query: { queryKey: readonly unknown[] }) =>
      query.queryKey[0] === 'points' && (query.queryKey[2] === 'catalogue' || query.queryKey[2] === 'admin'),
  }),
};

/**
 * For the features whose writes move points (a placed order spends or earns them): every points answer of the country,
 * balances and histories included, is read again, without those features knowing the points keys.
 */
export function useRefreshPoints(country: CountryCode): () => Promise<void> {
  const queryClient = useQueryClient();
  return useCallback(
    () => queryClient.invalidateQueries({ queryKey: pointsQueries.all(country) }),
    [queryClient, country],
  );
}

/** A redemption the user confirmed: what is asked, and the Idempotency-Key its retries reuse. */
export type RedemptionRequest =
  | { kind: 'event'; id: number; idempotencyKey: string }
  | { kind: 'combo'; id: number; idempotencyKey: string }
  | { kind: 'product'; id: number; quantity: number; idempotencyKey: string };

/** Product §4: each redemption answers the balance left. */
export function redeem(country: CountryCode, request: RedemptionRequest): Promise<RedemptionResponseDto> {
  const headers = { [IDEMPOTENCY_HEADER]: request.idempotencyKey };
  switch (request.kind) {
    case 'event':
      return gatewayClient.request('/gamification/participate-event', {
        method: 'POST',
        country,
        headers,
        body: { eventId: request.id },
      });
    case 'combo':
      return gatewayClient.request('/gamification/buy-combo', {
        method: 'POST',
        country,
        headers,
        body: { comboId: request.id },
      });
    case 'product':
      return gatewayClient.request('/gamification/products/redeem', {
        method: 'POST',
        country,
        headers,
        body: { productId: request.id, quantity: request.quantity },
      });
  }
}

/** `POST /gamification/redeem/batch`: several point products, all paid or none; answers the balance left. */
export function redeemBatch(
  country: CountryCode,
  products: readonly PointsProductLineDto[],
  idempotencyKey: string,
): Promise<RedemptionResponseDto> {
  return gatewayClient.request('/gamification/redeem/batch', {
    method: 'POST',
    country,
    headers: { [IDEMPOTENCY_HEADER]: idempotencyKey },
    body: { products },
  });
}
