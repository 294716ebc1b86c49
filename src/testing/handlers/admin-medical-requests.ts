import { http, HttpResponse } from 'msw';
import { countryById } from '../../lib/shared/countries';
import {
  MEDICAL_REQUEST_STATUSES,
  type MedicalRequestDto,
  type MedicalRequestListDto,
  type MedicalRequestStatus,
} from '../../lib/shared/prescriptions';
import { TEST_API } from '../api-url';
import { formRefusal } from './http-shapes';

// A fake of the admins' follow-up of medical attention requests (server/src/medical-requests/routes.ts): the same
// paths, shapes and Spanish messages. Not in the default handlers: a test opts in with `server.use(...)`.

const PAGE_SIZE = 20;

export function buildMedicalRequest(overrides: Partial<MedicalRequestDto> = {}): MedicalRequestDto {
  const countryId = overrides.country_id ?? 2;
  return {
    id: 1,
    names: 'Lucía',
    last_names: 'Hernández Soto',
    email: 'lucia@example.test',
    country_id: countryId,
    country_code: '+52',
    mobile_number: '5512345678',
    description: 'Busco un médico funcional para mi tiroides.',
    country_name: countryById(countryId)?.name ?? 'México',
    topic: 'attention',
    status: 'new',
    statusUpdatedAt: null,
    createdAt: '2026-11-20T15:00:00.000Z',
    ...overrides,
  };
}

export const medicalRequestFixtures = { requests: [] as MedicalRequestDto[] };

export function resetMedicalRequestFixtures(requests: MedicalRequestDto[] = []): void {
  medicalRequestFixtures.requests = requests;
}

const isStatus = (value: unknown): value is MedicalRequestStatus =>
  (MEDICAL_REQUEST_STATUSES as readonly unknown[]).includes(value);

export const adminMedicalRequestHandlers = [
  http.get(`${TEST_API}/admin/medical-requests`, ({ request }) => {
    const url = new URL(request.url);
    const status = url.searchParams.get('status');
    const page = Math.max(1, Number(url.searchParams.get('page')) || 1);
    const matching = medicalRequestFixtures.requests
      .filter((entry) => !status || entry.status === status)
      .sort((a, b) => b.createdAt.localeCompare(a.createdAt));
    return HttpResponse.json<MedicalRequestListDto>({
      data: matching.slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE),
      total: matching.length,
      page,
      limit: PAGE_SIZE,
    });
  }),
  http.patch(`${TEST_API}/admin/medical-requests/:id`, async ({ params, request }) => {
    const body = (await request.json()) as { status?: unknown };
    if (!isStatus(body.status)) {
      return formRefusal([{ field: 'status', message: 'El estado debe ser nueva, contactada o cerrada.' }]);
    }
    const found = medicalRequestFixtures.requests.find((entry) => entry.id === Number(params.id));
    if (!found) return HttpResponse.json({ message: 'No encontramos esta solicitud.' }, { status: 404 });
    found.status = body.status;
    found.statusUpdatedAt = '2026-11-21T10:00:00.000Z';
    return HttpResponse.json<MedicalRequestDto>(found);
  }),
];
