import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { gatewayClient } from '../../lib/http';
import { outboxHeaders } from '../../lib/outbox';
import { KEEP_ON_DEVICE_META } from '../../lib/query';
import { flushPersistedState } from '../../lib/store';
import type { CountryCode } from '../../lib/shared/countries';
import { IDEMPOTENCY_HEADER } from '../../lib/shared/orders';
import { isQueuedAnswer, type OutboxMeta, type QueuedAnswerDto } from '../../lib/shared/outbox';
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
import { patientQueries } from '../patients/api';

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
function createPrescription(
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

export interface CreatePrescriptionVariables {
  body: CreatePrescriptionRequestDto;
  idempotencyKey: string;
  outbox: Omit<OutboxMeta, 'country'>;
}

/**
 * Puts a delivered prescription where its page reads it, so the page opens without asking again (a prescription
 * created now, or one the service worker delivered later).
 */
export function useRememberPrescription(country: CountryCode, viewer: string) {
  const queryClient = useQueryClient();
  return useCallback(
    (detail: PrescriptionDetailDto) =>
      queryClient.setQueryData(prescriptionQueries.detail(country, viewer, detail.id).queryKey, detail),
    [queryClient, country, viewer],
  );
}

/**
 * Issues a prescription or a recommendation. Once created it is the author's lists' and the patient's page's (its
 * strategies and adherence): those of this country are asked again. A queued one is not on the server yet.
 */
export function useCreatePrescription(country: CountryCode, viewer: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ body, idempotencyKey, outbox }: CreatePrescriptionVariables) => {
      // The draft, with its key, is on disk before the request leaves: a replay after a crash reuses the key.
      await flushPersistedState();
      return createPrescription(country, body, idempotencyKey, outbox);
    },
    // The service worker keeps the write while offline: the request must leave even without connection.
    networkMode: 'offlineFirst',
    onSuccess: (result) => {
      if (isQueuedAnswer(result)) return;
      queryClient.setQueryData(prescriptionQueries.detail(country, viewer, result.id).queryKey, result);
      void queryClient.invalidateQueries({ queryKey: prescriptionQueries.all(country) });
      void queryClient.invalidateQueries({ queryKey: patientQueries.all(country) });
    },
  });
}

/**
 * `POST /prescription-templates` with its own key: saved without connection, the service worker keeps it and sends
 * it once when the connection comes back (the server answers a replay with the first template).
 */
function createTemplate(country: CountryCode, body: CreateTemplateRequestDto, idempotencyKey: string, author: string) {
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

export interface CreateTemplateVariables {
  body: CreateTemplateRequestDto;
  idempotencyKey: string;
  /** The professional's uid: a template kept offline is sent only under this account. */
  author: string;
}

/** Saves a template; a saved one is in the picker's list, asked again before the promise settles. */
export function useCreateTemplate(country: CountryCode) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ body, idempotencyKey, author }: CreateTemplateVariables) =>
      createTemplate(country, body, idempotencyKey, author),
    // The service worker keeps the write while offline: the request must leave even without connection.
    networkMode: 'offlineFirst',
    onSuccess: async (answer) => {
      if (!isQueuedAnswer(answer)) await queryClient.invalidateQueries({ queryKey: templateQueries.all(country) });
    },
  });
}

export function deleteTemplate(country: CountryCode, id: number) {
  return gatewayClient.request<null>(`/prescription-templates/${id}`, { method: 'DELETE', country });
}

/** Cancels one of the author's prescriptions: its page shows the answer, and the patient's pages are asked again. */
export function useCancelPrescription(country: CountryCode, viewer: string, id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      gatewayClient.request<PrescriptionDetailDto>(`/prescriptions/${id}/cancel`, { method: 'POST', country }),
    onSuccess: (updated) => {
      queryClient.setQueryData(prescriptionQueries.detail(country, viewer, id).queryKey, updated);
      void queryClient.invalidateQueries({ queryKey: patientQueries.all(country) });
    },
  });
}

/** `?pagina=` and `:id` segments as positive whole numbers (null when they cannot be one). */
export function parsePositiveId(value: string | null | undefined): number | null {
  if (!value || !/^\d+$/.test(value)) return null;
  const id = Number(value);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}
