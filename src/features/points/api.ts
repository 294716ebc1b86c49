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

/** The light histories of the ledger, by kind: `/gamification/history/{path}/{userId}`. */
const LIGHT_HISTORY_PATHS = { event: 'events', combo: 'combos', product: 'products' } as const;

const pointsKey = (country: CountryCode) => ['points', country] as const;
const ledgerKey = (country: CountryCode, userId: number) => [...pointsKey(country), userId] as const;

/** One light history: a list, kept under the ledger's key. */
function lightHistory<T>(country: CountryCode, userId: number, kind: keyof typeof LIGHT_HISTORY_PATHS) {
  return queryOptions({
    queryKey: [...ledgerKey(country, userId), 'light', kind] as const,
    queryFn: async ({ signal }) =>
      listOf<T>(
        await gatewayClient.request<unknown>(`/gamification/history/${LIGHT_HISTORY_PATHS[kind]}/${userId}`, {
          country,
          signal,
        }),
      ),
    staleTime: LEDGER_STALE_MS,
  });
}

/**
 * Keys start with 'points' and the country (logout drops a country's answers by `queryKey[1]`); what belongs to a
 * person also carries their user id, so the next person logging in on the device never sees it. After a redemption
 * invalidate `pointsQueries.ledger(country, userId)`; after an admin change, `pointsQueries.catalogues()`.
 */
export const pointsQueries = {
  all: pointsKey,
  config: (country: CountryCode) =>
    queryOptions({
      queryKey: [...pointsQueries.all(country), 'config'] as const,
      queryFn: async ({ signal }) =>
        listOf<PointsConfigDto>(await gatewayClient.request<unknown>('/gamification/config', { country, signal })),
      // The point value prices every balance shown: an admin's change must show on the next visit, not in 5 minutes.
      staleTime: 0,
    }),
  /** Everything of one person: balance, history and light histories. */
  ledger: ledgerKey,
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
    lightHistory<PointsRedemptionRecordDto>(country, userId, 'event'),
  comboHistory: (country: CountryCode, userId: number) =>
    lightHistory<PointsRedemptionRecordDto>(country, userId, 'combo'),
  productRedemptions: (country: CountryCode, userId: number) =>
    lightHistory<PointProductRedemptionDto>(country, userId, 'product'),
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

/** Where each kind of redemption is posted (product §4), and what it sends. */
function redemptionCall(request: RedemptionRequest): { path: string; body: Record<string, number> } {
  switch (request.kind) {
    case 'event':
      return { path: '/gamification/participate-event', body: { eventId: request.id } };
    case 'combo':
      return { path: '/gamification/buy-combo', body: { comboId: request.id } };
    case 'product':
      return { path: '/gamification/products/redeem', body: { productId: request.id, quantity: request.quantity } };
  }
}

/** Product §4: each redemption answers the balance left. */
export function redeem(country: CountryCode, request: RedemptionRequest): Promise<RedemptionResponseDto> {
  const { path, body } = redemptionCall(request);
  return gatewayClient.request(path, {
    method: 'POST',
    country,
    headers: { [IDEMPOTENCY_HEADER]: request.idempotencyKey },
    body,
  });
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
