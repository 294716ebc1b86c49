// Small zod schemas of the admin area's calls, shared by the server and the admin screens (the larger ones have a
// module of their own: products, promo codes, affiliates, contact channels).
import { countryIdQuery, pagingQuery, queryOneOf, queryText, requiredText } from './field-schemas';
import { MEDICAL_REQUEST_STATUSES, MEDICAL_REQUEST_TOPICS } from './prescriptions';
import { z } from './zod';

/** `GET /admin/emails?to=`: the e-mails sent to one address (the longest an address can be). */
export const sentEmailsQuerySchema = z.object({ to: queryText('to', 254) });

export const MEDICAL_REQUEST_STATUS_MESSAGE = 'El estado debe ser nueva, contactada o cerrada.';

/** `PATCH /admin/medical-requests/{id}`: where the request stands. */
export const medicalRequestStatusSchema = z.object({
  status: z.enum(MEDICAL_REQUEST_STATUSES, { error: MEDICAL_REQUEST_STATUS_MESSAGE }),
});

const MEDICAL_REQUESTS_PAGE_SIZE = 20;
const MEDICAL_REQUESTS_MAX_PAGE_SIZE = 100;

/** `GET /admin/medical-requests`: a page of the requests, newest first, by country, status and topic. */
export const medicalRequestListQuerySchema = z.object({
  ...pagingQuery(MEDICAL_REQUESTS_PAGE_SIZE, MEDICAL_REQUESTS_MAX_PAGE_SIZE),
  country_id: countryIdQuery,
  status: queryOneOf('status', MEDICAL_REQUEST_STATUSES),
  topic: queryOneOf('topic', MEDICAL_REQUEST_TOPICS),
});

/** The statuses of the hormone authorisation queue (admin section autorizacion-hormonas). */
export const HORMONE_QUEUE_STATUSES = ['pending_prescription', 'released', 'cancelled'] as const;

/** `GET /admin/hormone-orders`: one status of the queue (pending unless asked), of one country or all. */
export const hormoneQueueQuerySchema = z.object({
  status: queryOneOf('status', HORMONE_QUEUE_STATUSES).transform((status) => status ?? 'pending_prescription'),
  country_id: countryIdQuery,
});

export const REJECTION_REASON_MAX_LENGTH = 500;

/** `POST /admin/hormone-orders/{id}/reject`: why the prescription was refused (the buyer reads it). */
export const prescriptionRejectionSchema = z.object({ reason: requiredText(REJECTION_REASON_MAX_LENGTH) });
