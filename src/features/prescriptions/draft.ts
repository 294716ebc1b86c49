// Product §3 "Prescription draft" and §4 "Prescription creation": the draft a doctor or health professional builds in
// four steps, and the repair of a stored one. This module is loaded with the app shell (the persisted atom must be
// registered before restoration runs), so it holds only the shape and its repair; the rules live in draft-rules.ts.

import { newIdempotencyKey } from '../../lib/idempotency';
import { PATIENT_EXCLUDED_CATEGORY_IDS } from '../../lib/shared/catalogue';
import type { CountryCode } from '../../lib/shared/countries';
import type {
  DurationUnit,
  MomentDto,
  MomentId,
  PrescriptionDurationDto,
  PrescriptionToolDto,
  PrescriptionType,
} from '../../lib/shared/prescriptions';
import { isRecord } from '../../lib/shared/records';

// The contract's lists (lib/shared/prescriptions: MOMENTS, DURATION_UNITS, PRESCRIPTION_TYPES and the placeholder),
// restated: importing that module would bring its form definitions into the app shell with this one. The test of
// this module checks that both say the same.
export const DRAFT_MOMENT_IDS: readonly MomentId[] = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10];
export const DRAFT_DURATION_UNITS: readonly DurationUnit[] = ['days', 'weeks', 'months'];
export const DRAFT_TYPES: readonly PrescriptionType[] = ['prescription', 'recommendation'];
export const DRAFT_PLACEHOLDER_IMAGE_URL = '/icons/logo.svg';

/** Product §4: create or choose the patient, choose tools, indications, summary and create. */
export const DRAFT_STEPS = [1, 2, 3, 4] as const;
export type DraftStep = (typeof DRAFT_STEPS)[number];

export interface DraftPatient {
  /** Null for a patient created offline that the server has not created yet (`pendingKey` names it). */
  id: number | null;
  /** The Idempotency-Key of that patient's creation: the prescription is sent after it and names it by this key. */
  pendingKey?: string;
  name: string;
  email: string;
  documentNumber: string | null;
}

/**
 * Product §3: a tool of the draft: the tool as the server will store it, plus the stock and the container size the
 * cards and the summary show (the presentation empty when the product has none); its indications are set in step 3.
 */
export interface DraftTool extends Omit<PrescriptionToolDto, 'dailyCapsules'> {
  hasStock: boolean;
  /** Units in one container (60 capsules), to suggest how many containers a treatment needs. */
  containerQuantity: number | null;
  /** Null: the sum of the moments' quantities. */
  dailyCapsules: number | null;
}

/** A draft sent without connection: the service worker keeps it (under the draft's key) until the server takes it. */
export interface QueuedPrescription {
  key: string;
  queuedAt: string;
}

/** The prescription the draft became: the draft then shows the result until a new one is started. */
export interface CreatedPrescription {
  id: number;
  createdAt: string;
}

export interface PrescriptionDraft {
  step: DraftStep;
  patient: DraftPatient | null;
  /** The tool whose indications step 3 shows (a product id of `functionalTools`). */
  selectedTool: number | null;
  functionalTools: DraftTool[];
  /** The template the draft started from, if any. */
  selectedSuggestion: number | null;
  prescriptionType: PrescriptionType;
  /** Why tools of that template were left out (one Spanish sentence each, from the server). */
  suggestionTools: string[];
  /** The name of the PDF made on the device for the created prescription. */
  prescriptionFile: string | null;
  prescriptionCreated: CreatedPrescription | null;
  prescriptionQueued: QueuedPrescription | null;
  notes: string;
  /** Made once per draft and sent as `Idempotency-Key`: a replay of the same draft never creates a second one. */
  idempotencyKey: string;
  updatedAt: string;
}

/** Drafts kept on the device, one per professional and country (`draftKey`). */
export type PrescriptionDrafts = Record<string, PrescriptionDraft>;

export const PRESCRIPTION_DRAFTS_STORAGE_KEY = 'prescription-drafts';

/** One draft per professional (uid) and country: a doctor working in two countries keeps two drafts. */
export function draftKey(uid: string, country: CountryCode): string {
  return `${uid}:${country}`;
}

/** Texts longer than this in a stored draft are cut: what a person types, not what a corrupted record may hold. */
const MAX_TEXT = 2000;
const MAX_TOOLS = 30;
/** Drafts are rewritten last when changed: keeping the last ones keeps the most recently used. */
const MAX_DRAFTS = 20;
/** The categories a health professional cannot recommend (hormones, professional use): product §6, server rule. */
export const PRESCRIPTION_ONLY_CATEGORY_IDS: readonly number[] = PATIENT_EXCLUDED_CATEGORY_IDS;

export function createDraft(type: PrescriptionType, now = new Date()): PrescriptionDraft {
  return {
    step: 1,
    patient: null,
    selectedTool: null,
    functionalTools: [],
    selectedSuggestion: null,
    prescriptionType: type,
    suggestionTools: [],
    prescriptionFile: null,
    prescriptionCreated: null,
    prescriptionQueued: null,
    notes: '',
    idempotencyKey: newIdempotencyKey(),
    updatedAt: now.toISOString(),
  };
}

function text(value: unknown, max = MAX_TEXT): string {
  return typeof value === 'string' ? value.slice(0, max) : '';
}

function positiveId(value: unknown): number | null {
  return typeof value === 'number' && Number.isSafeInteger(value) && value > 0 ? value : null;
}

function positiveNumber(value: unknown): number | null {
  return typeof value === 'number' && Number.isFinite(value) && value > 0 ? value : null;
}

/** A quantity a person may be half-way typing (0 while the field is empty) is kept; nonsense becomes 0. */
function quantity(value: unknown): number {
  return typeof value === 'number' && Number.isFinite(value) && value >= 0 ? value : 0;
}

function parseMoments(stored: unknown): MomentDto[] {
  if (!Array.isArray(stored)) return [];
  const moments: MomentDto[] = [];
  for (const entry of stored) {
    if (!isRecord(entry) || !DRAFT_MOMENT_IDS.includes(entry.id as MomentId)) continue;
    if (moments.some((moment) => moment.id === entry.id)) continue;
    // `value` is the moment's label for whoever reads the record; the screens and the server go by the id.
    moments.push({ id: entry.id as MomentId, quantity: quantity(entry.quantity), value: text(entry.value, 60) });
  }
  // The spec's order of the day, whatever order they were ticked in.
  return moments.sort((a, b) => a.id - b.id);
}

function parseDuration(stored: unknown): PrescriptionDurationDto {
  const record = isRecord(stored) ? stored : {};
  const time = (DRAFT_DURATION_UNITS as readonly unknown[]).includes(record.time)
    ? (record.time as DurationUnit)
    : 'days';
  const amount = record.quantity;
  return {
    time,
    quantity: typeof amount === 'number' && Number.isSafeInteger(amount) && amount >= 0 ? amount : 0,
  };
}

/** A stored tool, repaired field by field; undefined when it names no product. */
function parseDraftTool(stored: unknown): DraftTool | undefined {
  if (!isRecord(stored)) return undefined;
  const productId = positiveId(stored.productId);
  if (productId === null) return undefined;
  const category = isRecord(stored.category) ? stored.category : {};
  const units = stored.units;
  return {
    productId,
    name: text(stored.name, 200),
    slug: text(stored.slug, 200),
    description: text(stored.description),
    tag: text(stored.tag, 200),
    capsuleInfo: typeof stored.capsuleInfo === 'string' ? text(stored.capsuleInfo, 200) : null,
    hasStock: stored.hasStock !== false,
    imageUrl: text(stored.imageUrl, 500) || DRAFT_PLACEHOLDER_IMAGE_URL,
    category: {
      id: positiveId(category.id) ?? 0,
      name: text(category.name, 200),
      slug: text(category.slug, 200),
    },
    presentation: text(stored.presentation, 200),
    containerQuantity: positiveNumber(stored.containerQuantity),
    momentsDay: parseMoments(stored.momentsDay),
    prescriptionDuration: parseDuration(stored.prescriptionDuration),
    prescriptionIndications: text(stored.prescriptionIndications),
    dailyCapsules: positiveNumber(stored.dailyCapsules),
    units: typeof units === 'number' && Number.isSafeInteger(units) && units >= 0 ? units : 1,
  };
}

const OUTBOX_KEY = /^[A-Za-z0-9_-]{8,128}$/;

function parsePatient(stored: unknown): DraftPatient | null {
  if (!isRecord(stored)) return null;
  const id = positiveId(stored.id);
  const pendingKey =
    id === null && typeof stored.pendingKey === 'string' && OUTBOX_KEY.test(stored.pendingKey)
      ? stored.pendingKey
      : null;
  if (id === null && pendingKey === null) return null;
  return {
    id,
    ...(pendingKey ? { pendingKey } : {}),
    name: text(stored.name, 200),
    email: text(stored.email, 254),
    documentNumber: typeof stored.documentNumber === 'string' ? text(stored.documentNumber, 40) : null,
  };
}

function parseQueued(stored: unknown): QueuedPrescription | null {
  if (!isRecord(stored) || typeof stored.key !== 'string' || !OUTBOX_KEY.test(stored.key)) return null;
  return { key: stored.key, queuedAt: text(stored.queuedAt, 40) };
}

function parseCreated(stored: unknown): CreatedPrescription | null {
  if (!isRecord(stored)) return null;
  const id = positiveId(stored.id);
  return id === null ? null : { id, createdAt: text(stored.createdAt, 40) };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * A stored draft repaired field by field: a wrong field takes its empty value, never an exception; undefined only
 * when the record is not an object. A recommendation never keeps a hormone or professional-use tool, and the step
 * never points past what the draft has.
 */
export function parsePrescriptionDraft(stored: unknown): PrescriptionDraft | undefined {
  if (!isRecord(stored)) return undefined;
  const type = (DRAFT_TYPES as readonly unknown[]).includes(stored.prescriptionType)
    ? (stored.prescriptionType as PrescriptionType)
    : 'prescription';
  const tools: DraftTool[] = [];
  for (const entry of Array.isArray(stored.functionalTools) ? stored.functionalTools : []) {
    const tool = parseDraftTool(entry);
    if (!tool || tools.some((other) => other.productId === tool.productId)) continue;
    if (type === 'recommendation' && PRESCRIPTION_ONLY_CATEGORY_IDS.includes(tool.category.id)) continue;
    if (tools.length < MAX_TOOLS) tools.push(tool);
  }
  const patient = parsePatient(stored.patient);
  const step = typeof stored.step === 'number' && Number.isInteger(stored.step) ? stored.step : 1;
  // A step needs the ones before it: no patient, step 1; no tools, step 2 at most.
  const reachable = patient === null ? 1 : tools.length === 0 ? Math.min(step, 2) : step;
  const selected = positiveId(stored.selectedTool);
  const key =
    typeof stored.idempotencyKey === 'string' && UUID.test(stored.idempotencyKey) ? stored.idempotencyKey : '';
  return {
    step: Math.min(4, Math.max(1, reachable)) as DraftStep,
    patient,
    selectedTool: tools.some((tool) => tool.productId === selected) ? selected : (tools[0]?.productId ?? null),
    functionalTools: tools,
    selectedSuggestion: positiveId(stored.selectedSuggestion),
    prescriptionType: type,
    suggestionTools: Array.isArray(stored.suggestionTools)
      ? stored.suggestionTools.filter((item): item is string => typeof item === 'string').map((item) => text(item, 500))
      : [],
    prescriptionFile: typeof stored.prescriptionFile === 'string' ? text(stored.prescriptionFile, 200) : null,
    prescriptionCreated: parseCreated(stored.prescriptionCreated),
    prescriptionQueued: parseQueued(stored.prescriptionQueued),
    notes: text(stored.notes),
    // A lost key is made again: the draft was never sent with it, or the server has its answer under the old one.
    idempotencyKey: key || newIdempotencyKey(),
    updatedAt: text(stored.updatedAt, 40),
  };
}

/** Every professional's drafts on this device, each repaired on its own: one corrupt draft does not cost the others. */
export function parsePrescriptionDrafts(stored: unknown): PrescriptionDrafts | undefined {
  if (!isRecord(stored)) return undefined;
  const drafts: PrescriptionDrafts = {};
  for (const [key, value] of Object.entries(stored).slice(-MAX_DRAFTS)) {
    const draft = parsePrescriptionDraft(value);
    if (draft) drafts[key] = draft;
  }
  return drafts;
}
