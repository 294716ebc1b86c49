import { http, HttpResponse } from 'msw';
import type { PrescriptionSettingsDto } from '../../lib/shared/prescriptions';
import { TEST_API } from '../api-url';
import { formRefusal } from './http-shapes';
import { prescriptionFixtures } from './prescriptions';

// A fake of `PUT /admin/prescription-settings` (server/src/prescriptions/settings-routes.ts). It writes
// `prescriptionFixtures.settings`, which the default `GET /prescription-settings` reads. Not in the default
// handlers: a test opts in with `server.use(...adminPrescriptionSettingsHandlers)`.

export const adminPrescriptionSettingsFixtures = { saved: [] as PrescriptionSettingsDto[] };

export function resetAdminPrescriptionSettingsFixtures(): void {
  adminPrescriptionSettingsFixtures.saved = [];
}

export const adminPrescriptionSettingsHandlers = [
  http.put(`${TEST_API}/admin/prescription-settings`, async ({ request }) => {
    const body = (await request.json()) as PrescriptionSettingsDto;
    adminPrescriptionSettingsFixtures.saved.push(body);
    if (!body.moments.some((moment) => moment.enabled)) {
      return formRefusal([{ field: 'moments', message: 'Deja al menos un momento del día disponible.' }]);
    }
    prescriptionFixtures.settings = body;
    return HttpResponse.json(body);
  }),
];
