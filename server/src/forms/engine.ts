import type { FormErrorDto, FormFieldDto, FormSchemaDto } from '../../../src/lib/shared/accounts';
import { isCalendarDate } from '../../../src/lib/shared/calendar-date';
import { EMAIL_PATTERN } from '../../../src/lib/shared/email';
import { hasControlCharacters } from '../../../src/lib/shared/field-schemas';
import { normalizeDocument, normalizeEmail } from '../users/repo';
import { CUSTOM_CHECKS, type CustomCheckName } from './definitions';

type CleanValue = string | number | boolean | undefined;
export type CleanValues = Record<string, CleanValue>;

interface ValidationResult {
  errors: FormErrorDto[];
  /** Values after trimming and normalising (e-mail in lower case, document without separators...). */
  values: CleanValues;
}

/** Runs a named server-side check; true when the value passes. */
export type CustomChecker = (name: CustomCheckName, value: CleanValue, values: CleanValues) => Promise<boolean>;

const MAX_VALUE_LENGTH = 5000;
const TIME_SHAPE = /^([01]\d|2[0-3]):[0-5]\d(:[0-5]\d)?$/;
const DATETIME_SHAPE = /^(\d{4}-\d{2}-\d{2})T(([01]\d|2[0-3]):[0-5]\d(:[0-5]\d)?)$/;
const INVALID_VALUE = 'Valor no válido.';

/** Field-specific clean-up done before the rules, so `52.345.671` passes the document pattern as `52345671`. */
const NORMALIZERS: Record<string, (value: string) => string> = {
  email: normalizeEmail,
  document_number: normalizeDocument,
  phone_number: (value) => value.replace(/[\s\-().]/g, ''),
};

function isCustomCheck(value: unknown): value is CustomCheckName {
  return typeof value === 'string' && (CUSTOM_CHECKS as readonly string[]).includes(value);
}

type Coerced = { value: CleanValue } | { error: string };

function coerce(field: FormFieldDto, raw: unknown): Coerced {
  if (raw === undefined || raw === null) {
    if (field.type === 'hidden' && typeof field.defaultValue === 'string') return { value: field.defaultValue };
    return { value: undefined };
  }
  if (field.type === 'checkbox') {
    if (raw === true || raw === 'true' || raw === 'on' || raw === '1' || raw === 1) return { value: true };
    if (raw === false || raw === 'false' || raw === '' || raw === '0' || raw === 0) return { value: false };
    return { error: INVALID_VALUE };
  }
  if (field.type === 'number') {
    if (raw === '') return { value: undefined };
    const number = typeof raw === 'number' ? raw : typeof raw === 'string' ? Number(raw.trim()) : Number.NaN;
    if (!Number.isFinite(number) || (typeof raw === 'string' && raw.trim() === '')) {
      return { error: 'Escribe un número válido.' };
    }
    return { value: number };
  }
  if (typeof raw !== 'string' && typeof raw !== 'number') return { error: INVALID_VALUE };
  let value = String(raw);
  if (value.length > MAX_VALUE_LENGTH) return { error: 'El valor es demasiado largo.' };
  const multiline = field.type === 'textarea' ? value.replace(/[\r\n\t]/g, ' ') : value;
  if (hasControlCharacters(multiline)) return { error: 'Contiene caracteres no válidos.' };
  if (field.type !== 'password') value = value.trim();
  if (value === '') return { value: undefined };
  const normalize = NORMALIZERS[field.name];
  if (normalize) value = normalize(value);
  switch (field.type) {
    case 'date':
      if (!isCalendarDate(value)) return { error: 'Escribe una fecha válida (AAAA-MM-DD).' };
      break;
    case 'time':
      if (!TIME_SHAPE.test(value)) return { error: 'Escribe una hora válida (HH:MM).' };
      break;
    case 'datetime-local': {
      const match = DATETIME_SHAPE.exec(value);
      if (!match?.[1] || !isCalendarDate(match[1])) return { error: 'Escribe una fecha y hora válidas.' };
      break;
    }
    case 'select':
    case 'radio':
      if (!field.options?.some((option) => option.value === value)) return { error: 'Selecciona una opción válida.' };
      break;
    default:
      break;
  }
  return { value };
}

function isEmpty(field: FormFieldDto, value: CleanValue): boolean {
  return value === undefined || (field.type === 'checkbox' && value === false);
}

function compare(a: string | number, b: string | number): number {
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  return String(a) < String(b) ? -1 : String(a) > String(b) ? 1 : 0;
}

async function firstProblem(
  field: FormFieldDto,
  value: CleanValue,
  values: CleanValues,
  checkCustom: CustomChecker,
): Promise<string | undefined> {
  for (const rule of field.rules) {
    if (rule.kind === 'required') {
      if (isEmpty(field, value)) return rule.message;
      continue;
    }
    if (isEmpty(field, value) || value === undefined || typeof value === 'boolean') continue;
    const length = typeof value === 'string' ? [...value].length : String(value).length;
    switch (rule.kind) {
      case 'email':
        if (typeof value !== 'string' || !EMAIL_PATTERN.test(value)) return rule.message;
        break;
      case 'minLength':
        if (length < Number(rule.value)) return rule.message;
        break;
      case 'maxLength':
        if (length > Number(rule.value)) return rule.message;
        break;
      case 'pattern':
        if (!new RegExp(String(rule.value), 'u').test(String(value))) return rule.message;
        break;
      case 'min':
      case 'max': {
        const bound = typeof value === 'number' ? Number(rule.value) : String(rule.value);
        const order = compare(value, bound);
        if ((rule.kind === 'min' && order < 0) || (rule.kind === 'max' && order > 0)) return rule.message;
        break;
      }
      case 'equalTo':
        if (value !== values[String(rule.value)]) return rule.message;
        break;
      case 'custom':
        if (!isCustomCheck(rule.value)) throw new Error(`Regla personalizada desconocida: ${String(rule.value)}`);
        if (!(await checkCustom(rule.value, value, values))) return rule.message;
        break;
    }
  }
  return undefined;
}

/**
 * Validates values against a form schema: the same code answers `/forms/{id}/validate` and guards registration and
 * dynamic login. One error per field (its first failing rule), in the order of the form. Unknown keys are ignored,
 * file fields too (files go through `POST /credentials`).
 */
export async function validateForm(
  schema: FormSchemaDto,
  raw: unknown,
  checkCustom: CustomChecker,
): Promise<ValidationResult> {
  const input = typeof raw === 'object' && raw !== null && !Array.isArray(raw) ? (raw as Record<string, unknown>) : {};
  const values: CleanValues = {};
  const typeErrors = new Map<string, string>();
  for (const field of schema.fields) {
    if (field.type === 'file') continue;
    const coerced = coerce(field, Object.hasOwn(input, field.name) ? input[field.name] : undefined);
    if ('error' in coerced) typeErrors.set(field.name, coerced.error);
    else values[field.name] = coerced.value;
  }
  const errors: FormErrorDto[] = [];
  for (const field of schema.fields) {
    if (field.type === 'file') continue;
    const message = typeErrors.get(field.name) ?? (await firstProblem(field, values[field.name], values, checkCustom));
    if (message !== undefined) errors.push({ field: field.name, message });
  }
  return { errors, values };
}
