import { queryOptions } from '@tanstack/react-query';
import { gatewayClient } from '../../lib/http';
import { KEEP_ON_DEVICE_META } from '../../lib/query';
import type { CountryCode } from '../../lib/shared/countries';
import { ORDERS_PAGE_SIZE, type OrderDto, type OrderSummaryDto, type PagedDto } from '../../lib/shared/orders';

/**
 * Always revalidated when a screen opens: a payment confirmed a moment ago must show up at once. The cached copy
 * (persisted for offline use) is shown meanwhile.
 */
const ORDERS_STALE_MS = 0;

/**
 * Keys carry the country (logout drops a country's answers by `queryKey[1]`) and the viewer, so one user's orders
 * are never shown to the next person who logs in on the same device. Invalidate `orderQueries.all(country)` after
 * an order is created or paid.
 */
export const orderQueries = {
  all: (country: CountryCode) => ['orders', country] as const,
  /** The first page and every order opened stay on the device (the budget in docs/decisions.md). */
  list: (country: CountryCode, viewer: string, page: number) =>
    queryOptions({
      queryKey: [...orderQueries.all(country), viewer, 'list', page] as const,
      queryFn: ({ signal }) =>
        gatewayClient.request<PagedDto<OrderSummaryDto>>('/orders', {
          country,
          signal,
          query: { page, limit: ORDERS_PAGE_SIZE },
        }),
      staleTime: ORDERS_STALE_MS,
      ...(page === 1 ? { meta: KEEP_ON_DEVICE_META } : {}),
    }),
  detail: (country: CountryCode, viewer: string, orderId: number) =>
    queryOptions({
      queryKey: [...orderQueries.all(country), viewer, 'detail', orderId] as const,
      queryFn: async ({ signal }) =>
        (await gatewayClient.request<{ data: OrderDto }>(`/orders/${orderId}`, { country, signal })).data,
      staleTime: ORDERS_STALE_MS,
      meta: KEEP_ON_DEVICE_META,
    }),
};

/** `?pagina=` as a page number: anything but a positive whole number is the first page. */
export function parsePage(value: string | null): number {
  const page = Number(value);
  return Number.isSafeInteger(page) && page > 0 ? page : 1;
}

/** The `:orderId` segment as an order id, or null when it cannot be one (then there is nothing to ask for). */
export function parseOrderId(value: string | undefined): number | null {
  if (!value || !/^\d+$/.test(value)) return null;
  const id = Number(value);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}
