// The prescription draft's rules as pure functions (product §3 indications, §4 prescription creation): each takes a
// draft and returns the next one, or the very same one when nothing changes.

import type { ProductDto } from '../../lib/shared/api-types';
import { t } from '@lingui/core/macro';
import { DEFAULT_CONTAINER_TYPE, DEFAULT_UNIT_SYMBOL } from '../../lib/shared/catalogue';
import { momentValue } from '../../lib/shared/prescription-labels';
import {
  DEFAULT_PRESCRIPTION_SETTINGS,
  DURATION_UNIT_DAYS,
  PRESCRIPTION_MAX_TOOLS,
  TOOL_MAX_UNITS,
  TOOL_PLACEHOLDER_IMAGE_URL,
  type CreatePrescriptionRequestDto,
  type MomentId,
  type PrescriptionDurationDto,
  type PrescriptionToolInputDto,
  type PrescriptionType,
  type TemplateDto,
  type TemplateToolDto,
} from '../../lib/shared/prescriptions';
import { newIdempotencyKey } from '../../lib/idempotency';
import {
  PRESCRIPTION_ONLY_CATEGORY_IDS,
  type DraftPatient,
  type DraftStep,
  type DraftTool,
  type PrescriptionDraft,
} from './draft';

/** A new tool starts with a month of treatment and one container; the professional adjusts both in step 3. */
const DEFAULT_DURATION: PrescriptionDurationDto = DEFAULT_PRESCRIPTION_SETTINGS.defaultDuration;

/** Product §6: health professionals recommend only products that need no prescription (not categories 4 and 5). */
export function mayUseCategory(type: PrescriptionType, categoryId: number): boolean {
  return type === 'prescription' || !PRESCRIPTION_ONLY_CATEGORY_IDS.includes(categoryId);
}

/** Product §3 presentation text: container type (default 'Frasco') with quantity and unit symbol (default 'unidades'). */
function presentationOf(product: Pick<ProductDto, 'presentations'>): { text: string; quantity: number | null } {
  const presentation = product.presentations.find((item) => item.is_default) ?? product.presentations[0];
  if (!presentation) return { text: '', quantity: null };
  const container = presentation.container_type.name.trim() || DEFAULT_CONTAINER_TYPE;
  const unit = presentation.unit.symbol.trim() || DEFAULT_UNIT_SYMBOL;
  return {
    text: `${container} x ${presentation.quantity} ${unit}`,
    quantity: presentation.quantity > 0 ? presentation.quantity : null,
  };
}

/** Product §3: true if no stock is tracked or the quantity is above zero. */
export function productHasStock(product: Pick<ProductDto, 'stock'>): boolean {
  return !product.stock.tracked || product.stock.quantity === null || product.stock.quantity > 0;
}

/** Product §3: the product's image, or the placeholder. */
export function productImage(product: Pick<ProductDto, 'image' | 'images'>): string {
  return product.image || product.images[0]?.url || TOOL_PLACEHOLDER_IMAGE_URL;
}

/** What a new tool starts with: the admins' default duration and notes (prescription settings). */
interface ToolDefaults {
  duration: PrescriptionDurationDto;
  indications: string;
}

const STANDARD_TOOL_DEFAULTS: ToolDefaults = { duration: DEFAULT_DURATION, indications: '' };

/** What a tool copies from its catalogue product, so that the prescription keeps the product as it was when chosen. */
export function toolProductFields(
  product: ProductDto,
): Pick<DraftTool, 'productId' | 'name' | 'slug' | 'description' | 'tag' | 'capsuleInfo' | 'category'> {
  return {
    productId: product.id,
    name: product.name,
    slug: product.slug,
    description: product.description,
    tag: product.tag,
    capsuleInfo: product.capsule_info,
    category: { id: product.category.id, name: product.category.name, slug: product.category.slug },
  };
}

/** A catalogue product as a tool of the draft, with the default indications. */
export function toolFromProduct(product: ProductDto, defaults: ToolDefaults = STANDARD_TOOL_DEFAULTS): DraftTool {
  const presentation = presentationOf(product);
  return {
    ...toolProductFields(product),
    hasStock: productHasStock(product),
    imageUrl: productImage(product),
    presentation: presentation.text,
    containerQuantity: presentation.quantity,
    momentsDay: [],
    prescriptionDuration: { ...defaults.duration },
    prescriptionIndications: defaults.indications,
    dailyCapsules: null,
    units: 1,
  };
}

/** A template's tool with today's product and the indications the template keeps. */
function toolFromTemplate(tool: TemplateToolDto & { product: ProductDto }): DraftTool {
  return {
    ...toolFromProduct(tool.product),
    momentsDay: tool.momentsDay
      .filter((moment) => momentValue(moment.id) !== undefined)
      .map((moment) => ({ id: moment.id, quantity: moment.quantity, value: momentValue(moment.id) ?? '' }))
      .sort((a, b) => a.id - b.id),
    prescriptionDuration: { ...tool.prescriptionDuration },
    prescriptionIndications: tool.prescriptionIndications,
    dailyCapsules: tool.dailyCapsules ?? null,
    units: tool.units,
  };
}

function touched(draft: PrescriptionDraft, changes: Partial<PrescriptionDraft>): PrescriptionDraft {
  return { ...draft, ...changes, updatedAt: new Date().toISOString() };
}

export function goToStep(draft: PrescriptionDraft, step: DraftStep): PrescriptionDraft {
  return draft.step === step ? draft : touched(draft, { step });
}

export function choosePatient(draft: PrescriptionDraft, patient: DraftPatient): PrescriptionDraft {
  return touched(draft, { patient });
}

/** Adds the product as a tool, or removes it when it is already one. Refused products leave the draft as it is. */
export function toggleTool(
  draft: PrescriptionDraft,
  product: ProductDto,
  defaults: ToolDefaults = STANDARD_TOOL_DEFAULTS,
): PrescriptionDraft {
  const present = draft.functionalTools.some((tool) => tool.productId === product.id);
  if (present) {
    const functionalTools = draft.functionalTools.filter((tool) => tool.productId !== product.id);
    return touched(draft, {
      functionalTools,
      selectedTool: draft.selectedTool === product.id ? (functionalTools[0]?.productId ?? null) : draft.selectedTool,
    });
  }
  if (!mayUseCategory(draft.prescriptionType, product.category.id)) return draft;
  if (draft.functionalTools.length >= PRESCRIPTION_MAX_TOOLS) return draft;
  return touched(draft, {
    functionalTools: [...draft.functionalTools, toolFromProduct(product, defaults)],
    selectedTool: draft.selectedTool ?? product.id,
  });
}

export function removeTool(draft: PrescriptionDraft, productId: number): PrescriptionDraft {
  const functionalTools = draft.functionalTools.filter((tool) => tool.productId !== productId);
  if (functionalTools.length === draft.functionalTools.length) return draft;
  return touched(draft, {
    functionalTools,
    selectedTool: draft.selectedTool === productId ? (functionalTools[0]?.productId ?? null) : draft.selectedTool,
  });
}

export function selectTool(draft: PrescriptionDraft, productId: number): PrescriptionDraft {
  return draft.selectedTool === productId ? draft : touched(draft, { selectedTool: productId });
}

export function updateTool(
  draft: PrescriptionDraft,
  productId: number,
  update: (tool: DraftTool) => DraftTool,
): PrescriptionDraft {
  return touched(draft, {
    functionalTools: draft.functionalTools.map((tool) => (tool.productId === productId ? update(tool) : tool)),
  });
}

/** Ticks or unticks a time of day; a ticked one starts at one unit. */
export function toggleMoment(tool: DraftTool, id: MomentId): DraftTool {
  if (tool.momentsDay.some((moment) => moment.id === id)) {
    return { ...tool, momentsDay: tool.momentsDay.filter((moment) => moment.id !== id) };
  }
  const moment = { id, quantity: 1, value: momentValue(id) ?? '' };
  return { ...tool, momentsDay: [...tool.momentsDay, moment].sort((a, b) => a.id - b.id) };
}

export function setMomentQuantity(tool: DraftTool, id: MomentId, quantity: number): DraftTool {
  return {
    ...tool,
    momentsDay: tool.momentsDay.map((moment) =>
      moment.id === id ? { ...moment, quantity: Number.isFinite(quantity) && quantity > 0 ? quantity : 0 } : moment,
    ),
  };
}

/** Units taken per day: the given figure, or the sum of the moments' quantities. */
export function dailyCapsulesOf(tool: Pick<DraftTool, 'dailyCapsules' | 'momentsDay'>): number {
  if (tool.dailyCapsules !== null) return tool.dailyCapsules;
  const sum = tool.momentsDay.reduce((total, moment) => total + moment.quantity, 0);
  return Math.round(sum * 100) / 100;
}

function treatmentDays(tool: Pick<DraftTool, 'prescriptionDuration'>): number {
  return tool.prescriptionDuration.quantity * DURATION_UNIT_DAYS[tool.prescriptionDuration.time];
}

/** Containers that cover the whole treatment, when the container's size is known; null otherwise. */
export function suggestedUnits(tool: DraftTool): number | null {
  const daily = dailyCapsulesOf(tool);
  const days = treatmentDays(tool);
  if (!tool.containerQuantity || daily <= 0 || days <= 0) return null;
  return Math.min(TOOL_MAX_UNITS, Math.max(1, Math.ceil((daily * days) / tool.containerQuantity)));
}

/** A tool whose units do not cover its treatment, with the units that would. */
interface ShortTool {
  tool: DraftTool;
  suggestion: number;
}

/** Tools prescribed with fewer units than their duration needs: accepted only once the professional confirms. */
export function shortTools(tools: DraftTool[]): ShortTool[] {
  return tools.flatMap((tool) => {
    const suggestion = suggestedUnits(tool);
    return suggestion !== null && tool.units < suggestion ? [{ tool, suggestion }] : [];
  });
}

/** What the professional confirmed: the same tools with the same shortfall (a change asks again). */
export function shortfallSignature(short: ShortTool[]): string {
  return short.map(({ tool, suggestion }) => `${tool.productId}:${tool.units}:${suggestion}`).join(',');
}

/**
 * The step the draft may show: each step needs the ones before it (a patient, at least one tool, complete
 * indications), so a draft restored from another tab or an old version never shows a summary it cannot send. The
 * indications are checked by the shared schema (`tool-checks.ts`), which the builder loads for steps 3 and 4.
 */
export function reachableStep(draft: PrescriptionDraft, toolIsComplete: (tool: DraftTool) => boolean): DraftStep {
  if (draft.patient === null) return 1;
  if (draft.functionalTools.length === 0) return Math.min(draft.step, 2) as DraftStep;
  if (draft.step === 4 && !draft.functionalTools.every(toolIsComplete)) return 3;
  return draft.step;
}

/** The draft's tools as the server reads them (a prescription's or a template's). */
export function toolInputs(draft: PrescriptionDraft): PrescriptionToolInputDto[] {
  return draft.functionalTools.map((tool) => ({
    productId: tool.productId,
    momentsDay: tool.momentsDay.map(({ id, quantity }) => ({ id, quantity })),
    prescriptionDuration: { ...tool.prescriptionDuration },
    prescriptionIndications: tool.prescriptionIndications.trim(),
    dailyCapsules: tool.dailyCapsules,
    units: tool.units,
  }));
}

/** `POST /prescriptions` body of a complete draft (one with a patient). */
export function requestFromDraft(draft: PrescriptionDraft & { patient: DraftPatient }): CreatePrescriptionRequestDto {
  const { id, pendingKey } = draft.patient;
  return {
    // A patient created offline is named by its creation's key until the server has created it.
    ...(id !== null ? { patientId: id } : { patientRef: pendingKey }),
    type: draft.prescriptionType,
    notes: draft.notes.trim(),
    templateId: draft.selectedSuggestion,
    tools: toolInputs(draft),
  };
}

/**
 * Starts the draft's tools from a template: tools whose product is sold, in stock and allowed load with their
 * indications; the others are left out and `suggestionTools` says why (the server's Spanish sentences, plus ours for
 * a category the role may not use). The patient stays.
 */
export function applyTemplate(draft: PrescriptionDraft, template: TemplateDto): PrescriptionDraft {
  const problems = [...template.problems];
  const tools: DraftTool[] = [];
  for (const tool of template.tools) {
    if (tool.problem !== null || tool.product === null) {
      if (tool.problem === null) problems.push(t`${tool.name} ya no está disponible.`);
      continue;
    }
    if (!mayUseCategory(draft.prescriptionType, tool.product.category.id)) {
      problems.push(t`${tool.name} requiere prescripción médica y no se puede recomendar.`);
      continue;
    }
    if (tools.some((other) => other.productId === tool.productId)) continue;
    tools.push(toolFromTemplate({ ...tool, product: tool.product }));
  }
  return touched(draft, {
    functionalTools: tools.slice(0, PRESCRIPTION_MAX_TOOLS),
    selectedTool: tools[0]?.productId ?? null,
    selectedSuggestion: template.id,
    suggestionTools: [...new Set(problems)],
    notes: draft.notes.trim() ? draft.notes : template.notes,
    step: draft.patient === null ? 1 : 2,
  });
}

/** After creation the draft remembers the result; a new draft starts with a new key. */
export function markCreated(
  draft: PrescriptionDraft,
  created: { id: number; createdAt: string; patient: { id: number } },
): PrescriptionDraft {
  return touched(draft, {
    prescriptionCreated: { id: created.id, createdAt: created.createdAt },
    prescriptionQueued: null,
    patient: draft.patient && { ...withoutPending(draft.patient), id: created.patient.id },
  });
}

/** Sent without connection: the draft shows that it waits, under its key, until the server takes it. */
export function markQueued(draft: PrescriptionDraft, now = new Date()): PrescriptionDraft {
  return touched(draft, { prescriptionQueued: { key: draft.idempotencyKey, queuedAt: now.toISOString() } });
}

/**
 * Back to editing a queued draft the server refused: a new key, so the corrected draft is a new submission (the
 * refused one is discarded from the outbox by the caller).
 */
export function reopenQueued(draft: PrescriptionDraft): PrescriptionDraft {
  return touched(draft, { prescriptionQueued: null, idempotencyKey: newIdempotencyKey(), step: 4 });
}

/** The pending patient of the draft was created on the server: from now on it is named by its id. */
export function resolvePendingPatient(draft: PrescriptionDraft, key: string, id: number): PrescriptionDraft {
  if (draft.patient?.pendingKey !== key) return draft;
  return touched(draft, { patient: { ...withoutPending(draft.patient), id } });
}

function withoutPending(patient: DraftPatient): DraftPatient {
  const { pendingKey: _pending, ...rest } = patient;
  return rest;
}

/** A replay key that the server refused because it was used with another body: the next attempt is a new one. */
export function withNewKey(draft: PrescriptionDraft): PrescriptionDraft {
  return touched(draft, { idempotencyKey: newIdempotencyKey() });
}
