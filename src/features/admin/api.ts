import { queryOptions } from '@tanstack/react-query';
import { env } from '../../lib/env';
import { gatewayClient } from '../../lib/http';
import type { DataResponse } from '../../lib/shared/api-types';
import type { AffiliateDto, ApprovalStatus, Role } from '../../lib/shared/accounts';
import type { CountryCode } from '../../lib/shared/countries';
import type {
  AdminCatalogueOptionsDto,
  AdminProductDto,
  AdminProductInput,
  AdminProductListDto,
} from '../../lib/shared/admin-products';
import type { OrderDto } from '../../lib/shared/orders';
import type { AdminPromoCodeDto, AdminPromoCodeInput } from '../../lib/shared/promo-codes';
import type { AccountDeletionDto } from '../../lib/shared/privacy';
import type { SentEmailDto } from '../../lib/shared/emails';
import type {
  DocumentKind,
  LibraryDocumentDto,
  MedicalRequestDto,
  MedicalRequestListDto,
  MedicalRequestStatus,
  PrescriptionSettingsDto,
} from '../../lib/shared/prescriptions';
import type { ContactSettingsDto, ContactSettingsInputDto } from '../../lib/shared/contact';
import type { PaymentDiscrepancyDto } from '../../lib/shared/payments';

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

export const adminProductQueries = {
  all: (country: CountryCode) => ['admin', country, 'products'] as const,
  list: (country: CountryCode, search: string, page: number) =>
    queryOptions({
      queryKey: [...adminProductQueries.all(country), 'list', search, page] as const,
      queryFn: ({ signal }) =>
        gatewayClient.request<AdminProductListDto>('/admin/products', {
          country,
          signal,
          query: { search: search || undefined, page },
        }),
    }),
  /** The products whose orders wait for a signed prescription (prescription settings). */
  signedPrescription: (country: CountryCode) =>
    queryOptions({
      queryKey: [...adminProductQueries.all(country), 'signed-prescription'] as const,
      queryFn: ({ signal }) =>
        gatewayClient.request<AdminProductListDto>('/admin/products', {
          country,
          signal,
          query: { signedPrescription: 'true' },
        }),
    }),
  options: (country: CountryCode) =>
    queryOptions({
      queryKey: [...adminProductQueries.all(country), 'options'] as const,
      queryFn: ({ signal }) =>
        gatewayClient.request<AdminCatalogueOptionsDto>('/admin/catalogue-options', { country, signal }),
      staleTime: Infinity,
    }),
};

export function saveProduct(country: CountryCode, id: number | null, input: AdminProductInput) {
  return gatewayClient.request<AdminProductDto>(id === null ? '/admin/products' : `/admin/products/${id}`, {
    method: id === null ? 'POST' : 'PUT',
    country,
    body: input,
  });
}

export function setProductActive(country: CountryCode, id: number, active: boolean) {
  return gatewayClient.request<AdminProductDto>(`/admin/products/${id}/${active ? 'activate' : 'deactivate'}`, {
    method: 'POST',
    country,
    body: {},
  });
}

export function uploadProductImage(country: CountryCode, id: number, file: File) {
  const form = new FormData();
  form.append('file', file);
  return gatewayClient.upload<AdminProductDto>(`/admin/products/${id}/images`, form, { country });
}

export function removeProductImage(country: CountryCode, id: number, imageId: number) {
  return gatewayClient.request<AdminProductDto>(`/admin/products/${id}/images/${imageId}`, {
    method: 'DELETE',
    country,
  });
}

export const libraryQueries = {
  all: (country: CountryCode) => ['admin', country, 'library'] as const,
  list: (country: CountryCode) =>
    queryOptions({
      queryKey: [...libraryQueries.all(country), 'list'] as const,
      queryFn: ({ signal }) => gatewayClient.request<{ data: LibraryDocumentDto[] }>('/documents', { country, signal }),
    }),
};

export interface LibraryDocumentInput {
  kind: DocumentKind;
  title: string;
  description: string;
  /** Null: every country. */
  countryId: number | null;
  file: File | null;
}

export function saveLibraryDocument(country: CountryCode, id: number | null, input: LibraryDocumentInput) {
  const form = new FormData();
  form.append('kind', input.kind);
  form.append('title', input.title);
  form.append('description', input.description);
  form.append('countryId', input.countryId === null ? '' : String(input.countryId));
  if (input.file) form.append('file', input.file);
  if (id === null) return gatewayClient.upload<LibraryDocumentDto>('/admin/documents', form, { country });
  return gatewayClient.request<LibraryDocumentDto>(`/admin/documents/${id}`, { method: 'PUT', country, body: form });
}

export function removeLibraryDocument(country: CountryCode, id: number) {
  return gatewayClient.request<null>(`/admin/documents/${id}`, { method: 'DELETE', country });
}

export const medicalRequestQueries = {
  all: (country: CountryCode) => ['admin', country, 'medical-requests'] as const,
  list: (country: CountryCode, status: MedicalRequestStatus | '', page: number) =>
    queryOptions({
      queryKey: [...medicalRequestQueries.all(country), status, page] as const,
      queryFn: ({ signal }) =>
        gatewayClient.request<MedicalRequestListDto>('/admin/medical-requests', {
          country,
          signal,
          query: { status: status || undefined, page },
        }),
    }),
};

export function setMedicalRequestStatus(country: CountryCode, id: number, status: MedicalRequestStatus) {
  return gatewayClient.request<MedicalRequestDto>(`/admin/medical-requests/${id}`, {
    method: 'PATCH',
    country,
    body: { status },
  });
}

export const adminPrescriptionSettingsQueries = {
  current: (country: CountryCode) =>
    queryOptions({
      queryKey: ['admin', country, 'prescription-settings'] as const,
      queryFn: ({ signal }) =>
        gatewayClient.request<PrescriptionSettingsDto>('/prescription-settings', { country, signal }),
    }),
};

export function savePrescriptionSettings(country: CountryCode, settings: PrescriptionSettingsDto) {
  return gatewayClient.request<PrescriptionSettingsDto>('/admin/prescription-settings', {
    method: 'PUT',
    country,
    body: settings,
  });
}

export const adminContactQueries = {
  all: (country: CountryCode) =>
    queryOptions({
      queryKey: ['admin', country, 'contact-settings'] as const,
      queryFn: ({ signal }) =>
        gatewayClient.request<{ data: ContactSettingsDto[] }>('/admin/contact-settings', { country, signal }),
    }),
};

/** `PUT /admin/contact-settings/{country}`: `country` is the one edited; `session` the admin's session country. */
export function saveContactSettings(session: CountryCode, country: CountryCode, input: ContactSettingsInputDto) {
  return gatewayClient.request<ContactSettingsDto>(`/admin/contact-settings/${country}`, {
    method: 'PUT',
    country: session,
    body: input,
  });
}

export const adminPromoCodeQueries = {
  list: (country: CountryCode) =>
    queryOptions({
      queryKey: ['admin', country, 'promo-codes'] as const,
      queryFn: ({ signal }) =>
        gatewayClient.request<{ data: AdminPromoCodeDto[] }>('/admin/promo-codes', { country, signal }),
    }),
};

/** Creates a promo code, or replaces the one with `id`. */
export function savePromoCode(country: CountryCode, input: AdminPromoCodeInput, id?: number) {
  return gatewayClient.request<AdminPromoCodeDto>(
    id === undefined ? '/admin/promo-codes' : `/admin/promo-codes/${id}`,
    {
      method: id === undefined ? 'POST' : 'PUT',
      country,
      body: input,
    },
  );
}
/** The accounts deleted by their owners (data rights): what was kept, never who they were. */
export const accountDeletionQueries = {
  list: (country: CountryCode) =>
    queryOptions({
      queryKey: ['admin', country, 'account-deletions'] as const,
      queryFn: ({ signal }) =>
        gatewayClient.request<DataResponse<AccountDeletionDto[]>>('/admin/account-deletions', { country, signal }),
      staleTime: 0,
    }),
};

/** The outbox of e-mails, newest first, or those sent to one address (support's "did it go out?"). */
export const sentEmailQueries = {
  list: (country: CountryCode, to: string) =>
    queryOptions({
      queryKey: ['admin', country, 'sent-emails', to] as const,
      queryFn: ({ signal }) =>
        gatewayClient.request<SentEmailDto[]>('/admin/emails', { country, signal, query: { to: to || undefined } }),
      staleTime: 0,
    }),
};

/** Where the store's payments and the provider's records differ (issue #22's reconciliation): open reports only. */
export const paymentDiscrepancyQueries = {
  list: (country: CountryCode) =>
    queryOptions({
      queryKey: ['admin', country, 'payment-discrepancies'] as const,
      queryFn: ({ signal }) =>
        gatewayClient.request<DataResponse<PaymentDiscrepancyDto[]>>('/admin/payment-discrepancies', {
          country,
          signal,
        }),
      staleTime: 0,
    }),
};

/** Compares the recent payments with the provider's now (the server also does it every hour). */
export function runPaymentReconciliation(country: CountryCode) {
  return gatewayClient.request<DataResponse<{ open: number; discrepancies: PaymentDiscrepancyDto[] }>>(
    '/admin/payment-reconciliation',
    { method: 'POST', country },
  );
}
