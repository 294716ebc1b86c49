import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { contactQueries } from '../../lib/contact';
import { env } from '../../lib/env';
import { gatewayClient } from '../../lib/http';
import { prescriptionSettingsQueries } from '../prescriptions/api';
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

/** A decision on a professional's account: approve (with a purchase level), reject with a reason, or change the level. */
export type AffiliateReview =
  | { id: number; action: 'approve'; purchaseLevelId: number | undefined }
  | { id: number; action: 'reject'; reason: string }
  | { id: number; action: 'set-level'; purchaseLevelId: number };

function reviewAffiliate(country: CountryCode, review: AffiliateReview) {
  switch (review.action) {
    case 'approve':
      return gatewayClient.request<AffiliateDto>(`/admin/affiliates/${review.id}/approve`, {
        method: 'POST',
        country,
        body: review.purchaseLevelId ? { purchaseLevelId: review.purchaseLevelId } : {},
      });
    case 'reject':
      return gatewayClient.request<AffiliateDto>(`/admin/affiliates/${review.id}/reject`, {
        method: 'POST',
        country,
        body: { reason: review.reason },
      });
    case 'set-level':
      return gatewayClient.request<AffiliateDto>(`/admin/affiliates/${review.id}`, {
        method: 'PATCH',
        country,
        body: { purchaseLevelId: review.purchaseLevelId },
      });
  }
}

/** Applies a decision; every list of professionals is read again before the promise settles. */
export function useReviewAffiliate(country: CountryCode) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (review: AffiliateReview) => reviewAffiliate(country, review),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: affiliateQueries.all(country) }),
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

/** The admin's check of an order's signed prescription: release it for dispatch, or cancel it with a reason. */
export type HormoneOrderDecision =
  { orderId: number; approve: true } | { orderId: number; approve: false; reason: string };

/**
 * Decides on an order waiting for its prescription check. Every tab and country filter may hold the order: all of
 * them are read again before the promise settles.
 */
export function useDecideHormoneOrder(country: CountryCode) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (decision: HormoneOrderDecision) =>
      decision.approve
        ? gatewayClient.request<{ data: OrderDto }>(`/admin/hormone-orders/${decision.orderId}/approve`, {
            method: 'POST',
            country,
            body: {},
          })
        : gatewayClient.request<{ data: OrderDto }>(`/admin/hormone-orders/${decision.orderId}/reject`, {
            method: 'POST',
            country,
            body: { reason: decision.reason },
          }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: hormoneOrderQueries.all(country) }),
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

/** Creates a product (`id` null) or replaces one; every admin list of products is read again before it settles. */
export function useSaveProduct(country: CountryCode) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: number | null; input: AdminProductInput }) =>
      gatewayClient.request<AdminProductDto>(id === null ? '/admin/products' : `/admin/products/${id}`, {
        method: id === null ? 'POST' : 'PUT',
        country,
        body: input,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminProductQueries.all(country) }),
  });
}

/** Activates or deactivates a product; every admin list of products is read again before it settles. */
export function useSetProductActive(country: CountryCode) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, active }: { id: number; active: boolean }) =>
      gatewayClient.request<AdminProductDto>(`/admin/products/${id}/${active ? 'activate' : 'deactivate'}`, {
        method: 'POST',
        country,
        body: {},
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminProductQueries.all(country) }),
  });
}

/** An image added to a saved product, or one taken off it. */
export type ProductImageChange = { productId: number; file: File } | { productId: number; imageId: number };

/** Adds or removes a product's image; the answer is the product, and its lists are read again before it settles. */
export function useChangeProductImages(country: CountryCode) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: ProductImageChange) => {
      if ('imageId' in change) {
        return gatewayClient.request<AdminProductDto>(`/admin/products/${change.productId}/images/${change.imageId}`, {
          method: 'DELETE',
          country,
        });
      }
      const form = new FormData();
      form.append('file', change.file);
      return gatewayClient.upload<AdminProductDto>(`/admin/products/${change.productId}/images`, form, { country });
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminProductQueries.all(country) }),
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

interface LibraryDocumentInput {
  kind: DocumentKind;
  title: string;
  description: string;
  /** Null: every country. */
  countryId: number | null;
  file: File | null;
}

function saveLibraryDocument(country: CountryCode, id: number | null, input: LibraryDocumentInput) {
  const form = new FormData();
  form.append('kind', input.kind);
  form.append('title', input.title);
  form.append('description', input.description);
  form.append('countryId', input.countryId === null ? '' : String(input.countryId));
  if (input.file) form.append('file', input.file);
  if (id === null) return gatewayClient.upload<LibraryDocumentDto>('/admin/documents', form, { country });
  return gatewayClient.request<LibraryDocumentDto>(`/admin/documents/${id}`, { method: 'PUT', country, body: form });
}

/** Uploads a document (`id` null) or changes one; the library is read again before the promise settles. */
export function useSaveLibraryDocument(country: CountryCode) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: number | null; input: LibraryDocumentInput }) =>
      saveLibraryDocument(country, id, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: libraryQueries.all(country) }),
  });
}

/** Takes a document out of the library, which is read again before the promise settles. */
export function useRemoveLibraryDocument(country: CountryCode) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => gatewayClient.request<null>(`/admin/documents/${id}`, { method: 'DELETE', country }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: libraryQueries.all(country) }),
  });
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

/** Moves a request to `status`; every page and filter of the requests is read again before the promise settles. */
export function useSetMedicalRequestStatus(country: CountryCode) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, status }: { id: number; status: MedicalRequestStatus }) =>
      gatewayClient.request<MedicalRequestDto>(`/admin/medical-requests/${id}`, {
        method: 'PATCH',
        country,
        body: { status },
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: medicalRequestQueries.all(country) }),
  });
}

/**
 * Saves the builder's settings. The answer replaces the one cached copy (`prescriptionSettingsQueries`, the builder's
 * own), so the builder on this device uses them at once.
 */
export function useSavePrescriptionSettings(country: CountryCode) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (settings: PrescriptionSettingsDto) =>
      gatewayClient.request<PrescriptionSettingsDto>('/admin/prescription-settings', {
        method: 'PUT',
        country,
        body: settings,
      }),
    onSuccess: (saved) => queryClient.setQueryData(prescriptionSettingsQueries.current(country).queryKey, saved),
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

/**
 * `PUT /admin/contact-settings/{country}` with the admin's session country (`session`). The answer replaces that
 * country's entry in the admin's list and the public copy this device's chat button and footer read, so both show
 * the new channels at once.
 */
export function useSaveContactSettings(session: CountryCode) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ country, input }: { country: CountryCode; input: ContactSettingsInputDto }) =>
      gatewayClient.request<ContactSettingsDto>(`/admin/contact-settings/${country}`, {
        method: 'PUT',
        country: session,
        body: input,
      }),
    onSuccess: (saved) => {
      queryClient.setQueryData(adminContactQueries.all(session).queryKey, (current) =>
        current ? { data: current.data.map((entry) => (entry.country === saved.country ? saved : entry)) } : current,
      );
      queryClient.setQueryData(contactQueries.settings(saved.country).queryKey, saved);
    },
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

/** Creates a promo code (`id` undefined) or replaces one; the list is read again before the promise settles. */
export function useSavePromoCode(country: CountryCode) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ input, id }: { input: AdminPromoCodeInput; id: number | undefined }) =>
      gatewayClient.request<AdminPromoCodeDto>(id === undefined ? '/admin/promo-codes' : `/admin/promo-codes/${id}`, {
        method: id === undefined ? 'POST' : 'PUT',
        country,
        body: input,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminPromoCodeQueries.list(country).queryKey }),
  });
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

/**
 * Compares the recent payments with the provider's now (the server also does it every hour); the answer is the list
 * of open reports at once.
 */
export function useRunPaymentReconciliation(country: CountryCode) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      gatewayClient.request<DataResponse<{ open: number; discrepancies: PaymentDiscrepancyDto[] }>>(
        '/admin/payment-reconciliation',
        { method: 'POST', country },
      ),
    onSuccess: ({ data }) =>
      queryClient.setQueryData(paymentDiscrepancyQueries.list(country).queryKey, { data: data.discrepancies }),
  });
}
