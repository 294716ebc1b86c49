import type { Kysely } from 'kysely';
import { COUNTRIES, countryById, isCountryCode } from '../../../src/lib/shared/countries';
import {
  DOCTOR_DOCUMENT_MIN_DIGITS,
  DOCTOR_UID_MIN_LENGTH,
  moneyToRewardPoints,
  PRESCRIPTION_REWARD_MESSAGES,
  type PointsHistoryMetadataDto,
  type PointsProductLineDto,
  type PrescriptionRewardResponseDto,
} from '../../../src/lib/shared/points';
import { redeemBatchSchema, type PrescriptionRewardInput } from '../../../src/lib/shared/points-schemas';
import { normalizeSearchText } from '../../../src/lib/shared/text';
import type { Database, UserRow } from '../db/schema';
import type { FormErrorDto } from '../../../src/lib/shared/accounts';
import { isUniqueViolation } from '../db/unique-violation';
import { Refusal } from '../refusal';
import { fieldErrorsOf, refusedFields } from '../http/validated';
import { hasControlCharacters } from '../../../src/lib/shared/field-schemas';
import { digitsOnly, findUserById, findUsersByDocumentDigits, isProfessional } from '../users/repo';
import { historyProduct, pricedLines } from './catalogue-products';
import { configOf } from './config';
import { appendEntry, balanceOf, lockBalance } from './ledger';

const SALE_ID_MESSAGE = 'Debes enviar saleId para identificar la venta.';
const UID_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;
const DOCTOR_UID_PATTERN = new RegExp(`^[A-Za-z0-9]{${DOCTOR_UID_MIN_LENGTH},}$`);
const DOCTOR_DOCUMENT_PATTERN = new RegExp(`^\\d{${DOCTOR_DOCUMENT_MIN_DIGITS},}$`);
const SALE_ID_PATTERN = /^[\x21-\x7e]{1,100}$/;
/** Longest patient field kept in the history. */
const MAX_FIELD_LENGTH = 200;

/** The patient as the doctor's history keeps them: only these fields (product §3 history entry metadata). */
export interface PatientRecord {
  name: string;
  identification: string;
  email: string;
  phone: string;
  address: string;
  countryId: number;
}

/** A prescription reward ready to be paid: who earns, for whom, what was sold where, and the sale's id. */
interface PrescriptionAward {
  doctor: Pick<UserRow, 'id' | 'display_name'>;
  patient: PatientRecord;
  lines: readonly PointsProductLineDto[];
  saleId: string;
  orderId?: number;
}

const alreadyRewardedMessage = (saleId: string) => `La venta ${saleId} ya había sido recompensada.`;
const noPointsMessage = (saleId: string) => `La venta ${saleId} no genera puntos.`;
const rewardedMessage = (points: number, doctor: Pick<UserRow, 'display_name'>) =>
  `Recompensa registrada: ${points} puntos para ${doctor.display_name}.`;

function patientMetadata(patient: PatientRecord): PointsHistoryMetadataDto {
  const country = countryById(patient.countryId);
  return {
    name: patient.name,
    identification: patient.identification,
    email: patient.email,
    phone: patient.phone,
    country: country?.name ?? '',
    address: patient.address,
    dialCode: country?.dialCode ?? '',
  };
}

/**
 * Credits the doctor with the prescription percentage of the products' value in the patient's country, once per sale
 * (whichever doctor a repeat names): the same code path for `POST /gamification/prescription-reward` and for paid
 * orders of patients.
 */
export async function awardPrescription(
  db: Kysely<Database>,
  award: PrescriptionAward,
): Promise<PrescriptionRewardResponseDto> {
  const { doctor, patient, saleId } = award;
  const config = await configOf(db, patient.countryId);
  const lines = await pricedLines(db, award.lines, patient.countryId);
  const amount = lines.reduce((sum, line) => sum + line.unitPrice * line.quantity, 0);
  const points = moneyToRewardPoints(amount, config.prescriptionRewardPercent, config.pointValue);
  try {
    return await db.transaction().execute(async (tx) => {
      const balance = await lockBalance(tx, doctor.id);
      const previous = await tx
        .selectFrom('points_ledger')
        .select('id')
        .where('sale_id', '=', saleId)
        .executeTakeFirst();
      if (previous) return { message: alreadyRewardedMessage(saleId), total: balance, points: 0 };
      if (points === 0) return { message: noPointsMessage(saleId), total: balance, points: 0 };
      const entry = await appendEntry(tx, balance, {
        userId: doctor.id,
        countryId: patient.countryId,
        delta: points,
        type: 'prescription',
        metadata: { ...patientMetadata(patient), ...(award.orderId === undefined ? {} : { orderId: award.orderId }) },
        products: lines.map(historyProduct),
        saleId,
        orderId: award.orderId ?? null,
      });
      return { message: rewardedMessage(points, doctor), total: entry.balance_after, points };
    });
  } catch (error) {
    // The same sale rewarded meanwhile by another request (perhaps naming another doctor): the unique index decides.
    if (
      isUniqueViolation(error, 'points_ledger_sale_unique') ||
      isUniqueViolation(error, 'points_ledger_order_unique')
    ) {
      return { message: alreadyRewardedMessage(saleId), total: await balanceOf(db, doctor.id), points: 0 };
    }
    throw error;
  }
}

/** A patient field for the history: at most 200 characters, never control characters. */
function safeField(value: string | undefined): string {
  const text = value?.slice(0, MAX_FIELD_LENGTH) ?? '';
  return hasControlCharacters(text) ? '' : text;
}

export function findUserByUid(db: Kysely<Database>, uid: string): Promise<UserRow | undefined> {
  if (!UID_PATTERN.test(uid)) return Promise.resolve(undefined);
  return db.selectFrom('users').selectAll().where('uid', '=', uid).executeTakeFirst();
}

/** A professional whose document has these digits (product §5: documents are compared digits only). */
async function findProfessionalByDocument(db: Kysely<Database>, digits: string): Promise<UserRow | undefined> {
  for (const { id } of await findUsersByDocumentDigits(db, digits)) {
    const user = await findUserById(db, id);
    if (user && isProfessional(user)) return user;
  }
  return undefined;
}

/**
 * Product §5: `doctorUid`, else `doctorId` by the heuristic: 20+ letters and digits is a uid, 6+ digits a document; a
 * shorter number is taken as the user id the store gives the doctor. Only doctors and health professionals earn.
 */
async function resolveDoctor(
  db: Kysely<Database>,
  { doctorUid: uid, doctorId: id }: PrescriptionRewardInput,
): Promise<UserRow> {
  const candidates: (() => Promise<UserRow | undefined>)[] = [];
  if (uid !== undefined) candidates.push(() => findUserByUid(db, uid));
  if (id !== undefined) {
    if (DOCTOR_UID_PATTERN.test(id)) candidates.push(() => findUserByUid(db, id));
    else if (DOCTOR_DOCUMENT_PATTERN.test(id)) candidates.push(() => findProfessionalByDocument(db, id));
    else if (/^\d{1,5}$/.test(id)) candidates.push(() => findUserById(db, Number(id)));
  }
  for (const candidate of candidates) {
    const user = await candidate();
    if (user && isProfessional(user)) return user;
  }
  throw new Refusal(400, PRESCRIPTION_REWARD_MESSAGES.doctorUnresolved);
}

/** A country id from an id, a code (co), an ISO code (COL) or a name (México, mexico). */
function countryIdOf(text: string | undefined): number | undefined {
  if (text === undefined) return undefined;
  if (/^\d+$/.test(text)) return countryById(Number(text))?.countryId;
  const lower = text.toLowerCase();
  if (isCountryCode(lower)) return COUNTRIES[lower].countryId;
  const wanted = normalizeSearchText(text);
  return Object.values(COUNTRIES).find(
    (country) => country.iso.toLowerCase() === lower || normalizeSearchText(country.name) === wanted,
  )?.countryId;
}

/**
 * Product §5: the patient is a uid and/or a document (`patientId`, else `patientData.identification`). A uid whose
 * account has another document (digits only) is discarded; what remains must name the patient.
 */
async function resolvePatient(
  db: Kysely<Database>,
  body: PrescriptionRewardInput,
  fallbackCountryId: number,
): Promise<PatientRecord> {
  const data = body.patientData;
  const uid = body.patientUid;
  const document = body.patientId ?? data.identification;
  if (uid === undefined && document === undefined) {
    throw new Refusal(400, PRESCRIPTION_REWARD_MESSAGES.patientMissing);
  }
  const documentDigits = digitsOnly(document ?? '');
  let account = uid === undefined ? undefined : await findUserByUid(db, uid);
  if (account && document !== undefined && digitsOnly(account.document_number ?? '') !== documentDigits) {
    account = undefined;
  }
  if (!account && documentDigits === '') throw new Refusal(400, PRESCRIPTION_REWARD_MESSAGES.patientUnsafe);
  return {
    name: safeField(data.name) || (account?.display_name ?? ''),
    identification: documentDigits || digitsOnly(account?.document_number ?? ''),
    email: safeField(data.email) || (account?.email ?? ''),
    phone: safeField(data.phone) || (account?.phone_number ?? ''),
    address: safeField(data.address),
    countryId: countryIdOf(data.country) ?? account?.country_id ?? fallbackCountryId,
  };
}

/** `POST /gamification/prescription-reward`: every rule of product §5, in its order, then the award. */
export async function prescriptionReward(
  db: Kysely<Database>,
  body: PrescriptionRewardInput,
): Promise<PrescriptionRewardResponseDto> {
  const doctor = await resolveDoctor(db, body);
  const patient = await resolvePatient(db, body, doctor.country_id);
  // Products and sale last, after the doctor and the patient (product §5's order): not the route's schema.
  const products = redeemBatchSchema.safeParse({ products: body.products }, { reportInput: true });
  const saleId = body.saleId ?? '';
  const problems: FormErrorDto[] = products.success ? [] : fieldErrorsOf(products.error.issues);
  if (!SALE_ID_PATTERN.test(saleId)) problems.push({ field: 'saleId', message: SALE_ID_MESSAGE });
  // The first problem is the message, as this call always answered.
  if (!products.success || problems.length > 0) throw refusedFields(problems, { message: problems[0]?.message });
  return awardPrescription(db, { doctor, patient, lines: products.data.products, saleId });
}
