import type { Selectable } from 'kysely';
import { medicalRequestListQuerySchema, medicalRequestStatusSchema } from '../../../src/lib/shared/admin-schemas';
import { COUNTRY_NAMES_BY_ID } from '../../../src/lib/shared/countries';
import { medicalRequestSchema } from '../../../src/lib/shared/form-schemas';
import type { MedicalRequestDto, MedicalRequestListDto } from '../../../src/lib/shared/prescriptions';
import type { MedicalRequestsTable } from '../db/schema';
import type { Api } from '../http/auth';
import { clientAddress } from '../http/client-address';
import { Refusal, notFound } from '../refusal';
import { pathId } from '../gamification/input';
import { WindowLimiter, type RateLimitRule } from '../http/rate-limit';
import type { Services } from '../http/services';
import { insertMedicalRequest, medicalRequestsPage, updateMedicalRequestStatus } from './repo';

const TOO_MANY_REQUESTS_MESSAGE =
  'Ya recibimos varias solicitudes desde tu conexión. Espera un momento e inténtalo de nuevo.';
const ONE_HOUR_MS = 60 * 60 * 1000;
/** A person asks once or twice; more from one address in an hour is a script filling the form. */
export const MEDICAL_REQUEST_LIMIT: RateLimitRule = { limit: 5, windowMs: ONE_HOUR_MS };
const MEDICAL_REQUEST_NOT_FOUND_MESSAGE = 'No encontramos esta solicitud.';

function toMedicalRequestDto(row: Selectable<MedicalRequestsTable>): MedicalRequestDto {
  return {
    id: row.id,
    names: row.names,
    last_names: row.last_names,
    email: row.email,
    country_id: row.country_id,
    country_name: COUNTRY_NAMES_BY_ID[row.country_id] ?? '',
    country_code: row.country_code,
    mobile_number: row.mobile_number,
    description: row.description,
    topic: row.topic,
    status: row.status,
    statusUpdatedAt: row.status_updated_at?.toISOString() ?? null,
    createdAt: row.created_at.toISOString(),
  };
}

export function registerMedicalRequestRoutes(api: Api, services: Services): void {
  const { db } = services;
  // In the store the login limits use: shared by every instance on PostgreSQL.
  const limiter = new WindowLimiter(MEDICAL_REQUEST_LIMIT, services.limiterStore, 'medical-requests');

  api.post('/medical-requests', { access: 'public', body: medicalRequestSchema }, async (c) => {
    const address = clientAddress(c, services.trustProxy);
    const wait = await limiter.retryAfterSeconds(address);
    if (wait !== undefined) {
      throw new Refusal(429, TOO_MANY_REQUESTS_MESSAGE, undefined, { headers: { 'retry-after': String(wait) } });
    }
    const { topic, ...values } = c.req.valid('json');
    // Only stored requests count: a form sent back for a missing field is not spam.
    await limiter.record(address);
    // Every field is required: the form's rules refused the request otherwise.
    const text = (field: string) => values[field] ?? '';
    const row = await insertMedicalRequest(db, {
      names: text('names'),
      last_names: text('last_names'),
      email: text('email'),
      country_id: Number(text('country_id')),
      country_code: text('country_code'),
      mobile_number: text('mobile_number'),
      description: text('description'),
      topic,
    });
    return c.json<MedicalRequestDto>(toMedicalRequestDto(row), 201);
  });

  api.get('/admin/medical-requests', { access: ['admin'], query: medicalRequestListQuerySchema }, async (c) => {
    const { country_id: countryId, status, topic, ...paging } = c.req.valid('query');
    const { rows, total } = await medicalRequestsPage(db, { country_id: countryId, status, topic }, paging);
    return c.json<MedicalRequestListDto>({
      data: rows.map(toMedicalRequestDto),
      total,
      ...paging,
    });
  });

  api.patch('/admin/medical-requests/:id', { access: ['admin'], body: medicalRequestStatusSchema }, async (c) => {
    const id = pathId(c, 'id', MEDICAL_REQUEST_NOT_FOUND_MESSAGE);
    const { status } = c.req.valid('json');
    const row = await updateMedicalRequestStatus(db, id, status);
    if (!row) throw notFound(MEDICAL_REQUEST_NOT_FOUND_MESSAGE);
    return c.json<MedicalRequestDto>(toMedicalRequestDto(row));
  });
}
