import { queryOptions } from '@tanstack/react-query';
import { env } from '../../lib/env';
import { gatewayClient } from '../../lib/http';
import type { AffiliateDto, ApprovalStatus, Role } from '../../lib/shared/accounts';
import type { CountryCode } from '../../lib/shared/countries';
import type { OrderDto } from '../../lib/shared/orders';

export interface AffiliateFilters {
  status?: ApprovalStatus | '';
  role?: Role | '';
  search?: string;
}

export const affiliateQueries = {
  all: (country: CountryCode) => ['admin', country, 'affiliates'] as const,
  list: (country: CountryCode, filters: AffiliateFilters) =>
    queryOptions({
      queryKey: [...affiliateQueries.all(country), filters] as const,
      queryFn: ({ signal }) =>
        gatewayClient.request<{ data: AffiliateDto[] }>('/admin/affiliates', {
          country,
          signal,
          query: {
            status: filters.status || undefined,
            role: filters.role || undefined,
            search: filters.search || undefined,
          },
        }),
    }),
};

export function approveAffiliate(country: CountryCode, id: number, purchaseLevelId: number | undefined) {
  return gatewayClient.request<AffiliateDto>(`/admin/affiliates/${id}/approve`, {
    method: 'POST',
    country,
    body: purchaseLevelId ? { purchaseLevelId } : {},
  });
}

export function rejectAffiliate(country: CountryCode, id: number, reason: string) {
  return gatewayClient.request<AffiliateDto>(`/admin/affiliates/${id}/reject`, {
    method: 'POST',
    country,
    body: { reason },
  });
}

export function setPurchaseLevel(country: CountryCode, id: number, purchaseLevelId: number) {
  return gatewayClient.request<AffiliateDto>(`/admin/affiliates/${id}`, {
    method: 'PATCH',
    country,
    body: { purchaseLevelId },
  });
}

/** Credential documents are served only with the admin's token: fetch them and open a local copy. */
export async function openCredentialFile(country: CountryCode, url: string): Promise<void> {
  // ofetch keeps a path that already starts with the base URL as it is.
  const blob = await gatewayClient.request<Blob>(url, { country, responseType: 'blob' });
  const objectUrl = URL.createObjectURL(blob);
  window.open(objectUrl, '_blank', 'noopener');
  // The new tab has read the blob by then; release it later rather than break it.
  setTimeout(() => URL.revokeObjectURL(objectUrl), 60_000);
}

/** The tabs of 'Autorización de hormonas': orders waiting for the prescription check and those already decided. */
export const HORMONE_ORDER_FILTER_STATUSES = ['pending_prescription', 'released', 'cancelled'] as const;
export type HormoneOrderFilterStatus = (typeof HORMONE_ORDER_FILTER_STATUSES)[number];

export interface HormoneOrderFilters {
  status: HormoneOrderFilterStatus;
  /** A country id, or null for every country. */
  countryId: number | null;
}

export const hormoneOrderQueries = {
  all: (country: CountryCode) => ['admin', country, 'hormone-orders'] as const,
  list: (country: CountryCode, filters: HormoneOrderFilters) =>
    queryOptions({
      queryKey: [...hormoneOrderQueries.all(country), filters] as const,
      queryFn: ({ signal }) =>
        gatewayClient.request<{ data: OrderDto[] }>('/admin/hormone-orders', {
          country,
          signal,
          query: { status: filters.status, country_id: filters.countryId ?? undefined },
        }),
      // Several admins work the same queue: always revalidate when the screen opens.
      staleTime: 0,
    }),
};

export function approveHormoneOrder(country: CountryCode, orderId: number) {
  return gatewayClient.request<{ data: OrderDto }>(`/admin/hormone-orders/${orderId}/approve`, {
    method: 'POST',
    country,
    body: {},
  });
}

export function rejectHormoneOrder(country: CountryCode, orderId: number, reason: string) {
  return gatewayClient.request<{ data: OrderDto }>(`/admin/hormone-orders/${orderId}/reject`, {
    method: 'POST',
    country,
    body: { reason },
  });
}

/**
 * Where the browser itself loads the signed prescription (iframe, img, new tab). The server authenticates this path
 * with the session cookie, since an iframe cannot send the bearer header.
 */
export function prescriptionUrl(orderId: number): string {
  return `${env.gatewayBaseUrl}/admin/hormone-orders/${orderId}/prescription`;
}
