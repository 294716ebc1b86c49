import { summaryState } from '../../../src/lib/shared/adherence';
import { COUNTRIES } from '../../../src/lib/shared/countries';
import {
  ALREADY_YOUR_PATIENT_MESSAGE,
  createPatientSchema,
  DOCUMENT_OF_ANOTHER_PATIENT_MESSAGE,
  EMAIL_OF_ANOTHER_PATIENT_MESSAGE,
  dateRangeQuerySchema,
  patientChangesSchema,
  patientListQuerySchema,
  type PatientColumnsInput,
} from '../../../src/lib/shared/patient-schemas';
import {
  ADHERENCE_FILTER_PARAM,
  ADHERENCE_FILTER_RUNNING_OUT,
  type CreatePatientResponseDto,
  type PatientDto,
  type PatientListDto,
  type PatientStrategiesDto,
} from '../../../src/lib/shared/prescriptions';
import { keyOnRow } from '../http/idempotency';
import { memberListAnswer } from '../http/member-answers';
import { DOCUMENT_TAKEN_MESSAGE, EMAIL_TAKEN_MESSAGE } from '../forms/definitions';
import { pathId } from '../gamification/input';
import { viewerOf, type Api } from '../http/auth';
import type { Viewer } from '../http/app-env';
import { Refusal } from '../refusal';
import type { Services } from '../http/services';
import { patientStrategies } from '../prescriptions/repo';
import { isUniqueViolation } from '../db/unique-violation';
import { findUserByDocument, findUserByEmail } from '../users/repo';
import { clientAddress } from '../http/client-address';
import { adherenceOf, summarize } from '../adherence/repo';
import { localDay } from '../../../src/lib/shared/reminders';
import {
  allMatchingPatients,
  answerPatientCreationAgain,
  createPatient,
  findLinkedPatient,
  findPatientByIdempotencyKey,
  matchingPatientsPage,
  PATIENT_NOT_FOUND_MESSAGE,
  patientsUsing,
  toPatientDto,
  updatePatient,
  type PatientColumns,
  type PatientInviter,
  type PatientRow,
} from './repo';

/** The form's columns; a `country_id` not given is left out (creation: the session's; it cannot be emptied). */
function columnsOf({ country_id, ...columns }: PatientColumnsInput): PatientColumns {
  return country_id === undefined ? columns : { ...columns, country_id };
}

function conflict(field: string, message: string, extra: Record<string, unknown> = {}): Refusal {
  return new Refusal(409, message, [message], { body: { fieldErrors: [{ field, message }], ...extra } });
}

/**
 * E-mail and document identify one person across professionals: a patient of the viewer is pointed to, somebody
 * else's patient is refused (a second professional is linked only with the patient's consent, see docs/decisions.md)
 * and an account outside the register (a professional, say) is refused as registration would.
 */
async function assertIdentityFree(
  db: Services['db'],
  viewerId: number,
  columns: PatientColumns,
  current?: Pick<PatientRow, 'id' | 'user_id'>,
): Promise<void> {
  const email = columns.email ?? undefined;
  const documentNumber = columns.document_number ?? undefined;
  const rows = await patientsUsing(db, viewerId, { email, documentNumber, exceptId: current?.id });
  const mine = rows.find((row) => row.linked_to !== null);
  if (mine) {
    const field = mine.email === email ? 'email' : 'document_number';
    throw conflict(field, ALREADY_YOUR_PATIENT_MESSAGE, { patientId: mine.id });
  }
  if (rows.some((row) => row.email === email)) throw conflict('email', EMAIL_OF_ANOTHER_PATIENT_MESSAGE);
  if (rows.length > 0) throw conflict('document_number', DOCUMENT_OF_ANOTHER_PATIENT_MESSAGE);
  // Accounts the register does not hold yet (a professional's, or a patient invited outside the register); the
  // patient's own account may of course keep its e-mail and document.
  const ownAccount = current?.user_id ?? undefined;
  const emailHolder = email === undefined ? undefined : await findUserByEmail(db, email);
  if (emailHolder && emailHolder.id !== ownAccount) throw conflict('email', EMAIL_TAKEN_MESSAGE);
  const documentHolder = documentNumber === undefined ? undefined : await findUserByDocument(db, documentNumber);
  if (documentHolder && documentHolder.id !== ownAccount) throw conflict('document_number', DOCUMENT_TAKEN_MESSAGE);
}

/** The viewer invites the patients they register or whose e-mail they correct. */
function inviterOf(services: Services, viewer: Viewer): PatientInviter {
  return { mailer: services.mailer, baseUrl: services.publicUrl, professional: viewer.user, country: viewer.country };
}

function translateUniqueViolation(error: unknown): never {
  if (isUniqueViolation(error, 'patients_email_unique')) throw conflict('email', EMAIL_OF_ANOTHER_PATIENT_MESSAGE);
  if (isUniqueViolation(error, 'patients_document_unique')) {
    throw conflict('document_number', DOCUMENT_OF_ANOTHER_PATIENT_MESSAGE);
  }
  throw error;
}

interface PatientRoutesOptions {
  /** Today for the adherence figures; tests move it. */
  clock?: (() => Date) | undefined;
}

export function registerPatientRoutes(api: Api, services: Services, options: PatientRoutesOptions = {}): void {
  const { db, mailer } = services;
  const clock = options.clock ?? (() => new Date());

  const listOptions = {
    access: 'approvedProfessional',
    ownership: 'linked patients only',
    query: patientListQuerySchema,
  } as const;
  api.get('/patients', listOptions, async (c) => {
    const { user, country } = viewerOf(c);
    const { search, [ADHERENCE_FILTER_PARAM]: filter, page, limit } = c.req.valid('query');
    const now = clock();
    const today = localDay(now, COUNTRIES[country].timeZone);
    const list = async (): Promise<PatientListDto> => {
      const withAdherence = async (rows: PatientRow[]) => {
        const figures = await adherenceOf(
          db,
          rows.map((row) => row.id),
          { authorId: user.id },
          now,
        );
        return rows.map((row) => ({ ...toPatientDto(row), adherence: summarize(figures.get(row.id) ?? []) }));
      };
      if (filter === ADHERENCE_FILTER_RUNNING_OUT) {
        // The state depends on purchases and dates, not on a column: the register is filtered after computing it
        // (a practice's register is small; the device keeps up to 2000 patients and filters the same way offline).
        const all = await withAdherence(await allMatchingPatients(db, user.id, search));
        const running = all.filter((patient) => summaryState(patient.adherence, today).kind === 'running-out');
        const data = running.slice((page - 1) * limit, page * limit);
        return { data, total: running.length, page, limit };
      }
      const { rows, total } = await matchingPatientsPage(db, user.id, { search, page, limit });
      return { data: await withAdherence(rows), total, page, limit };
    };
    // The adherence summary depends on the database alone, the running-out filter on the day too.
    const key = JSON.stringify(['patients', user.id, search, filter ?? '', page, limit, filter ? today : '']);
    return memberListAnswer<PatientListDto>(c, services.memberAnswers, key, list, 'register');
  });

  /**
   * The creation this professional already committed with this key, answered as the first time: the first answer's
   * single-use link was stored only as a hash, so an unregistered patient gets a new invitation (a new link, e-mailed
   * again), as when their e-mail is corrected. The first answer is stored inside the creation's transaction, so this
   * is reached only when that answer was lost with its claim.
   */
  const idempotent = keyOnRow({
    constraint: 'patients_idempotency_unique',
    find: (c, key) => findPatientByIdempotencyKey(db, viewerOf(c).user.id, key),
    answer: async (c, row) => {
      const inviter = inviterOf(services, viewerOf(c));
      const answer = await answerPatientCreationAgain(db, row, { inviter, claim: c.get('idempotency') });
      mailer.flush();
      return c.json<CreatePatientResponseDto>(answer, 201);
    },
  });

  api.post('/patients', { access: 'approvedProfessional', idempotent, body: createPatientSchema }, async (c) => {
    const viewer = viewerOf(c);
    const claim = c.get('idempotency');
    const { consent_attested: _attested, country_id, ...form } = c.req.valid('json');
    const values = {
      ...form,
      country_id: country_id ?? COUNTRIES[viewer.country].countryId,
    };
    await assertIdentityFree(db, viewer.user.id, values);

    let answer: CreatePatientResponseDto;
    try {
      answer = await createPatient(db, values, {
        inviter: inviterOf(services, viewer),
        claim,
        client: { address: clientAddress(c, services.trustProxy), userAgent: c.req.header('user-agent') ?? null },
      });
    } catch (error) {
      // A request that took over the claim of one still running, which committed first with the same key.
      const winner = await idempotent.winner(c, error);
      if (winner) return winner;
      translateUniqueViolation(error);
    }
    mailer.flush();
    return c.json<CreatePatientResponseDto>(answer, 201);
  });

  api.get('/patients/:id', { access: 'approvedProfessional', ownership: 'linked professionals' }, async (c) => {
    const { user } = viewerOf(c);
    const id = pathId(c, 'id', PATIENT_NOT_FOUND_MESSAGE);
    return c.json<PatientDto>(toPatientDto(await findLinkedPatient(db, user.id, id)));
  });

  const changeOptions = {
    access: 'approvedProfessional',
    ownership: 'linked professionals',
    body: patientChangesSchema,
  } as const;
  api.patch('/patients/:id', changeOptions, async (c) => {
    const viewer = viewerOf(c);
    const id = pathId(c, 'id', PATIENT_NOT_FOUND_MESSAGE);
    const current = await findLinkedPatient(db, viewer.user.id, id);
    const columns = columnsOf(c.req.valid('json'));
    await assertIdentityFree(db, viewer.user.id, columns, current);
    const updated = await updatePatient(db, current, columns, inviterOf(services, viewer)).catch(
      translateUniqueViolation,
    );
    mailer.flush();
    return c.json<PatientDto>(toPatientDto(updated));
  });

  api.get(
    '/patients/:id/strategies',
    { access: 'approvedProfessional', ownership: 'linked professionals', query: dateRangeQuerySchema },
    async (c) => {
      const { user, country } = viewerOf(c);
      const id = pathId(c, 'id', PATIENT_NOT_FOUND_MESSAGE);
      const range = c.req.valid('query');
      await findLinkedPatient(db, user.id, id);
      return c.json<PatientStrategiesDto>(
        await patientStrategies(db, { patientId: id, viewerId: user.id, country, range }),
      );
    },
  );
}
