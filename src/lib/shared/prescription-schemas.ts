// The zod schemas of a prescription's and a template's bodies (issue #20): `POST /prescriptions` and
// `POST /prescription-templates`, with the tools' indications (moments of the day, duration, notes, units, daily
// capsules) and the Spanish messages the server has always answered; the builder checks each tool and the notes with
// them. Apart from `prescriptions.ts`, so the screens that only read prescriptions do not carry zod.
import {
  CONTROL_CHARACTERS_MESSAGE,
  INVALID_VALUE_MESSAGE,
  isMissing,
  maxLengthMessage,
  requiredText,
} from './field-schemas';
import { INT4_MAX } from './integers';
import {
  DURATION_MAX_DAYS,
  DURATION_UNIT_DAYS,
  DURATION_UNITS,
  INDICATIONS_MAX_LENGTH,
  MOMENT_MAX_QUANTITY,
  MOMENTS,
  PRESCRIPTION_MAX_TOOLS,
  PRESCRIPTION_NOTES_MAX_LENGTH,
  PRESCRIPTION_TYPES,
  TEMPLATE_NAME_MAX_LENGTH,
  TOOL_MAX_DAILY_CAPSULES,
  TOOL_MAX_UNITS,
  type MomentId,
  type MomentInputDto,
  type PrescriptionDurationDto,
  type PrescriptionToolInputDto,
  type PrescriptionType,
} from './prescriptions';
import { z } from './zod';

export const NO_TOOLS_MESSAGE = 'Agrega al menos una herramienta.';
export const TOO_MANY_TOOLS_MESSAGE = `Puedes indicar como máximo ${PRESCRIPTION_MAX_TOOLS} herramientas.`;
export const TOOL_OBJECT_MESSAGE = 'Cada herramienta debe ser un objeto con sus indicaciones.';
export const TOOL_PRODUCT_MESSAGE = 'Elige un producto válido.';
export const REPEATED_PRODUCT_MESSAGE = 'Este producto ya está en la lista: indícalo una sola vez.';
export const NO_MOMENT_MESSAGE = 'Elige al menos un momento del día.';
export const MOMENT_CHOICE_MESSAGE = 'Elige un momento del día de la lista.';
export const REPEATED_MOMENT_MESSAGE = 'Cada momento del día puede indicarse una sola vez.';
export const POSITIVE_QUANTITY_MESSAGE = 'La cantidad debe ser mayor que 0.';
export const MOMENT_MAX_QUANTITY_MESSAGE = `La cantidad máxima por toma es ${MOMENT_MAX_QUANTITY}.`;
export const NO_DURATION_MESSAGE = 'Indica la duración del tratamiento.';
export const DURATION_UNIT_MESSAGE = 'La duración se indica en días, semanas o meses.';
export const POSITIVE_DURATION_MESSAGE = 'La duración debe ser un número entero mayor que 0.';
export const DURATION_MAX_MESSAGE = `La duración máxima es de ${DURATION_MAX_DAYS} días.`;
export const POSITIVE_UNITS_MESSAGE = 'Las unidades deben ser un número entero mayor que 0.';
export const UNITS_MAX_MESSAGE = `Puedes indicar como máximo ${TOOL_MAX_UNITS} unidades.`;
export const POSITIVE_DAILY_CAPSULES_MESSAGE = 'Las cápsulas diarias deben ser mayores que 0.';
export const DAILY_CAPSULES_MAX_MESSAGE = `Puedes indicar como máximo ${TOOL_MAX_DAILY_CAPSULES} cápsulas diarias.`;
export const DECIMALS_MESSAGE = 'Usa como máximo dos decimales.';
export const NOTES_TYPE_MESSAGE = 'Escribe las notas como texto.';
export const PATIENT_CHOICE_MESSAGE = 'Elige un paciente.';
export const TEMPLATE_CHOICE_MESSAGE = 'La plantilla no es válida.';
export const PRESCRIPTION_CHOICE_MESSAGE = 'La prescripción no es válida.';
export const TEMPLATE_SOURCE_MESSAGE =
  'Crea la plantilla desde una prescripción (prescriptionId) o con sus herramientas (tools), no con ambas.';

/** Quantities are given in hundredths at the finest: half a tablet, a quarter of a dropper. */
const HUNDREDTHS = 100;
/** Binary floats make 0.29 × 100 = 28.999999999999996. */
const ROUNDING_TOLERANCE = 1e-9;
/** Control characters other than tab, line feed and carriage return: notes keep their lines, nothing else. */
// eslint-disable-next-line no-control-regex -- finding control characters is the point.
const UNPRINTABLE = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;
/** The key of a patient's creation (`POST /patients`), for a prescription made offline before the patient had an id. */
const PATIENT_REF_PATTERN = /^[A-Za-z0-9_-]{8,128}$/;
const MOMENT_IDS = new Set<number>(MOMENTS.map((moment) => moment.id));

/** What a reader made of a raw value: the value, or why it was refused. */
type Read<T> = { value: T } | { problem: string };

/**
 * A field read by a function rather than by zod's types: these bodies take numbers typed as text and give each wrong
 * value its own sentence. The refusal is zod's `custom` issue, so a missing value keeps its message too. A bare
 * transform (not `z.unknown().transform`) so zod runs it for a missing key instead of calling the key required.
 */
function readField<T>(read: (raw: unknown) => Read<T>) {
  return z.transform((raw: unknown, ctx): T => {
    const result = read(raw);
    if ('value' in result) return result.value;
    ctx.issues.push({ code: 'custom', message: result.problem, input: raw });
    return z.NEVER;
  });
}

/** A stored id (int4, ≥ 1) given as a JSON number or a string of digits; anything else is undefined. */
function positiveId(value: unknown): number | undefined {
  const id =
    typeof value === 'number' ? value : typeof value === 'string' && /^\d{1,10}$/.test(value) ? Number(value) : NaN;
  return Number.isSafeInteger(id) && id >= 1 && id <= INT4_MAX ? id : undefined;
}

function numberOf(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
  if (typeof value === 'string' && /^-?\d+(\.\d+)?$/.test(value.trim())) return Number(value);
  return undefined;
}

interface AmountBounds {
  max: number;
  integer: boolean;
  message: string;
  maxMessage: string;
}

/** A positive number up to `max` with at most two decimals (a whole one when `integer`). */
function amount(raw: unknown, bounds: AmountBounds): Read<number> {
  const value = numberOf(raw);
  if (value === undefined || value <= 0 || (bounds.integer && !Number.isInteger(value))) {
    return { problem: bounds.message };
  }
  if (Math.abs(value * HUNDREDTHS - Math.round(value * HUNDREDTHS)) > ROUNDING_TOLERANCE) {
    return { problem: DECIMALS_MESSAGE };
  }
  return value > bounds.max ? { problem: bounds.maxMessage } : { value };
}

/** Free text of several lines (notes, indications), trimmed; empty when null or missing. */
export const notesField = (maxLength: number) =>
  readField((raw): Read<string> => {
    if (isMissing(raw)) return { value: '' };
    if (typeof raw !== 'string') return { problem: NOTES_TYPE_MESSAGE };
    const text = raw.trim();
    if (text.length > maxLength) return { problem: maxLengthMessage(maxLength) };
    return UNPRINTABLE.test(text) ? { problem: CONTROL_CHARACTERS_MESSAGE } : { value: text };
  });

const asObject = (value: unknown): Record<string, unknown> | undefined =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;

/**
 * The moments of the day a tool is taken: at least one, each from the list and at most once, with a positive
 * quantity. A moment's problem is reported at `momentsDay.<index>` (which moment) or `momentsDay.<index>.quantity`.
 */
const momentsSchema = z.transform((raw: unknown, ctx): MomentInputDto[] => {
  if (!Array.isArray(raw) || raw.length === 0) {
    ctx.issues.push({ code: 'custom', message: NO_MOMENT_MESSAGE, input: raw });
    return z.NEVER;
  }
  const moments: MomentInputDto[] = [];
  let refused = false;
  raw.forEach((entry: unknown, index) => {
    const refuse = (message: string, path: PropertyKey[]) => {
      refused = true;
      ctx.issues.push({ code: 'custom', message, input: entry, path });
    };
    const item = asObject(entry);
    const id = numberOf(item?.id);
    if (id === undefined || !MOMENT_IDS.has(id)) return refuse(MOMENT_CHOICE_MESSAGE, [index]);
    if (moments.some((moment) => moment.id === id)) return refuse(REPEATED_MOMENT_MESSAGE, [index]);
    const quantity = amount(item?.quantity, {
      max: MOMENT_MAX_QUANTITY,
      integer: false,
      message: POSITIVE_QUANTITY_MESSAGE,
      maxMessage: MOMENT_MAX_QUANTITY_MESSAGE,
    });
    if ('problem' in quantity) return refuse(quantity.problem, [index, 'quantity']);
    moments.push({ id: id as MomentId, quantity: quantity.value });
  });
  return refused ? z.NEVER : moments;
});

/** Whole days, weeks or months, at most a year in all (a month counts as 30 days). */
const durationSchema = z.transform((raw: unknown, ctx): PrescriptionDurationDto => {
  const duration = asObject(raw);
  const time = DURATION_UNITS.find((unit) => unit === duration?.time);
  if (!duration || !time) {
    ctx.issues.push({
      code: 'custom',
      message: duration ? DURATION_UNIT_MESSAGE : NO_DURATION_MESSAGE,
      input: raw,
      path: duration ? ['time'] : [],
    });
    return z.NEVER;
  }
  const quantity = amount(duration.quantity, {
    max: Math.floor(DURATION_MAX_DAYS / DURATION_UNIT_DAYS[time]),
    integer: true,
    message: POSITIVE_DURATION_MESSAGE,
    maxMessage: DURATION_MAX_MESSAGE,
  });
  if ('value' in quantity) return { time, quantity: quantity.value };
  ctx.issues.push({ code: 'custom', message: quantity.problem, input: raw, path: ['quantity'] });
  return z.NEVER;
});

/** A tool as read: its daily capsules are always known (given, or the sum of its moments). */
export interface ToolInput extends PrescriptionToolInputDto {
  dailyCapsules: number;
}

/** One tool's indications, each problem at its field, in the order the builder shows them (it checks with it). */
export const toolSchema = z
  .unknown()
  .refine((value) => asObject(value) !== undefined, { error: TOOL_OBJECT_MESSAGE, abort: true })
  .pipe(
    z.object({
      productId: readField((raw): Read<number> => {
        const id = positiveId(raw);
        return id === undefined ? { problem: TOOL_PRODUCT_MESSAGE } : { value: id };
      }),
      momentsDay: momentsSchema,
      prescriptionDuration: durationSchema,
      prescriptionIndications: notesField(INDICATIONS_MAX_LENGTH),
      units: readField((raw) =>
        amount(raw, {
          max: TOOL_MAX_UNITS,
          integer: true,
          message: POSITIVE_UNITS_MESSAGE,
          maxMessage: UNITS_MAX_MESSAGE,
        }),
      ),
      // Not given (null, blank): the sum of the moments' quantities.
      dailyCapsules: readField((raw): Read<number | null> =>
        isMissing(raw) || raw === ''
          ? { value: null }
          : amount(raw, {
              max: TOOL_MAX_DAILY_CAPSULES,
              integer: false,
              message: POSITIVE_DAILY_CAPSULES_MESSAGE,
              maxMessage: DAILY_CAPSULES_MAX_MESSAGE,
            }),
      ),
    }),
  )
  // In the order the hand-written reader gave (a prescription's Idempotency-Key digest is of its JSON).
  .transform((tool): ToolInput => ({
    productId: tool.productId,
    momentsDay: tool.momentsDay,
    prescriptionDuration: tool.prescriptionDuration,
    prescriptionIndications: tool.prescriptionIndications,
    dailyCapsules: tool.dailyCapsules ?? tool.momentsDay.reduce((sum, moment) => sum + moment.quantity, 0),
    units: tool.units,
  }));

/**
 * The tools of a prescription or template: one to `PRESCRIPTION_MAX_TOOLS`, each checked apart (every tool's problems
 * in one answer, at `tools.<index>.…`); a product given twice is refused (its indications would conflict).
 */
export const toolsSchema = z.transform((raw: unknown, ctx): ToolInput[] => {
  if (!Array.isArray(raw) || raw.length === 0 || raw.length > PRESCRIPTION_MAX_TOOLS) {
    const message = Array.isArray(raw) && raw.length > 0 ? TOO_MANY_TOOLS_MESSAGE : NO_TOOLS_MESSAGE;
    ctx.issues.push({ code: 'custom', message, input: raw });
    return z.NEVER;
  }
  const tools: ToolInput[] = [];
  let refused = false;
  raw.forEach((entry: unknown, index) => {
    const parsed = toolSchema.safeParse(entry);
    if (!parsed.success) {
      refused = true;
      for (const issue of parsed.error.issues) {
        ctx.issues.push({ code: 'custom', message: issue.message, input: entry, path: [index, ...issue.path] });
      }
    } else if (tools.some((tool) => tool.productId === parsed.data.productId)) {
      refused = true;
      ctx.issues.push({ code: 'custom', message: REPEATED_PRODUCT_MESSAGE, input: entry, path: [index, 'productId'] });
    } else {
      tools.push(parsed.data);
    }
  });
  return refused ? z.NEVER : tools;
});

/** An optional id: null or missing is none; anything but a stored id is refused with `message`. */
const optionalId = (message: string) =>
  readField((raw): Read<number | null> => {
    if (isMissing(raw)) return { value: null };
    const id = positiveId(raw);
    return id === undefined ? { problem: message } : { value: id };
  });

/**
 * `POST /prescriptions`. The patient by id, or by the key of its creation when it was created offline (`patientRef`);
 * `type`, when given, is checked against the author's by the server (it depends on who asks).
 */
export const createPrescriptionSchema = z
  .object({
    patientId: z.unknown().optional(),
    patientRef: z.unknown().optional(),
    type: readField((raw): Read<PrescriptionType | undefined> => {
      if (isMissing(raw)) return { value: undefined };
      const type = PRESCRIPTION_TYPES.find((candidate) => candidate === raw);
      return type === undefined ? { problem: INVALID_VALUE_MESSAGE } : { value: type };
    }),
    tools: toolsSchema,
    notes: notesField(PRESCRIPTION_NOTES_MAX_LENGTH),
    templateId: optionalId(TEMPLATE_CHOICE_MESSAGE),
  })
  // The patient, once the fields are valid (it needs both keys): an id, or else a creation's key.
  .transform(({ patientId: rawId, patientRef: rawRef, ...rest }, ctx) => {
    const patientId = positiveId(rawId);
    if (patientId !== undefined) return { ...rest, patientId, patientRef: null };
    if (typeof rawRef === 'string' && PATIENT_REF_PATTERN.test(rawRef)) {
      return { ...rest, patientId: null, patientRef: rawRef };
    }
    ctx.issues.push({ code: 'custom', message: PATIENT_CHOICE_MESSAGE, input: rawId, path: ['patientId'] });
    return z.NEVER;
  });

/** A template's name: also what the builder's "Guardar plantilla" form checks before sending. */
export const templateNameSchema = requiredText(TEMPLATE_NAME_MAX_LENGTH);

/**
 * `POST /prescription-templates`: a name and either one of the viewer's prescriptions (`prescriptionId`: its tools
 * and notes are copied) or `tools` (the other one is null); `notes`, when given, replace the prescription's. Which
 * one was sent is judged once the fields are valid.
 */
export const createTemplateSchema = z
  .object({
    name: templateNameSchema,
    notes: notesField(PRESCRIPTION_NOTES_MAX_LENGTH).optional(),
    prescriptionId: optionalId(PRESCRIPTION_CHOICE_MESSAGE),
    tools: toolsSchema.optional(),
  })
  .transform(({ prescriptionId = null, tools, ...rest }, ctx) => {
    if (prescriptionId === null) {
      if (tools) return { ...rest, prescriptionId: null, tools };
      ctx.issues.push({ code: 'custom', message: NO_TOOLS_MESSAGE, input: tools, path: ['tools'] });
      return z.NEVER;
    }
    if (tools === undefined) return { ...rest, prescriptionId, tools: null };
    ctx.issues.push({ code: 'custom', message: TEMPLATE_SOURCE_MESSAGE, input: tools, path: ['tools'] });
    return z.NEVER;
  });
