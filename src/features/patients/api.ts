import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { gatewayClient } from '../../lib/http';
import { KEEP_ON_DEVICE_META } from '../../lib/query';
import { idempotencyHeader } from '../../lib/idempotency';
import { outboxHeaders } from '../../lib/outbox';
import type { CountryCode } from '../../lib/shared/countries';
import { isQueuedAnswer, type QueuedAnswerDto } from '../../lib/shared/outbox';
import type { AdherenceReminderResultDto, PatientAdherenceDto } from '../../lib/shared/adherence';
import {
  ADHERENCE_FILTER_PARAM,
  ADHERENCE_FILTER_RUNNING_OUT,
  PATIENTS_MAX_PAGE_SIZE,
  PATIENTS_PAGE_SIZE,
  type CreatePatientResponseDto,
  type PatientDto,
  type CreatePatientInputDto,
  type PatientInputDto,
  type PatientListDto,
  type PatientStrategiesDto,
} from '../../lib/shared/prescriptions';

/** Inclusive `YYYY-MM-DD` bounds of the strategies' search by date; empty means open. */
export interface DateRange {
  from: string;
  to: string;
}

/**
 * Patients of one professional kept on the device, per country: the register of a busy practice fits, and at about
 * 0.6 KB a patient it stays within the budget of docs/decisions.md (about 1.2 MB). A larger register keeps its first
 * patients in the server's order; the others are found online.
 */
export const PATIENT_REGISTER_MAX_ON_DEVICE = 2000;

/** The register is fetched again in the background when older than this and a screen that lists patients opens. */
const PATIENT_REGISTER_STALE_MS = 5 * 60_000;

/** The professional's whole register as the device keeps it, for the list, the search and the builder offline. */
export interface PatientRegister {
  patients: PatientDto[];
  /** How many patients the server has, which may be more than the device keeps. */
  total: number;
}

async function fetchRegister(country: CountryCode, signal: AbortSignal): Promise<PatientRegister> {
  const patients: PatientDto[] = [];
  let total = 0;
  for (let page = 1; patients.length < PATIENT_REGISTER_MAX_ON_DEVICE; page += 1) {
    const answer = await gatewayClient.request<PatientListDto>('/patients', {
      country,
      signal,
      query: { page, limit: PATIENTS_MAX_PAGE_SIZE },
    });
    patients.push(...answer.data);
    total = answer.total;
    if (answer.data.length < answer.limit || patients.length >= total) break;
  }
  return { patients: patients.slice(0, PATIENT_REGISTER_MAX_ON_DEVICE), total };
}

/**
 * Keys carry the country (logout drops a country's answers by `queryKey[1]`) and the viewer: a professional's
 * register is never shown to the next person who logs in on the same device. Invalidate `patientQueries.all(country)`
 * after creating or editing a patient.
 */
export const patientQueries = {
  all: (country: CountryCode) => ['patients', country] as const,
  list: (country: CountryCode, viewer: string, search: string, page: number, runningOut = false) =>
    queryOptions({
      queryKey: [...patientQueries.all(country), viewer, 'list', search, page, runningOut] as const,
      queryFn: ({ signal }) =>
        gatewayClient.request<PatientListDto>('/patients', {
          country,
          signal,
          query: {
            search: search || undefined,
            page,
            limit: PATIENTS_PAGE_SIZE,
            [ADHERENCE_FILTER_PARAM]: runningOut ? ADHERENCE_FILTER_RUNNING_OUT : undefined,
          },
        }),
      // An invited patient who registers meanwhile changes status: ask again whenever the list opens.
      staleTime: 0,
    }),
  /** Kept on the device whatever the cache's cap (a clinic without connection needs every patient). */
  register: (country: CountryCode, viewer: string) =>
    queryOptions({
      queryKey: [...patientQueries.all(country), viewer, 'register'] as const,
      queryFn: ({ signal }) => fetchRegister(country, signal),
      staleTime: PATIENT_REGISTER_STALE_MS,
      meta: KEEP_ON_DEVICE_META,
    }),
  detail: (country: CountryCode, viewer: string, id: number) =>
    queryOptions({
      queryKey: [...patientQueries.all(country), viewer, 'detail', id] as const,
      queryFn: ({ signal }) => gatewayClient.request<PatientDto>(`/patients/${id}`, { country, signal }),
      staleTime: 0,
    }),
  /**
   * The figures of the products the viewer prescribed to the patient (issue #19). Kept on the device whatever the
   * cache's cap: a professional opens them in a consultation without connection.
   */
  adherence: (country: CountryCode, viewer: string, id: number) =>
    queryOptions({
      queryKey: [...patientQueries.all(country), viewer, 'adherence', id] as const,
      queryFn: ({ signal }) =>
        gatewayClient.request<PatientAdherenceDto>(`/patients/${id}/adherence`, { country, signal }),
      staleTime: 0,
      meta: KEEP_ON_DEVICE_META,
    }),
  strategies: (country: CountryCode, viewer: string, id: number, range: DateRange) =>
    queryOptions({
      queryKey: [...patientQueries.all(country), viewer, 'strategies', id, range.from, range.to] as const,
      queryFn: ({ signal }) =>
        gatewayClient.request<PatientStrategiesDto>(`/patients/${id}/strategies`, {
          country,
          signal,
          query: { from: range.from || undefined, to: range.to || undefined },
        }),
      staleTime: 0,
    }),
};

/**
 * `POST /patients`: the server saves the patient and e-mails the invitation to register. `idempotencyKey`: the same
 * for a retry of the same patient, so a lost answer never creates it twice. Without connection the service worker
 * keeps it (a `QueuedAnswerDto`) and sends it when the connection comes back; `author` is the professional's uid.
 */
function createPatient(country: CountryCode, input: CreatePatientInputDto, idempotencyKey: string, author: string) {
  return gatewayClient.request<CreatePatientResponseDto | QueuedAnswerDto>('/patients', {
    method: 'POST',
    country,
    body: input,
    headers: {
      ...idempotencyHeader(idempotencyKey),
      ...outboxHeaders({
        kind: 'patient',
        country,
        author,
        label: `${input.first_name} ${input.last_name}`.trim(),
        detail: input.email,
      }),
    },
  });
}

export interface CreatePatientVariables {
  input: CreatePatientInputDto;
  idempotencyKey: string;
  /** The professional's uid: a patient kept offline is sent only under this account. */
  author: string;
}

/**
 * Creates a patient. A created one is in every list and register of this country's patients, which are refreshed
 * before the promise settles; a queued one is not on the server yet, so nothing is.
 */
export function useCreatePatient(country: CountryCode) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ input, idempotencyKey, author }: CreatePatientVariables) =>
      createPatient(country, input, idempotencyKey, author),
    // The service worker keeps the write while offline: the request must leave even without connection.
    networkMode: 'offlineFirst',
    onSuccess: async (answer) => {
      if (!isQueuedAnswer(answer)) await queryClient.invalidateQueries({ queryKey: patientQueries.all(country) });
    },
  });
}

/** Saves a patient's changes: the answer is the patient's page at once, and every list is asked again. */
export function useUpdatePatient(country: CountryCode, viewer: string, id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (changes: Partial<PatientInputDto>) =>
      gatewayClient.request<PatientDto>(`/patients/${id}`, { method: 'PATCH', country, body: changes }),
    onSuccess: async (updated) => {
      queryClient.setQueryData(patientQueries.detail(country, viewer, id).queryKey, updated);
      await queryClient.invalidateQueries({ queryKey: patientQueries.all(country) });
    },
  });
}

/**
 * `POST /patients/:id/adherence/:productId/remind`: the re-purchase reminder now, by push or e-mail. Online only (a
 * reminder sent hours later is not the one-tap the professional expects); the server refuses a second one in a week,
 * which the patient's figures (asked again on success) then show.
 */
export function useRemindPatient(country: CountryCode, viewer: string, patientId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (productId: number) =>
      gatewayClient.request<AdherenceReminderResultDto>(`/patients/${patientId}/adherence/${productId}/remind`, {
        method: 'POST',
        country,
        body: {},
      }),
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: patientQueries.adherence(country, viewer, patientId).queryKey }),
  });
}
