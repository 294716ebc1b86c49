import {
  DURATION_MAX_DAYS,
  DURATION_UNIT_DAYS,
  DURATION_UNITS,
  INDICATIONS_MAX_LENGTH,
  MOMENT_MAX_QUANTITY,
  MOMENTS,
  PRESCRIPTION_MAX_TOOLS,
  TOOL_MAX_DAILY_CAPSULES,
  TOOL_MAX_UNITS,
  type DurationUnit,
  type MomentId,
  type MomentInputDto,
  type PrescriptionToolInputDto,
} from '../../../src/lib/shared/prescriptions';
import { positiveId } from '../gamification/input';
import { FieldProblems } from '../http/body';

export const NO_TOOLS_MESSAGE = 'Agrega al menos una herramienta.';
export const TOO_MANY_TOOLS_MESSAGE = `Puedes indicar como máximo ${PRESCRIPTION_MAX_TOOLS} herramientas.`;
export const POSITIVE_QUANTITY_MESSAGE = 'La cantidad debe ser mayor que 0.';
export const POSITIVE_DURATION_MESSAGE = 'La duración debe ser un número entero mayor que 0.';
export const POSITIVE_UNITS_MESSAGE = 'Las unidades deben ser un número entero mayor que 0.';
const DECIMALS_MESSAGE = 'Usa como máximo dos decimales.';
/** Quantities are given in hundredths at the finest: half a tablet, a quarter of a dropper. */
const HUNDREDTHS = 100;
/** Binary floats make 0.29 × 100 = 28.999999999999996. */
const ROUNDING_TOLERANCE = 1e-9;
/** Control characters other than tab, line feed and carriage return: notes keep their lines, nothing else. */
// eslint-disable-next-line no-control-regex -- finding control characters is the point.
const UNPRINTABLE = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

/** A tool as read: its daily capsules are always known (given, or the sum of its moments). */
export interface ToolInput extends PrescriptionToolInputDto {
  dailyCapsules: number;
}

const MOMENT_IDS = new Set<number>(MOMENTS.map((moment) => moment.id));

/**
 * Field problems with readable labels for paths such as `tools[2].momentsDay[0].quantity`: the labels object is
 * filled as the tools are read, so each `errors` line names the tool and the field.
 */
export class ToolProblems extends FieldProblems {
  constructor(private readonly labelsByField: Record<string, string> = {}) {
    super(labelsByField);
  }

  label(field: string, label: string): string {
    this.labelsByField[field] = label;
    return field;
  }

  /** The 400's message is the first problem as a sentence (`Herramienta 2 · Unidades: …`) unless told otherwise. */
  override assertNone(message?: string): void {
    const first = this.fieldErrors[0];
    super.assertNone(message ?? (first && `${this.labelsByField[first.field] ?? first.field}: ${first.message}`));
  }
}

function numberOf(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
  if (typeof value === 'string' && /^-?\d+(\.\d+)?$/.test(value.trim())) return Number(value);
  return undefined;
}

/** A positive number up to `max` with at most two decimals; records the problem under `field` otherwise. */
function positiveAmount(
  problems: ToolProblems,
  raw: unknown,
  field: string,
  bounds: { max: number; integer: boolean; message: string; maxMessage: string },
): number | undefined {
  const value = numberOf(raw);
  if (value === undefined || value <= 0 || (bounds.integer && !Number.isInteger(value))) {
    problems.add(field, bounds.message);
    return undefined;
  }
  if (Math.abs(value * HUNDREDTHS - Math.round(value * HUNDREDTHS)) > ROUNDING_TOLERANCE) {
    problems.add(field, DECIMALS_MESSAGE);
    return undefined;
  }
  if (value > bounds.max) {
    problems.add(field, bounds.maxMessage);
    return undefined;
  }
  return value;
}

/** Free text of several lines (notes, indications); empty when absent. */
export function readNotes(problems: FieldProblems, raw: unknown, field: string, maxLength: number): string {
  if (raw === undefined || raw === null) return '';
  if (typeof raw !== 'string') {
    problems.add(field, 'Escribe las notas como texto.');
    return '';
  }
  const text = raw.trim();
  if (text.length > maxLength) problems.add(field, `Máximo ${maxLength} caracteres.`);
  else if (UNPRINTABLE.test(text)) problems.add(field, 'Contiene caracteres no válidos.');
  return text;
}

function asObject(value: unknown): Record<string, unknown> | undefined {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : undefined;
}

function readMoments(problems: ToolProblems, raw: unknown, path: string, tool: string): MomentInputDto[] {
  const field = problems.label(`${path}.momentsDay`, `${tool} · Momentos del día`);
  if (!Array.isArray(raw) || raw.length === 0) {
    problems.add(field, 'Elige al menos un momento del día.');
    return [];
  }
  const moments: MomentInputDto[] = [];
  raw.forEach((entry: unknown, index) => {
    const item = asObject(entry);
    const id = numberOf(item?.id);
    const momentField = problems.label(`${path}.momentsDay[${index}]`, `${tool} · Momento ${index + 1}`);
    if (id === undefined || !MOMENT_IDS.has(id)) {
      problems.add(momentField, 'Elige un momento del día de la lista.');
      return;
    }
    if (moments.some((moment) => moment.id === id)) {
      problems.add(momentField, 'Cada momento del día puede indicarse una sola vez.');
      return;
    }
    const label = MOMENTS.find((moment) => moment.id === id)?.label ?? '';
    const quantity = positiveAmount(
      problems,
      item?.quantity,
      problems.label(`${path}.momentsDay[${index}].quantity`, `${tool} · Cantidad (${label})`),
      {
        max: MOMENT_MAX_QUANTITY,
        integer: false,
        message: POSITIVE_QUANTITY_MESSAGE,
        maxMessage: `La cantidad máxima por toma es ${MOMENT_MAX_QUANTITY}.`,
      },
    );
    if (quantity !== undefined) moments.push({ id: id as MomentId, quantity });
  });
  return moments;
}

function readDuration(problems: ToolProblems, raw: unknown, path: string, tool: string) {
  const field = problems.label(`${path}.prescriptionDuration`, `${tool} · Duración`);
  const duration = asObject(raw);
  if (!duration) {
    problems.add(field, 'Indica la duración del tratamiento.');
    return undefined;
  }
  const time = DURATION_UNITS.find((unit) => unit === duration.time);
  if (!time) {
    problems.add(
      problems.label(`${path}.prescriptionDuration.time`, `${tool} · Unidad de duración`),
      'La duración se indica en días, semanas o meses.',
    );
    return undefined;
  }
  const quantity = positiveAmount(
    problems,
    duration.quantity,
    problems.label(`${path}.prescriptionDuration.quantity`, `${tool} · Duración`),
    {
      max: Math.floor(DURATION_MAX_DAYS / DURATION_UNIT_DAYS[time]),
      integer: true,
      message: POSITIVE_DURATION_MESSAGE,
      maxMessage: `La duración máxima es de ${DURATION_MAX_DAYS} días.`,
    },
  );
  return quantity === undefined ? undefined : { time: time as DurationUnit, quantity };
}

function readTool(problems: ToolProblems, raw: unknown, index: number): ToolInput | undefined {
  const path = `tools[${index}]`;
  const tool = `Herramienta ${index + 1}`;
  const body = asObject(raw);
  if (!body) {
    problems.add(problems.label(path, tool), 'Cada herramienta debe ser un objeto con sus indicaciones.');
    return undefined;
  }
  const productId = positiveId(body.productId);
  if (productId === undefined) {
    problems.add(problems.label(`${path}.productId`, `${tool} · Producto`), 'Elige un producto válido.');
  }
  const momentsDay = readMoments(problems, body.momentsDay, path, tool);
  const prescriptionDuration = readDuration(problems, body.prescriptionDuration, path, tool);
  const prescriptionIndications = readNotes(
    problems,
    body.prescriptionIndications,
    problems.label(`${path}.prescriptionIndications`, `${tool} · Notas`),
    INDICATIONS_MAX_LENGTH,
  );
  const units = positiveAmount(problems, body.units, problems.label(`${path}.units`, `${tool} · Unidades`), {
    max: TOOL_MAX_UNITS,
    integer: true,
    message: POSITIVE_UNITS_MESSAGE,
    maxMessage: `Puedes indicar como máximo ${TOOL_MAX_UNITS} unidades.`,
  });
  const dailyCapsules =
    body.dailyCapsules === undefined || body.dailyCapsules === null || body.dailyCapsules === ''
      ? momentsDay.reduce((sum, moment) => sum + moment.quantity, 0)
      : positiveAmount(
          problems,
          body.dailyCapsules,
          problems.label(`${path}.dailyCapsules`, `${tool} · Cápsulas diarias`),
          {
            max: TOOL_MAX_DAILY_CAPSULES,
            integer: false,
            message: 'Las cápsulas diarias deben ser mayores que 0.',
            maxMessage: `Puedes indicar como máximo ${TOOL_MAX_DAILY_CAPSULES} cápsulas diarias.`,
          },
        );
  if (productId === undefined || !prescriptionDuration || units === undefined || dailyCapsules === undefined) {
    return undefined;
  }
  return { productId, momentsDay, prescriptionDuration, prescriptionIndications, dailyCapsules, units };
}

/**
 * The tools of a prescription or template body: each with at least one time of day, positive quantities, a duration
 * and units. A product given twice is refused (its indications would conflict). Problems are recorded, not thrown.
 */
export function readTools(problems: ToolProblems, raw: unknown): ToolInput[] {
  const field = problems.label('tools', 'Herramientas');
  if (!Array.isArray(raw) || raw.length === 0) {
    problems.add(field, NO_TOOLS_MESSAGE);
    return [];
  }
  if (raw.length > PRESCRIPTION_MAX_TOOLS) {
    problems.add(field, TOO_MANY_TOOLS_MESSAGE);
    return [];
  }
  const tools: ToolInput[] = [];
  raw.forEach((entry: unknown, index) => {
    const tool = readTool(problems, entry, index);
    if (!tool) return;
    if (tools.some((other) => other.productId === tool.productId)) {
      problems.add(`tools[${index}].productId`, 'Este producto ya está en la lista: indícalo una sola vez.');
      return;
    }
    tools.push(tool);
  });
  return tools;
}

/** Days the longest tool lasts: when the treatment ends. */
export function treatmentDays(tools: readonly Pick<PrescriptionToolInputDto, 'prescriptionDuration'>[]): number {
  return Math.max(
    0,
    ...tools.map((tool) => tool.prescriptionDuration.quantity * DURATION_UNIT_DAYS[tool.prescriptionDuration.time]),
  );
}
