import { keepPreviousData, queryOptions, useMutation } from '@tanstack/react-query';
import { ApiError, gatewayClient, sleep } from '../../lib/http';
import { COUNTRIES, type CountryCode } from '../../lib/shared/countries';
import { flushPersistedState } from '../../lib/store';
import {
  IDEMPOTENCY_HEADER,
  type AddressDto,
  type CreateOrderRequestDto,
  type CreateOrderResponseDto,
  type OrderDto,
  type QuoteDto,
  type QuoteRequestDto,
} from '../../lib/shared/orders';

export const checkoutQueries = {
  /** The server's prices for what the bag holds now; the key changes with every line, code and points. */
  quote: (country: CountryCode, viewer: string, request: QuoteRequestDto) =>
    queryOptions({
      queryKey: ['checkout', country, viewer, 'quote', request] as const,
      queryFn: ({ signal }) =>
        gatewayClient.request<QuoteDto>('/checkout/quote', { method: 'POST', country, signal, body: request }),
      placeholderData: keepPreviousData,
    }),
  addresses: (country: CountryCode, viewer: string) =>
    queryOptions({
      queryKey: ['checkout', country, viewer, 'addresses'] as const,
      queryFn: ({ signal }) =>
        gatewayClient.request<{ data: AddressDto[] }>('/addresses', {
          country,
          signal,
          query: { country_id: COUNTRIES[country].countryId },
        }),
    }),
  /** The order a payment came back for (the result screen). */
  bySource: (country: CountryCode, viewer: string, sourceId: string) =>
    queryOptions({
      queryKey: ['checkout', country, viewer, 'order', sourceId] as const,
      queryFn: ({ signal }) => fetchOrderBySource(country, sourceId, signal),
    }),
};

/**
 * `POST /orders` with the source id as Idempotency-Key: sending it twice yields the same order and payment. Nothing
 * cached changes here: the page leaves for the payment, and the result page reads the order when it comes back.
 */
export function useCreateOrder(country: CountryCode) {
  return useMutation({
    mutationFn: async (request: CreateOrderRequestDto) => {
      // The checkout, with the order's key, is on disk before the request leaves: after a timeout or a crash the
      // retry reuses the key.
      await flushPersistedState();
      return gatewayClient.request<CreateOrderResponseDto>('/orders', {
        method: 'POST',
        country,
        body: request,
        headers: { [IDEMPOTENCY_HEADER]: request.sourceId },
      });
    },
  });
}

/** Product §7: the order may be written a moment after the payment returns; read it once more after this delay. */
const ORDER_RETRY_DELAY_MS = 400;

/**
 * Product §8: the order of a source is looked up in the country first; a 404 there falls back silently to the lookup
 * by source alone. A 404 on both is read once more after ORDER_RETRY_DELAY_MS (product §7) before giving up.
 */
async function fetchOrderBySource(
  country: CountryCode,
  sourceId: string,
  signal?: AbortSignal,
  wait: (ms: number, signal?: AbortSignal) => Promise<void> = sleep,
): Promise<OrderDto> {
  const source = encodeURIComponent(sourceId);
  const countryId = COUNTRIES[country].countryId;
  const isNotFound = (error: unknown) => error instanceof ApiError && error.status === 404;
  const lookup = async () => {
    try {
      return await gatewayClient.request<{ data: OrderDto }>(`/orders/source/${source}/country/${countryId}`, {
        country,
        signal,
      });
    } catch (error) {
      if (!isNotFound(error)) throw error;
      return gatewayClient.request<{ data: OrderDto }>(`/orders/by_source/${source}`, { country, signal });
    }
  };
  try {
    return (await lookup()).data;
  } catch (error) {
    if (!isNotFound(error)) throw error;
    await wait(ORDER_RETRY_DELAY_MS, signal);
    return (await lookup()).data;
  }
}
