import type { Kysely, Transaction } from 'kysely';
import { countryCodeById, COUNTRIES, type CountryCode } from '../../../src/lib/shared/countries';
import {
  CONSENT_REVOKED_MESSAGE,
  HEALTH_CONSENT_TEXTS,
  type ConsentAction,
  type ConsentPurpose,
  type ConsentRecordDto,
  type HealthConsentState,
} from '../../../src/lib/shared/privacy';
import type { ConsentTextsTable, Database, UserRow } from '../db/schema';
import { isUniqueViolation } from '../db/unique-violation';
import { Refusal } from '../refusal';

type Db = Kysely<Database> | Transaction<Database>;

interface ConsentText {
  id: number;
  version: number;
  text: string;
}

/** Who recorded a consent and from where: kept with the record as its proof. */
export interface ConsentClient {
  address: string | null;
  userAgent: string | null;
}

/** The attestation's text: what the professional declares in the patient form (the same in every country). */
const PATIENT_ATTESTATION_TEXT =
  'El profesional de la salud declara que tiene la autorización del paciente para registrar sus datos de salud en el ' +
  'dispensario; el paciente la confirma al registrarse con su invitación.';

const USER_AGENT_MAX_LENGTH = 300;

function codeText(purpose: ConsentPurpose, country: CountryCode): string {
  return purpose === 'health_data' ? HEALTH_CONSENT_TEXTS[country] : PATIENT_ATTESTATION_TEXT;
}

/**
 * The version in force for a country and purpose. The texts live in code; when the code's text differs from the
 * latest stored one, it is stored as the next version. Two processes doing it at once meet on the unique
 * (country, purpose, version): the loser reads the winner's row.
 */
export async function currentConsentText(db: Db, country: CountryCode, purpose: ConsentPurpose): Promise<ConsentText> {
  const countryId = COUNTRIES[country].countryId;
  const text = codeText(purpose, country);
  const latest = () =>
    db
      .selectFrom('consent_texts')
      .select(['id', 'version', 'text'])
      .where('country_id', '=', countryId)
      .where('purpose', '=', purpose)
      .orderBy('version', 'desc')
      .limit(1)
      .executeTakeFirst();
  const stored = await latest();
  if (stored?.text === text) return stored;
  const row: Omit<ConsentTextsTable, 'id' | 'created_at'> = {
    country_id: countryId,
    purpose,
    version: (stored?.version ?? 0) + 1,
    text,
  };
  try {
    return await db
      .insertInto('consent_texts')
      .values(row)
      .returning(['id', 'version', 'text'])
      .executeTakeFirstOrThrow();
  } catch (error) {
    if (!isUniqueViolation(error, 'consent_texts_version_unique')) throw error;
    const winner = await latest();
    if (!winner) throw error;
    return winner;
  }
}

interface ConsentEntry {
  userId: number | null;
  patientId?: number | null;
  country: CountryCode;
  purpose: ConsentPurpose;
  action: ConsentAction;
  textId: number;
  recordedBy: number | null;
  client: ConsentClient;
}

export async function recordConsent(db: Db, entry: ConsentEntry): Promise<void> {
  await db
    .insertInto('consents')
    .values({
      user_id: entry.userId,
      patient_id: entry.patientId ?? null,
      country_id: COUNTRIES[entry.country].countryId,
      purpose: entry.purpose,
      action: entry.action,
      text_id: entry.textId,
      recorded_by: entry.recordedBy,
      client_address: entry.client.address,
      user_agent: entry.client.userAgent?.slice(0, USER_AGENT_MAX_LENGTH) ?? null,
    })
    .execute();
}

/** The account holder's own health-data consent, under the text they read (`textId`) or else the one in force. */
export async function recordHealthConsent(
  db: Db,
  entry: { userId: number; country: CountryCode; action: ConsentAction; client: ConsentClient; textId?: number },
): Promise<void> {
  const { userId, country, action, client } = entry;
  const textId = entry.textId ?? (await currentConsentText(db, country, 'health_data')).id;
  await recordConsent(db, { userId, country, purpose: 'health_data', action, textId, recordedBy: userId, client });
}

export function userCountry(user: Pick<UserRow, 'country_id'>): CountryCode {
  return countryCodeById(user.country_id);
}

interface HealthConsentStatus {
  state: HealthConsentState;
  current: ConsentText;
  acceptedVersion: number | null;
  acceptedAt: Date | null;
}

/** The user's latest health-data record against the text in force for their country. */
export async function healthConsentStatus(
  db: Db,
  user: Pick<UserRow, 'id' | 'country_id'>,
): Promise<HealthConsentStatus> {
  const current = await currentConsentText(db, userCountry(user), 'health_data');
  const last = await db
    .selectFrom('consents as c')
    .innerJoin('consent_texts as t', 't.id', 'c.text_id')
    .select(['c.action', 'c.created_at', 't.version', 't.id as text_id'])
    .where('c.user_id', '=', user.id)
    .where('c.purpose', '=', 'health_data')
    .orderBy('c.id', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (!last) return { state: 'missing', current, acceptedVersion: null, acceptedAt: null };
  if (last.action === 'revoked') return { state: 'revoked', current, acceptedVersion: null, acceptedAt: null };
  return {
    state: last.text_id === current.id ? 'current' : 'outdated',
    current,
    acceptedVersion: last.version,
    acceptedAt: last.created_at,
  };
}

/**
 * Revocation stops new health data: orders and prescriptions addressed to the user wait for a new consent. Accounts
 * that never recorded one (older than this rule) are asked at login, not refused here.
 */
export async function assertHealthConsentNotRevoked(db: Db, userId: number, message = CONSENT_REVOKED_MESSAGE) {
  const last = await db
    .selectFrom('consents')
    .select('action')
    .where('user_id', '=', userId)
    .where('purpose', '=', 'health_data')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (last?.action === 'revoked') throw new Refusal(409, message);
}

/** The patient register rows of a user follow their consent, so the professionals see it. */
export async function syncPatientConsent(db: Db, userId: number, state: 'confirmed' | 'revoked'): Promise<void> {
  await db.updateTable('patients').set({ consent_status: state }).where('user_id', '=', userId).execute();
}

/** Every record about the user: their own, and the attestations made for their patient register rows. */
export async function consentHistory(db: Db, userId: number): Promise<ConsentRecordDto[]> {
  const rows = await db
    .selectFrom('consents as c')
    .innerJoin('consent_texts as t', 't.id', 'c.text_id')
    .leftJoin('patients as p', 'p.id', 'c.patient_id')
    .select([
      'c.id',
      'c.purpose',
      'c.action',
      'c.country_id',
      't.version',
      'c.created_at',
      'c.recorded_by',
      'c.client_address',
      'c.user_agent',
    ])
    .where((eb) => eb.or([eb('c.user_id', '=', userId), eb('p.user_id', '=', userId)]))
    .orderBy('c.id')
    .execute();
  return rows.map((row) => ({
    id: row.id,
    purpose: row.purpose,
    action: row.action,
    country: countryCodeById(row.country_id),
    version: row.version,
    recordedAt: row.created_at.toISOString(),
    recordedBy: row.recorded_by === userId ? 'self' : 'professional',
    client: [row.client_address, row.user_agent].filter(Boolean).join(' · ') || null,
  }));
}
