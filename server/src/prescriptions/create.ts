import { PATIENT_CONSENT_REVOKED_MESSAGE } from '../../../src/lib/shared/privacy';
import type { Kysely } from 'kysely';
import { COUNTRIES } from '../../../src/lib/shared/countries';
import type { createPrescriptionSchema } from '../../../src/lib/shared/prescription-schemas';
import type { z } from '../../../src/lib/shared/zod';
import {
  PRESCRIPTION_TYPE_BY_ROLE,
  TOOL_PLACEHOLDER_IMAGE_URL,
  type PrescriptionDetailDto,
  type PrescriptionType,
} from '../../../src/lib/shared/prescriptions';
import { findStoredAnswer } from '../db/idempotent-requests';
import { findRowByIdempotencyKey } from '../db/keyed-rows';
import type { Database } from '../db/schema';
import { isUniqueViolation } from '../db/unique-violation';
import { positiveId, type IdempotentRequest } from '../gamification/input';
import { FORBIDDEN_MESSAGE } from '../http/auth';
import type { Viewer } from '../http/app-env';
import { Refusal } from '../refusal';
import { refusedFields } from '../http/validated';
import { findLinkedPatient, findPatientByIdempotencyKey } from '../patients/repo';
import { treatmentDays, type ToolInput } from './input';
import { findPrescriptionRow, toDetailDto } from './repo';
import { findOwnTemplate } from './template-repo';
import { presentationText, resolveTools, type ResolvedTool } from './tools';

export const IDEMPOTENCY_KEY_REQUIRED_MESSAGE =
  'Falta el encabezado Idempotency-Key: cada prescripción se envía con un identificador único (por ejemplo un UUID).';
const IDEMPOTENCY_KEY_REUSED_MESSAGE =
  'Esta clave de idempotencia ya se usó con otra prescripción. Vuelve a intentarlo desde el resumen.';
const IDEMPOTENCY_CONSTRAINT = 'prescriptions_idempotency_unique';
const DAY_MS = 24 * 60 * 60 * 1000;

interface CreatePrescriptionInput {
  patientId: number;
  type: PrescriptionType;
  tools: ToolInput[];
  notes: string;
  templateId: number | null;
}

/** The body as read: the patient by id, or by the key of its creation when it was created offline (`patientRef`). */
type UnresolvedPrescriptionInput = Omit<CreatePrescriptionInput, 'patientId'> &
  ({ patientId: number; patientRef: null } | { patientId: null; patientRef: string });

export const PATIENT_REF_RUNNING_MESSAGE =
  'El paciente de esta prescripción todavía se está creando; la prescripción se enviará en unos segundos.';
export const PATIENT_REF_UNKNOWN_MESSAGE =
  'El paciente creado sin conexión para esta prescripción no llegó al servidor. Crea el paciente de nuevo y vuelve a enviar la prescripción.';
const PATIENT_REF_RETRY_AFTER_S = 5;

/** Product §1: doctors prescribe, health professionals recommend. */
const WRONG_TYPE_MESSAGES: Record<PrescriptionType, string> = {
  prescription: 'Como médico emites prescripciones, no recomendaciones.',
  recommendation: 'Como profesional de la salud emites recomendaciones, no prescripciones.',
};

/** What the author issues; the routes that create are for approved professionals, who all issue one type. */
export function typeOfAuthor(viewer: Viewer): PrescriptionType {
  const type = PRESCRIPTION_TYPE_BY_ROLE[viewer.user.role];
  if (!type) throw new Refusal(403, FORBIDDEN_MESSAGE);
  return type;
}

/**
 * The body the shared schema read, with the author's type: another type than theirs is refused at `type` (the schema
 * cannot know who asks). Its keys keep the order the hand-written reader gave them: the Idempotency-Key's digest is
 * of this object's JSON, and a retry sent across a deploy must still match the first attempt's.
 */
export function prescriptionInputOf(
  body: z.output<typeof createPrescriptionSchema>,
  viewer: Viewer,
): UnresolvedPrescriptionInput {
  const ownType = typeOfAuthor(viewer);
  if (body.type !== undefined && body.type !== ownType) {
    throw refusedFields([{ field: 'type', message: WRONG_TYPE_MESSAGES[ownType] }]);
  }
  const rest = { type: ownType, tools: body.tools, notes: body.notes, templateId: body.templateId };
  return body.patientRef === null
    ? { ...rest, patientId: body.patientId, patientRef: null }
    : { ...rest, patientId: null, patientRef: body.patientRef };
}

/**
 * A prescription made offline for a patient also made offline names the patient by the key of that creation: the
 * patient's row keeps that key (patients created before migration 0028: the answer the server kept for it has the id). While that creation runs, the prescription is asked to come
 * back (409 with Retry-After, which the outbox keeps); a key that created nothing is refused.
 */
export async function resolvePatientRef(
  db: Kysely<Database>,
  viewer: Viewer,
  input: UnresolvedPrescriptionInput,
): Promise<CreatePrescriptionInput> {
  const { patientRef, ...rest } = input;
  if (patientRef === null) return { ...rest, patientId: input.patientId };
  // The patient's row keeps its creation's key (migration 0028): found even when that creation's answer never was.
  const created = await findPatientByIdempotencyKey(db, viewer.user.id, patientRef);
  if (created) return { ...rest, patientId: created.id };
  const answer = await findStoredAnswer(db, viewer.user.id, patientRef);
  if (answer === 'running') {
    throw new Refusal(409, PATIENT_REF_RUNNING_MESSAGE, undefined, {
      headers: { 'retry-after': String(PATIENT_REF_RETRY_AFTER_S) },
    });
  }
  const patientId =
    answer !== null && answer.status === 201
      ? positiveId((answer.body as CreatedPatientAnswer | null)?.patient?.id)
      : undefined;
  if (patientId === undefined) throw new Refusal(422, PATIENT_REF_UNKNOWN_MESSAGE);
  return { ...rest, patientId };
}

interface CreatedPatientAnswer {
  patient?: { id?: unknown };
}

/** 422 listing every tool that cannot be prescribed now, each under `tools.<index>.productId` as the 400s name it. */
export function assertToolsUsable(resolved: readonly ResolvedTool<unknown>[]): void {
  const problems = resolved.flatMap((tool, index) =>
    tool.problem === null ? [] : [{ field: `tools.${index}.productId`, message: tool.problem }],
  );
  const [first] = problems;
  if (!first) return;
  throw new Refusal(
    422,
    first.message,
    problems.map((problem) => problem.message),
    { body: { fieldErrors: problems } },
  );
}

export interface NewPrescription {
  type: PrescriptionType;
  authorId: number;
  patientId: number;
  countryId: number;
  notes: string;
  templateId: number | null;
  idempotency: { key: string; hash: string };
  /** Tools checked by `assertToolsUsable`: every one has its product. */
  tools: readonly ResolvedTool<ToolInput>[];
}

/** Writes a prescription and its tools (a snapshot of each product as prescribed) in one transaction. */
export function insertPrescription(db: Kysely<Database>, prescription: NewPrescription): Promise<number> {
  const now = new Date();
  const endsAt = new Date(now.getTime() + treatmentDays(prescription.tools.map((tool) => tool.input)) * DAY_MS);
  return db.transaction().execute(async (trx) => {
    const created = await trx
      .insertInto('prescriptions')
      .values({
        type: prescription.type,
        author_id: prescription.authorId,
        patient_id: prescription.patientId,
        country_id: prescription.countryId,
        notes: prescription.notes,
        template_id: prescription.templateId,
        ends_at: endsAt,
        idempotency_key: prescription.idempotency.key,
        request_hash: prescription.idempotency.hash,
        created_at: now.toISOString(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx
      .insertInto('prescription_tools')
      .values(
        prescription.tools.map(({ input: tool, product }, position) => {
          const sold = product as NonNullable<typeof product>;
          return {
            prescription_id: created.id,
            position,
            product_id: tool.productId,
            name: sold.name,
            slug: sold.slug,
            description: sold.description,
            tag: sold.tag,
            capsule_info: sold.capsule_info,
            image_url: sold.image ?? TOOL_PLACEHOLDER_IMAGE_URL,
            category_id: sold.category_id,
            presentation: presentationText(sold),
            moments: JSON.stringify(tool.momentsDay),
            duration_unit: tool.prescriptionDuration.time,
            duration_quantity: tool.prescriptionDuration.quantity,
            indications: tool.prescriptionIndications,
            daily_capsules: tool.dailyCapsules,
            units: tool.units,
          };
        }),
      )
      .execute();
    return created.id;
  });
}

async function replay(
  db: Kysely<Database>,
  viewer: Viewer,
  countryId: number,
  existing: { id: number; request_hash: string },
  hash: string,
): Promise<{ status: 200; body: PrescriptionDetailDto }> {
  if (existing.request_hash !== hash) throw new Refusal(409, IDEMPOTENCY_KEY_REUSED_MESSAGE);
  const row = await findPrescriptionRow(db, existing.id);
  if (!row) throw new Refusal(409, IDEMPOTENCY_KEY_REUSED_MESSAGE);
  return { status: 200, body: await toDetailDto(db, row, viewer, countryId) };
}

function findByKey(db: Kysely<Database>, authorId: number, key: string) {
  return findRowByIdempotencyKey(db, 'prescriptions', { column: 'author_id', id: authorId }, key);
}

/**
 * `POST /prescriptions`: the patient must be linked to the author and every tool sold in the session's country, in
 * stock and allowed to the author's role. The Idempotency-Key is unique per author: a retry (or a double click racing
 * on PostgreSQL) answers the first prescription instead of making a second.
 */
export async function createPrescription(
  db: Kysely<Database>,
  viewer: Viewer,
  input: CreatePrescriptionInput,
  request: IdempotentRequest & { key: string },
): Promise<{ status: 200 | 201; body: PrescriptionDetailDto }> {
  const { user } = viewer;
  const countryId = COUNTRIES[viewer.country].countryId;
  const existing = await findByKey(db, user.id, request.key);
  if (existing) return replay(db, viewer, countryId, existing, request.hash);

  const patient = await findLinkedPatient(db, user.id, input.patientId);
  // A patient who revoked their consent (or deleted their account) gets no new health data until they consent again.
  if (patient.consent_status === 'revoked') throw new Refusal(409, PATIENT_CONSENT_REVOKED_MESSAGE);
  if (input.templateId !== null && !(await findOwnTemplate(db, user.id, input.templateId))) {
    throw new Refusal(422, 'La plantilla indicada no existe entre tus plantillas.');
  }
  const resolved = await resolveTools(db, input.tools, {
    countryId,
    discountLevelId: null,
    prescriber: user.role,
    requireStock: true,
  });
  assertToolsUsable(resolved);

  let id: number;
  try {
    id = await insertPrescription(db, {
      type: input.type,
      authorId: user.id,
      patientId: input.patientId,
      countryId,
      notes: input.notes,
      templateId: input.templateId,
      idempotency: request,
      tools: resolved,
    });
  } catch (error) {
    if (!isUniqueViolation(error, IDEMPOTENCY_CONSTRAINT)) throw error;
    const winner = await findByKey(db, user.id, request.key);
    if (!winner) throw error;
    return replay(db, viewer, countryId, winner, request.hash);
  }
  const row = await findPrescriptionRow(db, id);
  if (!row) throw new Error(`Prescripción ${id} sin fila tras crearla`);
  return { status: 201, body: await toDetailDto(db, row, viewer, countryId) };
}
