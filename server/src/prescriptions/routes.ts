import { COUNTRIES } from '../../../src/lib/shared/countries';
import {
  PRESCRIPTIONS_PAGE_SIZE,
  type PrescriptionDetailDto,
  type PrescriptionListDto,
} from '../../../src/lib/shared/prescriptions';
import { downloadHeaders } from '../documents/routes';
import { renderTextPdf } from '../documents/pdf';
import { idempotentRequest, pathId } from '../gamification/input';
import { viewerOf, type Api, type AppContext } from '../http/auth';
import { readJsonObject } from '../http/body';
import { HttpError } from '../http/errors';
import { QueryReader } from '../http/query-params';
import type { Services } from '../http/services';
import {
  createPrescription,
  IDEMPOTENCY_KEY_REQUIRED_MESSAGE,
  readCreatePrescription,
  resolvePatientRef,
} from './create';
import { readPaging } from './paging';
import {
  findPrescriptionRow,
  listPrescriptions,
  PRESCRIPTION_NOT_FOUND_MESSAGE,
  readablePrescription,
  toDetailDto,
  toPrescriptionDto,
} from './repo';
import { prescriptionDocument } from './pdf';

/** Lists are paged; a page never holds more than this. */
const PRESCRIPTIONS_MAX_PAGE_SIZE = 100;
export const ONLY_AUTHOR_CANCELS_MESSAGE = 'Solo quien emitió la prescripción puede anularla.';

function readListPaging(c: AppContext) {
  const query = new QueryReader(c.req.query());
  const paging = readPaging(query, PRESCRIPTIONS_PAGE_SIZE, PRESCRIPTIONS_MAX_PAGE_SIZE);
  query.assertValid();
  return paging;
}

export function registerPrescriptionRoutes(api: Api, services: Services): void {
  const { db } = services;

  api.post('/prescriptions', { access: 'approvedProfessional', ownership: 'linked patients only' }, async (c) => {
    const viewer = viewerOf(c);
    const input = await resolvePatientRef(db, viewer, readCreatePrescription(await readJsonObject(c), viewer));
    const request = idempotentRequest(c, 'create-prescription', input);
    if (request.key === undefined) throw new HttpError(400, IDEMPOTENCY_KEY_REQUIRED_MESSAGE);
    const { status, body } = await createPrescription(db, viewer, input, { ...request, key: request.key });
    return c.json<PrescriptionDetailDto>(body, status);
  });

  api.get('/prescriptions', { access: 'approvedProfessional', ownership: 'own (author) only' }, async (c) => {
    const { user } = viewerOf(c);
    const paging = readListPaging(c);
    const { data, total } = await listPrescriptions(db, { authorId: user.id }, paging);
    return c.json<PrescriptionListDto>({ data, total, ...paging });
  });

  api.get(
    '/prescriptions/:id',
    { access: 'authenticated', ownership: 'author, patient, professionals linked to the patient, admin' },
    async (c) => {
      const viewer = viewerOf(c);
      const row = await readablePrescription(db, viewer, pathId(c, 'id', PRESCRIPTION_NOT_FOUND_MESSAGE));
      return c.json<PrescriptionDetailDto>(await toDetailDto(db, row, viewer, COUNTRIES[viewer.country].countryId));
    },
  );

  // Opened by a link ("download"): the session cookie is accepted as well as the bearer token.
  api.get(
    '/prescriptions/:id/pdf',
    {
      access: 'authenticated',
      ownership: 'author, patient, professionals linked to the patient, admin',
    },
    async (c) => {
      const viewer = viewerOf(c);
      const row = await readablePrescription(db, viewer, pathId(c, 'id', PRESCRIPTION_NOT_FOUND_MESSAGE));
      const pdf = renderTextPdf(prescriptionDocument(toPrescriptionDto(row), viewer.country));
      return c.body(new Uint8Array(pdf), 200, downloadHeaders('application/pdf', `prescripcion-${row.id}.pdf`));
    },
  );

  api.post(
    '/prescriptions/:id/cancel',
    { access: 'approvedProfessional', ownership: 'author (readers get 403)' },
    async (c) => {
      const viewer = viewerOf(c);
      const id = pathId(c, 'id', PRESCRIPTION_NOT_FOUND_MESSAGE);
      const row = await readablePrescription(db, viewer, id);
      if (row.author_id !== viewer.user.id) throw new HttpError(403, ONLY_AUTHOR_CANCELS_MESSAGE);
      // Cancelling twice keeps the first moment.
      await db
        .updateTable('prescriptions')
        .set({ cancelled_at: new Date() })
        .where('id', '=', id)
        .where('cancelled_at', 'is', null)
        .execute();
      const updated = (await findPrescriptionRow(db, id)) ?? row;
      return c.json<PrescriptionDetailDto>(await toDetailDto(db, updated, viewer, COUNTRIES[viewer.country].countryId));
    },
  );

  api.get('/me/prescriptions', { access: ['patient'], ownership: 'own only' }, async (c) => {
    const { user } = viewerOf(c);
    const paging = readListPaging(c);
    const { data, total } = await listPrescriptions(db, { patientUserId: user.id }, paging);
    return c.json<PrescriptionListDto>({ data, total, ...paging });
  });

  api.get('/me/prescriptions/:id', { access: ['patient'], ownership: 'own only' }, async (c) => {
    const viewer = viewerOf(c);
    const id = pathId(c, 'id', PRESCRIPTION_NOT_FOUND_MESSAGE);
    const row = await findPrescriptionRow(db, id);
    if (!row || row.patient_user_id !== viewer.user.id) throw new HttpError(404, PRESCRIPTION_NOT_FOUND_MESSAGE);
    return c.json<PrescriptionDetailDto>(await toDetailDto(db, row, viewer, COUNTRIES[viewer.country].countryId));
  });
}
