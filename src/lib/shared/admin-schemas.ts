// Small zod schemas of the admin area's calls, shared by the server and the admin screens (the larger ones have a
// module of their own: products, promo codes, affiliates, contact channels).
import { countryIdQuery, pagingQuery, queryOneOf, queryText } from './field-schemas';
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
