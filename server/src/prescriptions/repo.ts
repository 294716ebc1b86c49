import { sql, type ExpressionBuilder, type Kysely } from 'kysely';
import { jsonArrayFrom } from 'kysely/helpers/postgres';
import { COUNTRIES, type CountryCode } from '../../../src/lib/shared/countries';
import { momentValue } from '../../../src/lib/shared/prescription-labels';
import type { PatientConsentState } from '../../../src/lib/shared/privacy';
import {
  isDeletedAccount,
  type MomentDto,
  type MomentInputDto,
  type PatientStrategiesDto,
  type PrescriptionDetailDto,
  type PrescriptionDto,
  type PrescriptionListItemDto,
  type PrescriptionPurchaseLineDto,
  type PrescriptionStatus,
  type PrescriptionToolDto,
  type PrescriptionToolInputDto,
  type StrategyDto,
} from '../../../src/lib/shared/prescriptions';
import type { Database } from '../db/schema';
import { notFound } from '../refusal';
import type { ActiveSession as Viewer } from '../sessions/repo';
import { patientDisplayName } from '../patients/repo';
import { catalogueScope } from '../products/repo';
import type { DateRange } from '../../../src/lib/shared/patient-schemas';
import { resolveTools } from './tools';

export const PRESCRIPTION_NOT_FOUND_MESSAGE = 'No encontramos esta prescripción.';
/** A patient's whole history fits on one screen; beyond this the date search narrows it. */
const STRATEGIES_MAX_ROWS = 500;

function statusOf(row: { cancelled_at: Date | null; ends_at: Date }, now = new Date()): PrescriptionStatus {
  if (row.cancelled_at) return 'cancelled';
  return row.ends_at.getTime() < now.getTime() ? 'finished' : 'active';
}

function momentsWithLabels(moments: readonly MomentInputDto[]): MomentDto[] {
  return moments.map((moment) => ({
    ...moment,
    value: momentValue(moment.id) ?? '',
  }));
}

/** Prescriptions with their author and patient: the base of every read. */
function prescriptionsWithPeople(db: Kysely<Database>) {
  return db
    .selectFrom('prescriptions as r')
    .innerJoin('users as a', 'a.id', 'r.author_id')
    .innerJoin('patients as p', 'p.id', 'r.patient_id')
    .selectAll('r')
    .select([
      'a.display_name as author_name',
      'a.role as author_role',
      'a.specialty as author_specialty',
      'a.professional_license_number as author_license',
      'p.first_name as patient_first_name',
      'p.last_name as patient_last_name',
      'p.email as patient_email',
      'p.document_number as patient_document',
      'p.user_id as patient_user_id',
      'p.consent_status as patient_consent',
    ]);
}

type PrescriptionScope = ExpressionBuilder<Database & { r: Database['prescriptions'] }, 'r'>;

/** The tools of the prescription row `r`, with their category, in the order they were prescribed. */
const toolsOf = (eb: PrescriptionScope) =>
  eb
    .selectFrom('prescription_tools as t')
    .innerJoin('categories as c', 'c.id', 't.category_id')
    .whereRef('t.prescription_id', '=', 'r.id')
    .orderBy('t.position');

/** List rows: the categories of the tools, in tool order, instead of the whole tools. */
function strategyRows(db: Kysely<Database>) {
  return prescriptionsWithPeople(db).select((eb) =>
    jsonArrayFrom(toolsOf(eb).select(['c.id', 'c.name'])).as('categories'),
  );
}

type StrategyRow = Awaited<ReturnType<ReturnType<typeof strategyRows>['execute']>>[number];

function toStrategyDto(row: StrategyRow, now: Date): StrategyDto {
  const categories = row.categories.filter(
    (category, index) => row.categories.findIndex((other) => other.id === category.id) === index,
  );
  return {
    id: row.id,
    createdAt: row.created_at.toISOString(),
    type: row.type,
    categories,
    status: statusOf(row, now),
    toolCount: row.categories.length,
    author: { id: row.author_id, display_name: row.author_name, role: row.author_role },
  };
}

function accountDeleted(row: { patient_user_id: number | null; patient_consent: PatientConsentState }): boolean {
  return isDeletedAccount({ hasAccount: row.patient_user_id !== null, consent: row.patient_consent });
}

function toListItemDto(row: StrategyRow, now: Date): PrescriptionListItemDto {
  return {
    ...toStrategyDto(row, now),
    patient: {
      id: row.patient_id,
      display_name: patientDisplayName({ first_name: row.patient_first_name, last_name: row.patient_last_name }),
      account_deleted: accountDeleted(row),
    },
  };
}

/** Product §2: the patient's strategies, the viewer's own apart from those of other professionals, newest first. */
export async function patientStrategies(
  db: Kysely<Database>,
  options: { patientId: number; viewerId: number; country: CountryCode; range: DateRange },
): Promise<PatientStrategiesDto> {
  const { from, to } = options.range;
  const day = sql<string>`(r.created_at at time zone ${COUNTRIES[options.country].timeZone})::date`;
  const rows = await strategyRows(db)
    .where('r.patient_id', '=', options.patientId)
    .$if(from !== undefined, (query) => query.where(day, '>=', sql<string>`${from}::date`))
    .$if(to !== undefined, (query) => query.where(day, '<=', sql<string>`${to}::date`))
    .orderBy('r.created_at', 'desc')
    .orderBy('r.id', 'desc')
    .limit(STRATEGIES_MAX_ROWS)
    .execute();
  const now = new Date();
  const strategies = rows.map((row) => ({ own: row.author_id === options.viewerId, dto: toStrategyDto(row, now) }));
  return {
    own: strategies.filter((strategy) => strategy.own).map((strategy) => strategy.dto),
    others: strategies.filter((strategy) => !strategy.own).map((strategy) => strategy.dto),
  };
}

/** A page of prescriptions, newest first: an author's (`authorId`) or a patient account's (`patientUserId`). */
export async function listPrescriptions(
  db: Kysely<Database>,
  owner: { authorId: number } | { patientUserId: number },
  page: { page: number; limit: number },
): Promise<{ data: PrescriptionListItemDto[]; total: number }> {
  const rows = strategyRows(db);
  const base =
    'authorId' in owner
      ? rows.where('r.author_id', '=', owner.authorId)
      : rows.where('p.user_id', '=', owner.patientUserId);
  const [found, counted] = await Promise.all([
    base
      .orderBy('r.created_at', 'desc')
      .orderBy('r.id', 'desc')
      .limit(page.limit)
      .offset((page.page - 1) * page.limit)
      .execute(),
    base
      .clearSelect()
      .select((eb) => eb.fn.countAll<string | number>().as('total'))
      .executeTakeFirst(),
  ]);
  const now = new Date();
  return { data: found.map((row) => toListItemDto(row, now)), total: Number(counted?.total ?? 0) };
}

function detailRows(db: Kysely<Database>) {
  return prescriptionsWithPeople(db).select((eb) =>
    jsonArrayFrom(
      toolsOf(eb).select([
        't.product_id',
        't.name',
        't.slug',
        't.description',
        't.tag',
        't.capsule_info',
        't.image_url',
        't.category_id',
        'c.name as category_name',
        'c.slug as category_slug',
        't.presentation',
        't.moments',
        't.duration_unit',
        't.duration_quantity',
        't.indications',
        't.daily_capsules',
        't.units',
      ]),
    ).as('tools'),
  );
}

type PrescriptionDetailRow = Awaited<ReturnType<ReturnType<typeof detailRows>['execute']>>[number];

/** Marks the prescription cancelled; cancelling twice keeps the first moment. */
export async function cancelPrescription(db: Kysely<Database>, id: number): Promise<void> {
  await db
    .updateTable('prescriptions')
    .set({ cancelled_at: new Date() })
    .where('id', '=', id)
    .where('cancelled_at', 'is', null)
    .execute();
}

export function findPrescriptionRow(db: Kysely<Database>, id: number): Promise<PrescriptionDetailRow | undefined> {
  return detailRows(db).where('r.id', '=', id).executeTakeFirst();
}

/**
 * Of `productIds`, those an active prescription or recommendation of `patientUserId` in the country includes: the
 * prescription authorises its products, so the patient may buy them although the general catalogue hides them.
 */
export async function prescribedProductIds(
  db: Kysely<Database>,
  patientUserId: number,
  countryId: number,
  productIds: readonly number[],
  now = new Date(),
): Promise<Set<number>> {
  if (productIds.length === 0) return new Set();
  const rows = await db
    .selectFrom('prescription_tools as t')
    .innerJoin('prescriptions as r', 'r.id', 't.prescription_id')
    .innerJoin('patients as p', 'p.id', 'r.patient_id')
    .select('t.product_id')
    .distinct()
    .where('p.user_id', '=', patientUserId)
    .where('r.country_id', '=', countryId)
    .where('r.cancelled_at', 'is', null)
    .where('r.ends_at', '>', now)
    .where('t.product_id', 'in', [...productIds])
    .execute();
  return new Set(rows.map((row) => row.product_id));
}

/** Who may read a prescription: admins, its author, its patient and the professionals linked to its patient. */
async function canRead(db: Kysely<Database>, viewer: Viewer, row: PrescriptionDetailRow): Promise<boolean> {
  const { user } = viewer;
  if (user.role === 'admin' || user.id === row.author_id || user.id === row.patient_user_id) return true;
  if (user.role === 'patient' || user.approval_status !== 'approved') return false;
  const link = await db
    .selectFrom('patient_links')
    .select('patient_id')
    .where('professional_id', '=', user.id)
    .where('patient_id', '=', row.patient_id)
    .executeTakeFirst();
  return link !== undefined;
}

type StoredTool = PrescriptionDetailRow['tools'][number];

/** A stored tool as a prescription request states it (product id and indications): what a template keeps. */
export function toolInputOf(tool: StoredTool): PrescriptionToolInputDto & { dailyCapsules: number } {
  return {
    productId: tool.product_id,
    momentsDay: tool.moments,
    prescriptionDuration: { time: tool.duration_unit, quantity: tool.duration_quantity },
    prescriptionIndications: tool.indications,
    dailyCapsules: Number(tool.daily_capsules),
    units: tool.units,
  };
}

function toToolDto(tool: StoredTool): PrescriptionToolDto {
  const input = toolInputOf(tool);
  return {
    ...input,
    name: tool.name,
    slug: tool.slug,
    description: tool.description,
    tag: tool.tag,
    capsuleInfo: tool.capsule_info,
    imageUrl: tool.image_url,
    category: { id: tool.category_id, name: tool.category_name, slug: tool.category_slug },
    presentation: tool.presentation,
    momentsDay: momentsWithLabels(input.momentsDay),
  };
}

export function toPrescriptionDto(row: PrescriptionDetailRow): PrescriptionDto {
  return {
    id: row.id,
    type: row.type,
    status: statusOf(row),
    createdAt: row.created_at.toISOString(),
    endsAt: row.ends_at.toISOString(),
    countryId: row.country_id,
    notes: row.notes,
    templateId: row.template_id,
    author: {
      id: row.author_id,
      display_name: row.author_name,
      role: row.author_role,
      specialty: row.author_specialty,
      professional_license_number: row.author_license,
    },
    patient: {
      id: row.patient_id,
      display_name: patientDisplayName({ first_name: row.patient_first_name, last_name: row.patient_last_name }),
      account_deleted: accountDeleted(row),
      email: row.patient_email,
      document_number: row.patient_document ?? '',
    },
    tools: row.tools.map(toToolDto),
  };
}

/**
 * The detail with the products to buy as sold today in the viewer's country (product §2 "products to buy": current
 * price, hasStock). A cancelled prescription has nothing to buy.
 */
export async function toDetailDto(
  db: Kysely<Database>,
  row: PrescriptionDetailRow,
  viewer: Viewer,
  countryId: number,
): Promise<PrescriptionDetailDto> {
  const dto = toPrescriptionDto(row);
  const resolved =
    dto.status === 'cancelled'
      ? []
      : await resolveTools(db, dto.tools, {
          countryId,
          discountLevelId: catalogueScope(viewer.user, countryId).discountLevelId,
          requireStock: false,
        });
  const products: PrescriptionPurchaseLineDto[] = resolved.map((tool) => ({
    productId: tool.input.productId,
    name: tool.input.name,
    quantity: tool.input.units,
    momentsDay: tool.input.momentsDay,
    product: tool.product,
    hasStock: tool.hasStock,
    problem: tool.problem,
  }));
  return { ...dto, products, editable: viewer.user.id === row.author_id };
}

/** The prescription if the viewer may read it; the same 404 for one that does not exist. */
export async function readablePrescription(
  db: Kysely<Database>,
  viewer: Viewer,
  id: number,
): Promise<PrescriptionDetailRow> {
  const row = await findPrescriptionRow(db, id);
  if (!row || !(await canRead(db, viewer, row))) throw notFound(PRESCRIPTION_NOT_FOUND_MESSAGE);
  return row;
}
