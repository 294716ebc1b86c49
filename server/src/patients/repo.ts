import type { Insertable, Kysely, Selectable, Transaction, Updateable } from 'kysely';
import { DOCUMENT_TYPES } from '../../../src/lib/shared/accounts';
import { COUNTRY_NAMES_BY_ID, countryById, type CountryCode } from '../../../src/lib/shared/countries';
import {
  isDeletedAccount,
  PATIENT_COMPLETE_FIELDS,
  type CreatePatientResponseDto,
  type PatientDto,
} from '../../../src/lib/shared/prescriptions';
import { normalizeSearchText } from '../../../src/lib/shared/text';
import { countedPage } from '../db/page-total';
import type { Database, PatientsTable } from '../db/schema';
import { wordPatterns } from '../db/search';
import { storeAnswerWith, type IdempotencyClaim } from '../db/idempotent-requests';
import { findRowByIdempotencyKey } from '../db/keyed-rows';
import { notFound } from '../refusal';
import { issueInvitation } from '../invitations/repo';
import type { Mailer } from '../mail/mailer';
import { currentConsentText, recordConsent, type ConsentClient } from '../privacy/consent-repo';

export type PatientRow = Selectable<PatientsTable>;
type Executor = Kysely<Database> | Transaction<Database>;

/** 404 for a patient that does not exist and for one not linked to the viewer alike: existence is not disclosed. */
export const PATIENT_NOT_FOUND_MESSAGE = 'No encontramos este paciente entre tus pacientes.';

/** What the name-or-e-mail search of product §2 looks in. */
export function patientSearchText(row: Pick<PatientRow, 'first_name' | 'last_name' | 'email'>): string {
  return normalizeSearchText(`${row.first_name} ${row.last_name} ${row.email}`);
}

function isComplete(row: PatientRow): boolean {
  return PATIENT_COMPLETE_FIELDS.every((field) => {
    const value = row[field];
    return value !== null && String(value).trim() !== '';
  });
}

export function patientDisplayName(row: Pick<PatientRow, 'first_name' | 'last_name'>): string {
  return `${row.first_name} ${row.last_name}`.trim();
}

export function toPatientDto(row: PatientRow): PatientDto {
  return {
    id: row.id,
    first_name: row.first_name,
    last_name: row.last_name,
    display_name: patientDisplayName(row),
    birth_date: row.birth_date,
    gender: row.gender,
    email: row.email,
    country_id: row.country_id,
    country_name: COUNTRY_NAMES_BY_ID[row.country_id] ?? '',
    document_type_id: row.document_type_id,
    document_type_code: DOCUMENT_TYPES.find((type) => type.id === row.document_type_id)?.code ?? null,
    document_number: row.document_number,
    country_code: row.country_code,
    phone_number: row.phone_number,
    complete: isComplete(row),
    account_status: row.user_id === null ? 'invited' : 'active',
    consent_status: row.consent_status,
    account_deleted: isDeletedAccount({ hasAccount: row.user_id !== null, consent: row.consent_status }),
    created_at: row.created_at.toISOString(),
  };
}

/** Whose register rows a catch-up looks at: one professional's, one patient account's, or one register row's. */
type RegisterScope = { professionalId: number } | { userId: number } | { patientId: number };

/**
 * Records that invitations sent from the patient register were accepted: the account a patient registered with is
 * the one the invitation names in `used_by`. Runs where an invitation is claimed (registration), inside its
 * transaction; migration 0030 caught up the rows earlier servers left for their next read of the register.
 */
export async function claimAcceptedInvitations(
  db: Executor,
  scope: { professionalId: number } | { userId: number },
): Promise<void> {
  await db
    .updateTable('patients as p')
    .from('invitations as i')
    // Registration asked the patient's own express consent: the professional's attestation is now confirmed.
    .set((eb) => ({ user_id: eb.ref('i.used_by'), consent_status: 'confirmed', updated_at: new Date() }))
    .whereRef('i.id', '=', 'p.invitation_id')
    .where('p.user_id', 'is', null)
    .where('i.used_by', 'is not', null)
    .$if('professionalId' in scope, (query) =>
      query.where('i.professional_id', '=', 'professionalId' in scope ? scope.professionalId : 0),
    )
    .$if('userId' in scope, (query) => query.where('i.used_by', '=', 'userId' in scope ? scope.userId : 0))
    // An account already in the register keeps its row: user_id is unique.
    .where(({ not, exists, selectFrom }) =>
      not(exists(selectFrom('patients as o').select('o.id').whereRef('o.user_id', '=', 'i.used_by'))),
    )
    .execute();
}

/** What a patient's own registration may fill in the professional's record when the professional left it empty. */
export const COMPLETED_FROM_ACCOUNT = [
  'birth_date',
  'gender',
  'document_type_id',
  'country_code',
  'phone_number',
] as const;

/**
 * Completes register rows from the accounts their patients registered with: registration asks for the gender,
 * document type, birth date and phone the professional may have skipped ('Ficha incompleta'). Only empty fields are
 * filled: what the professional wrote stays theirs to correct, and the registration form started from it anyway. The
 * document number is required in the register and matched against the invitation at registration. Runs when a row
 * gets its account, when the account's profile changes and when the professional edits the row.
 */
export async function completeFromAccounts(db: Executor, scope: RegisterScope): Promise<void> {
  await db
    .updateTable('patients as p')
    .from('users as u')
    .set((eb) => ({
      ...Object.fromEntries(COMPLETED_FROM_ACCOUNT.map((field) => [field, eb.fn.coalesce(`p.${field}`, `u.${field}`)])),
      updated_at: new Date(),
    }))
    .whereRef('u.id', '=', 'p.user_id')
    .where((eb) =>
      eb.or(
        COMPLETED_FROM_ACCOUNT.map((field) => eb.and([eb(`p.${field}`, 'is', null), eb(`u.${field}`, 'is not', null)])),
      ),
    )
    .$if('professionalId' in scope, (query) =>
      query.where(({ exists, selectFrom }) =>
        exists(
          selectFrom('patient_links as l')
            .select('l.patient_id')
            .whereRef('l.patient_id', '=', 'p.id')
            .where('l.professional_id', '=', 'professionalId' in scope ? scope.professionalId : 0),
        ),
      ),
    )
    .$if('userId' in scope, (query) => query.where('p.user_id', '=', 'userId' in scope ? scope.userId : 0))
    .$if('patientId' in scope, (query) => query.where('p.id', '=', 'patientId' in scope ? scope.patientId : 0))
    .execute();
}

/**
 * Which invited accounts an adoption looks at: one professional's, one account, or those whose e-mail or document a
 * register row has just given up (an edit, a deletion), which an earlier adoption had to leave out.
 */
type AdoptionScope =
  { professionalId: number } | { userId: number } | { emails: readonly string[]; documents: readonly string[] };

/**
 * Brings into the register the patient accounts a professional invited outside it (`POST /invitations` sets the
 * account's `doctor_id`), and links them to that professional. An account whose e-mail or document is already in
 * the register under another row is left out rather than merged: nobody confirmed they are the same person.
 */
export async function adoptInvitedAccounts(db: Executor, scope: AdoptionScope): Promise<void> {
  if ('emails' in scope && scope.emails.length === 0 && scope.documents.length === 0) return;
  const accounts = await db
    .selectFrom('users as u')
    .selectAll('u')
    .where('u.role', '=', 'patient')
    .where('u.doctor_id', 'is not', null)
    // A deleted account is nobody's patient any more.
    .where('u.deleted_at', 'is', null)
    .$if('professionalId' in scope, (query) =>
      query.where('u.doctor_id', '=', 'professionalId' in scope ? scope.professionalId : 0),
    )
    .$if('userId' in scope, (query) => query.where('u.id', '=', 'userId' in scope ? scope.userId : 0))
    .$if('emails' in scope, (query) =>
      query.where((eb) => {
        const { emails, documents } = 'emails' in scope ? scope : { emails: [], documents: [] };
        return eb.or([
          ...(emails.length === 0 ? [] : [eb('u.email', 'in', [...emails])]),
          ...(documents.length === 0 ? [] : [eb('u.document_number', 'in', [...documents])]),
        ]);
      }),
    )
    .where(({ not, exists, selectFrom }) =>
      not(exists(selectFrom('patients as p').select('p.id').whereRef('p.user_id', '=', 'u.id'))),
    )
    .execute();
  for (const user of accounts) {
    if (user.doctor_id === null) continue;
    await db
      .insertInto('patients')
      .values({
        user_id: user.id,
        first_name: user.first_name,
        last_name: user.last_name,
        birth_date: user.birth_date,
        gender: user.gender,
        email: user.email,
        country_id: user.country_id,
        document_type_id: user.document_type_id,
        document_number: user.document_number,
        country_code: user.country_code,
        phone_number: user.phone_number,
        search_text: patientSearchText(user),
        created_by: user.doctor_id,
        // The account registered with its own consent (or is asked for it at its next login).
        consent_status: 'confirmed',
      })
      .onConflict((conflict) => conflict.doNothing())
      .execute();
  }
  if ('emails' in scope && accounts.length === 0) return;
  const adopted = accounts.map((user) => user.id);
  await db
    .insertInto('patient_links')
    .columns(['professional_id', 'patient_id'])
    .expression((eb) =>
      eb
        .selectFrom('patients as p')
        .innerJoin('users as u', 'u.id', 'p.user_id')
        .select(['u.doctor_id as professional_id', 'p.id'])
        .where('u.doctor_id', 'is not', null)
        .$narrowType<{ professional_id: number }>()
        .$if('professionalId' in scope, (query) =>
          query.where('u.doctor_id', '=', 'professionalId' in scope ? scope.professionalId : 0),
        )
        .$if('userId' in scope, (query) => query.where('u.id', '=', 'userId' in scope ? scope.userId : 0))
        .$if('emails' in scope, (query) => query.where('u.id', 'in', adopted)),
    )
    .onConflict((conflict) => conflict.doNothing())
    .execute();
}

/**
 * Brings one patient account into the register at the moment it can change it: its registration (the invitation it
 * claimed, the professional who invited it outside the register, what its form filled in). Reads of the register do
 * no catch-up of their own.
 */
export async function catchUpAccount(db: Executor, userId: number): Promise<void> {
  await claimAcceptedInvitations(db, { userId });
  await adoptInvitedAccounts(db, { userId });
  await completeFromAccounts(db, { userId });
}

/**
 * The whole of one professional's register caught up at once: the demo seed, whose accounts are inserted directly
 * rather than registered.
 */
export async function syncRegister(db: Executor, professionalId: number): Promise<void> {
  await claimAcceptedInvitations(db, { professionalId });
  await adoptInvitedAccounts(db, { professionalId });
  await completeFromAccounts(db, { professionalId });
}

function patientById(db: Executor, id: number) {
  return db.selectFrom('patients').selectAll().where('id', '=', id);
}

/** A register row, whoever it is linked to (an admin's view); undefined when there is none. */
export function findPatient(db: Executor, id: number): Promise<PatientRow | undefined> {
  return patientById(db, id).executeTakeFirst();
}

export function linkedPatients(db: Executor, professionalId: number) {
  return db
    .selectFrom('patients as p')
    .innerJoin('patient_links as l', 'l.patient_id', 'p.id')
    .where('l.professional_id', '=', professionalId);
}

/** A patient linked to the professional, or the 404 that also answers for everybody else's patients. */
export async function findLinkedPatient(db: Executor, professionalId: number, patientId: number): Promise<PatientRow> {
  const row = await linkedPatients(db, professionalId).selectAll('p').where('p.id', '=', patientId).executeTakeFirst();
  if (!row) throw notFound(PATIENT_NOT_FOUND_MESSAGE);
  return row;
}

/** The register rows that already use this e-mail or document, with whether each is linked to the professional. */
export async function patientsUsing(
  db: Executor,
  professionalId: number,
  identity: { email?: string | undefined; documentNumber?: string | undefined; exceptId?: number },
) {
  const { email, documentNumber, exceptId } = identity;
  if (email === undefined && documentNumber === undefined) return [];
  return db
    .selectFrom('patients as p')
    .leftJoin('patient_links as l', (join) =>
      join.onRef('l.patient_id', '=', 'p.id').on('l.professional_id', '=', professionalId),
    )
    .select(['p.id', 'p.email', 'p.document_number', 'l.professional_id as linked_to'])
    .where((eb) =>
      eb.or([
        ...(email === undefined ? [] : [eb('p.email', '=', email)]),
        ...(documentNumber === undefined ? [] : [eb('p.document_number', '=', documentNumber)]),
      ]),
    )
    .$if(exceptId !== undefined, (query) => query.where('p.id', '<>', exceptId ?? 0))
    .execute();
}

/** The register's rows whose name or e-mail holds every word of `search`, in any order and regardless of accents. */
function matchingPatients(db: Executor, professionalId: number, search: string | undefined) {
  let matches = linkedPatients(db, professionalId);
  for (const pattern of wordPatterns(search)) matches = matches.where('p.search_text', 'like', pattern);
  return matches;
}

function orderedMatches(db: Executor, professionalId: number, search: string | undefined) {
  return matchingPatients(db, professionalId, search).selectAll('p').orderBy('p.search_text').orderBy('p.id');
}

/** Every row of the professional's register that matches `search`, ordered by name. */
export function allMatchingPatients(
  db: Executor,
  professionalId: number,
  search: string | undefined,
): Promise<PatientRow[]> {
  return orderedMatches(db, professionalId, search).execute();
}

/** One page of the rows of the professional's register that match `search`, ordered by name, and how many match. */
export async function matchingPatientsPage(
  db: Executor,
  professionalId: number,
  query: { search: string | undefined; page: number; limit: number },
): Promise<{ rows: PatientRow[]; total: number }> {
  const { search, ...paging } = query;
  return countedPage(orderedMatches(db, professionalId, search), matchingPatients(db, professionalId, search), paging);
}

/** The patient this professional created with this Idempotency-Key; undefined when there is none. */
export function findPatientByIdempotencyKey(
  db: Executor,
  professionalId: number,
  key: string,
): Promise<PatientRow | undefined> {
  return findRowByIdempotencyKey(db, 'patients', { column: 'created_by', id: professionalId }, key);
}

/** Who invites the patients of a register, and from where. */
export interface PatientInviter {
  mailer: Mailer;
  /** Origin of the links (PUBLIC_URL or the request's). */
  baseUrl: string;
  professional: { id: number; display_name: string };
  /** The professional's country: the invitation's when the row's country is unknown. */
  country: CountryCode;
}

type InvitationAnswer = CreatePatientResponseDto['invitation'];

/** Invites the patient of a register row (creation, or an e-mail corrected before the patient registered). */
async function invite(trx: Transaction<Database>, inviter: PatientInviter, row: PatientRow): Promise<InvitationAnswer> {
  const { row: invitation, link } = await issueInvitation(trx, inviter.mailer, {
    professional: inviter.professional,
    country: countryById(row.country_id)?.subdomain ?? inviter.country,
    baseUrl: inviter.baseUrl,
    email: row.email,
    documentNumber: row.document_number,
    firstName: row.first_name,
    lastName: row.last_name,
  });
  await trx.updateTable('patients').set({ invitation_id: invitation.id }).where('id', '=', row.id).execute();
  return { id: invitation.id, expiresAt: invitation.expires_at.toISOString(), link };
}

/**
 * The invitation part of a creation answered again after its patient registered: the link was used and is kept only
 * as a hash, so there is none to give (an empty `link`); the patient's `account_status` says they are in.
 */
async function registeredInvitation(
  trx: Transaction<Database>,
  invitationId: number | null,
): Promise<InvitationAnswer> {
  const row =
    invitationId === null
      ? undefined
      : await trx
          .selectFrom('invitations')
          .select(['id', 'expires_at'])
          .where('id', '=', invitationId)
          .executeTakeFirst();
  return { id: row?.id ?? 0, expiresAt: (row?.expires_at ?? new Date()).toISOString(), link: '' };
}

/**
 * The creation of `row` answered again, as the first time: the first answer's single-use link was stored only as a
 * hash, so an unregistered patient gets a new invitation (a new link, e-mailed again), as when their e-mail is
 * corrected. The answer is stored with the request's claim in the same transaction; the caller flushes the mailer.
 */
export async function answerPatientCreationAgain(
  db: Kysely<Database>,
  row: PatientRow,
  write: { inviter: PatientInviter; claim: IdempotencyClaim | undefined },
): Promise<CreatePatientResponseDto> {
  return db.transaction().execute(async (trx) => {
    const invitation =
      row.user_id === null ? await invite(trx, write.inviter, row) : await registeredInvitation(trx, row.invitation_id);
    const patient = await patientById(trx, row.id).executeTakeFirstOrThrow();
    const body: CreatePatientResponseDto = { patient: toPatientDto(patient), patientCreated: true, invitation };
    await storeAnswerWith(trx, write.claim, 201, body);
    return body;
  });
}

/** A new register row's columns, as the professional's form gives them. */
export type NewPatientColumns = Omit<
  Insertable<PatientsTable>,
  'search_text' | 'created_by' | 'idempotency_key' | 'request_hash'
>;

/**
 * Creates a register row in one transaction: the row, its link to the professional, the professional's attestation
 * of the patient's consent (recorded with their id until the patient confirms by registering) and the invitation,
 * and stores the answer with the request's claim. The caller flushes the mailer and turns a unique violation into
 * its 409.
 */
export async function createPatient(
  db: Kysely<Database>,
  values: NewPatientColumns,
  write: { inviter: PatientInviter; claim: IdempotencyClaim | undefined; client: ConsentClient },
): Promise<CreatePatientResponseDto> {
  const { inviter, claim } = write;
  const professionalId = inviter.professional.id;
  return db.transaction().execute(async (trx) => {
    const inserted = await trx
      .insertInto('patients')
      .values({
        ...values,
        search_text: patientSearchText(values),
        created_by: professionalId,
        idempotency_key: claim?.key ?? null,
        request_hash: claim?.hash ?? null,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    await trx
      .insertInto('patient_links')
      .values({ professional_id: professionalId, patient_id: inserted.id })
      .execute();
    const attestation = await currentConsentText(trx, inviter.country, 'patient_attestation');
    await recordConsent(trx, {
      userId: null,
      patientId: inserted.id,
      country: inviter.country,
      purpose: 'patient_attestation',
      action: 'granted',
      textId: attestation.id,
      recordedBy: professionalId,
      client: write.client,
    });
    const invitation = await invite(trx, inviter, inserted);
    const body: CreatePatientResponseDto = {
      patient: toPatientDto({ ...inserted, invitation_id: invitation.id }),
      patientCreated: true,
      invitation,
    };
    // The link is in no row but as a hash: its answer must survive a process that dies right after the commit.
    await storeAnswerWith(trx, claim, 201, body);
    return body;
  });
}

/** The columns a professional's edit changes; a column not given stays as it is. */
export type PatientColumns = Updateable<PatientsTable>;

/**
 * Applies a professional's edit of `current` in one transaction and answers the row as it now is. A new e-mail before
 * the patient registered sends a new invitation (the old one went to the old address, and registration checks the
 * invited e-mail); an e-mail or document given up may let an account invited outside the register in; a field
 * emptied on a record with an account takes the account's value again. The caller flushes the mailer and turns a
 * unique violation into its 409.
 */
export async function updatePatient(
  db: Kysely<Database>,
  current: PatientRow,
  columns: PatientColumns,
  inviter: PatientInviter,
): Promise<PatientRow> {
  const id = current.id;
  const emailChanged = columns.email !== undefined && columns.email !== current.email;
  return db.transaction().execute(async (trx) => {
    const next = { ...current, ...columns };
    const row = await trx
      .updateTable('patients')
      .set({ ...columns, search_text: patientSearchText(next), updated_at: new Date() })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow();
    if (emailChanged && row.user_id === null) await invite(trx, inviter, row);
    await adoptInvitedAccounts(trx, {
      emails: emailChanged ? [current.email] : [],
      documents:
        columns.document_number !== undefined &&
        columns.document_number !== current.document_number &&
        current.document_number !== null
          ? [current.document_number]
          : [],
    });
    if (row.user_id === null || !COMPLETED_FROM_ACCOUNT.some((field) => row[field] === null)) return row;
    await completeFromAccounts(trx, { patientId: id });
    return patientById(trx, id).executeTakeFirstOrThrow();
  });
}
