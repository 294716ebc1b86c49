import { buildPrescriptionPdf, prescriptionPdfFileName } from '../../../src/lib/shared/prescription-pdf';
import { COUNTRIES } from '../../../src/lib/shared/countries';
import { pagingQuery } from '../../../src/lib/shared/field-schemas';
import { createPrescriptionSchema } from '../../../src/lib/shared/prescription-schemas';
import { z } from '../../../src/lib/shared/zod';
import {
  PRESCRIPTIONS_PAGE_SIZE,
  type PrescriptionDetailDto,
  type PrescriptionListDto,
} from '../../../src/lib/shared/prescriptions';
import { downloadHeaders } from '../documents/routes';
import { idempotentRequest, pathId } from '../gamification/input';
import { viewerOf, type Api } from '../http/auth';
import type { Viewer } from '../http/app-env';
import { Refusal } from '../refusal';
import type { Services } from '../http/services';
import { createPrescription, IDEMPOTENCY_KEY_REQUIRED_MESSAGE, prescriptionInputOf, resolvePatientRef } from './create';
import {
  cancelPrescription,
  findPrescriptionRow,
  listPrescriptions,
  PRESCRIPTION_NOT_FOUND_MESSAGE,
  readablePrescription,
  toDetailDto,
  toPrescriptionDto,
} from './repo';

/** Lists are paged; a page never holds more than this. */
const PRESCRIPTIONS_MAX_PAGE_SIZE = 100;
const ONLY_AUTHOR_CANCELS_MESSAGE = 'Solo quien emitió la prescripción puede anularla.';

/** `?page=&limit=` of the author's and the patient's lists. */
const listQuerySchema = z.object(pagingQuery(PRESCRIPTIONS_PAGE_SIZE, PRESCRIPTIONS_MAX_PAGE_SIZE));

export function registerPrescriptionRoutes(api: Api, services: Services): void {
  const { db } = services;
  // A page of what an author wrote or a patient received.
  const listPage = async (
    owner: Parameters<typeof listPrescriptions>[1],
    paging: z.infer<typeof listQuerySchema>,
  ): Promise<PrescriptionListDto> => ({ ...(await listPrescriptions(db, owner, paging)), ...paging });
  // A prescription as the viewer sees it, in their storefront's country.
  const detailFor = (row: Parameters<typeof toDetailDto>[1], viewer: Viewer) =>
    toDetailDto(db, row, viewer, COUNTRIES[viewer.country].countryId);

  const createOptions = {
    access: 'approvedProfessional',
    ownership: 'linked patients only',
    body: createPrescriptionSchema,
  } as const;
  api.post('/prescriptions', createOptions, async (c) => {
    const viewer = viewerOf(c);
    const input = await resolvePatientRef(db, viewer, prescriptionInputOf(c.req.valid('json'), viewer));
    const request = idempotentRequest(c, 'create-prescription', input);
    if (request.key === undefined) throw new Refusal(400, IDEMPOTENCY_KEY_REQUIRED_MESSAGE);
    const { status, body } = await createPrescription(db, viewer, input, { ...request, key: request.key });
    return c.json<PrescriptionDetailDto>(body, status);
  });

  const authorList = {
    access: 'approvedProfessional',
    ownership: 'own (author) only',
    query: listQuerySchema,
  } as const;
  api.get('/prescriptions', authorList, async (c) => {
    return c.json<PrescriptionListDto>(await listPage({ authorId: viewerOf(c).user.id }, c.req.valid('query')));
  });

  api.get(
    '/prescriptions/:id',
    { access: 'authenticated', ownership: 'author, patient, professionals linked to the patient, admin' },
    async (c) => {
      const viewer = viewerOf(c);
      const row = await readablePrescription(db, viewer, pathId(c, 'id', PRESCRIPTION_NOT_FOUND_MESSAGE));
      return c.json<PrescriptionDetailDto>(await detailFor(row, viewer));
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
      const prescription = toPrescriptionDto(row);
      const pdf = await buildPrescriptionPdf(prescription, viewer.country);
      return c.body(
        new Uint8Array(pdf),
        200,
        downloadHeaders('application/pdf', prescriptionPdfFileName(prescription)),
      );
    },
  );

  api.post(
    '/prescriptions/:id/cancel',
    { access: 'approvedProfessional', ownership: 'author (readers get 403)' },
    async (c) => {
      const viewer = viewerOf(c);
      const id = pathId(c, 'id', PRESCRIPTION_NOT_FOUND_MESSAGE);
      const row = await readablePrescription(db, viewer, id);
      if (row.author_id !== viewer.user.id) throw new Refusal(403, ONLY_AUTHOR_CANCELS_MESSAGE);
      await cancelPrescription(db, id);
      const updated = (await findPrescriptionRow(db, id)) ?? row;
      return c.json<PrescriptionDetailDto>(await detailFor(updated, viewer));
    },
  );

  api.get('/me/prescriptions', { access: ['patient'], ownership: 'own only', query: listQuerySchema }, async (c) => {
    return c.json<PrescriptionListDto>(await listPage({ patientUserId: viewerOf(c).user.id }, c.req.valid('query')));
  });

  api.get('/me/prescriptions/:id', { access: ['patient'], ownership: 'own only' }, async (c) => {
    const viewer = viewerOf(c);
    const id = pathId(c, 'id', PRESCRIPTION_NOT_FOUND_MESSAGE);
    const row = await findPrescriptionRow(db, id);
    if (!row || row.patient_user_id !== viewer.user.id) throw new Refusal(404, PRESCRIPTION_NOT_FOUND_MESSAGE);
    return c.json<PrescriptionDetailDto>(await detailFor(row, viewer));
  });
}
