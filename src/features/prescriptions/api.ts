import { queryOptions } from '@tanstack/react-query';
import { gatewayClient } from '../../lib/http';
import { outboxHeaders } from '../../lib/outbox';
import { KEEP_ON_DEVICE_META } from '../../lib/query';
import type { CountryCode } from '../../lib/shared/countries';
import { IDEMPOTENCY_HEADER } from '../../lib/shared/orders';
import type { OutboxMeta, QueuedAnswerDto } from '../../lib/shared/outbox';
import {
  PRESCRIPTIONS_PAGE_SIZE,
  type CreatePrescriptionRequestDto,
  type CreateTemplateRequestDto,
  type PrescriptionDetailDto,
  type PrescriptionListDto,
  type PrescriptionSettingsDto,
  type TemplateDto,
  type TemplateSummaryDto,
} from '../../lib/shared/prescriptions';

/**
 * A prescription issued a moment ago, or one the patient just received, must show up at once: lists and details are
 * always revalidated when a screen opens (the copy kept on the device is shown meanwhile, offline too).
 */
const PRESCRIPTIONS_STALE_MS = 0;

/**
 * Keys carry the country (logout drops a country's answers by `queryKey[1]`) and the viewer, so one professional's
 * patients' prescriptions are never shown to the next person who logs in on the same device. `own` are the
 * author's (`/prescriptions`), `mine` the patient's (`/me/prescriptions`).
 */
/** The builder's settings; kept on the device with the other answers, so a draft started offline uses the last. */
export const prescriptionSettingsQueries = {
  current: (country: CountryCode) =>
    queryOptions({
      queryKey: ['prescription-settings', country] as const,
      queryFn: ({ signal }) =>
        gatewayClient.request<PrescriptionSettingsDto>('/prescription-settings', { country, signal }),
      staleTime: 5 * 60 * 1000,
    }),
};

export const prescriptionQueries = {
  all: (country: CountryCode) => ['prescriptions', country] as const,
  own: (country: CountryCode, viewer: string, page: number) =>
    queryOptions({
      queryKey: [...prescriptionQueries.all(country), viewer, 'own', page] as const,
      queryFn: ({ signal }) =>
        gatewayClient.request<PrescriptionListDto>('/prescriptions', {
          country,
          signal,
          query: { page, limit: PRESCRIPTIONS_PAGE_SIZE },
        }),
      staleTime: PRESCRIPTIONS_STALE_MS,
    }),
  detail: (country: CountryCode, viewer: string, id: number) =>
    queryOptions({
      queryKey: [...prescriptionQueries.all(country), viewer, 'detail', id] as const,
      queryFn: ({ signal }) =>
        gatewayClient.request<PrescriptionDetailDto>(`/prescriptions/${id}`, { country, signal }),
      staleTime: PRESCRIPTIONS_STALE_MS,
    }),
  /** The patient's first page and every prescription opened stay on the device (budget in docs/decisions.md). */
  mine: (country: CountryCode, viewer: string, page: number) =>
    queryOptions({
      queryKey: [...prescriptionQueries.all(country), viewer, 'mine', page] as const,
      queryFn: ({ signal }) =>
        gatewayClient.request<PrescriptionListDto>('/me/prescriptions', {
          country,
          signal,
          query: { page, limit: PRESCRIPTIONS_PAGE_SIZE },
        }),
      staleTime: PRESCRIPTIONS_STALE_MS,
      ...(page === 1 ? { meta: KEEP_ON_DEVICE_META } : {}),
    }),
  myDetail: (country: CountryCode, viewer: string, id: number) =>
    queryOptions({
      queryKey: [...prescriptionQueries.all(country), viewer, 'my-detail', id] as const,
      queryFn: ({ signal }) =>
        gatewayClient.request<PrescriptionDetailDto>(`/me/prescriptions/${id}`, { country, signal }),
      staleTime: PRESCRIPTIONS_STALE_MS,
      meta: KEEP_ON_DEVICE_META,
    }),
};

/**
 * The newest templates whose content is fetched ahead while online, so the builder can start from them offline. A
 * professional's templates fit on one screen; the newest are the ones in use (the budget in docs/decisions.md).
 */
export const TEMPLATES_ON_DEVICE_MAX = 20;

/**
 * Templates change only through this device's own actions: invalidate `templateQueries.all(country)` after them.
 * The list and the contents are kept on the device (`keepOnDevice`) for a builder opened without connection.
 */
export const templateQueries = {
  all: (country: CountryCode) => ['prescription-templates', country] as const,
  list: (country: CountryCode, viewer: string) =>
    queryOptions({
      queryKey: [...templateQueries.all(country), viewer, 'list'] as const,
      queryFn: ({ signal }) =>
        gatewayClient.request<{ data: TemplateSummaryDto[] }>('/prescription-templates', { country, signal }),
      meta: KEEP_ON_DEVICE_META,
    }),
  /**
   * Resolved against today's catalogue: asked again whenever it is applied online. The copy on the device serves a
   * builder without connection (the server checks the tools again when the prescription is sent).
   */
  detail: (country: CountryCode, viewer: string, id: number) =>
    queryOptions({
      queryKey: [...templateQueries.all(country), viewer, 'detail', id] as const,
      queryFn: ({ signal }) => gatewayClient.request<TemplateDto>(`/prescription-templates/${id}`, { country, signal }),
      staleTime: 0,
      meta: KEEP_ON_DEVICE_META,
    }),
};

/**
 * `POST /prescriptions` with the draft's key: a replay after a timeout, a crash or a lost answer gets the first
 * result back (200) instead of creating a second prescription. Without connection the service worker keeps it (a
 * `QueuedAnswerDto`) and sends it when the connection comes back, after the patient it needs (`outbox.dependsOn`).
 */
export function createPrescription(
  country: CountryCode,
  body: CreatePrescriptionRequestDto,
  idempotencyKey: string,
  outbox: Omit<OutboxMeta, 'country'>,
) {
  return gatewayClient.request<PrescriptionDetailDto | QueuedAnswerDto>('/prescriptions', {
    method: 'POST',
    country,
    body,
    headers: { [IDEMPOTENCY_HEADER]: idempotencyKey, ...outboxHeaders({ ...outbox, country }) },
  });
}

/**
 * `POST /prescription-templates` with its own key: saved without connection, the service worker keeps it and sends
 * it once when the connection comes back (the server answers a replay with the first template).
 */
export function createTemplate(
  country: CountryCode,
  body: CreateTemplateRequestDto,
  idempotencyKey: string,
  author: string,
) {
  return gatewayClient.request<TemplateDto | QueuedAnswerDto>('/prescription-templates', {
    method: 'POST',
    country,
    body,
    headers: {
      [IDEMPOTENCY_HEADER]: idempotencyKey,
      ...outboxHeaders({ kind: 'template', country, author, label: body.name }),
    },
  });
}

export function deleteTemplate(country: CountryCode, id: number) {
  return gatewayClient.request<null>(`/prescription-templates/${id}`, { method: 'DELETE', country });
}

export function cancelPrescription(country: CountryCode, id: number) {
  return gatewayClient.request<PrescriptionDetailDto>(`/prescriptions/${id}/cancel`, { method: 'POST', country });
}

/** `?pagina=` and `:id` segments as positive whole numbers (null when they cannot be one). */
export function parsePositiveId(value: string | null | undefined): number | null {
  if (!value || !/^\d+$/.test(value)) return null;
  const id = Number(value);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}
