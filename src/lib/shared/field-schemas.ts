// The building blocks of the request schemas (issue #20): how a form's field is read, with the Spanish messages the
// server has always answered. A request's schema lives next to its contract in `src/lib/shared/*-schemas.ts`; the
// server validates bodies and queries with it (`server/src/http/validated.ts`) and the admin's forms check with it.
import { INT4_MAX } from './integers';
import { z } from './zod';

export const REQUIRED_FIELD_MESSAGE = 'Campo obligatorio';
export const INVALID_VALUE_MESSAGE = 'Valor no válido.';
export const CONTROL_CHARACTERS_MESSAGE = 'Contiene caracteres no válidos.';
export const maxLengthMessage = (maxLength: number) => `Máximo ${maxLength} caracteres.`;
/** The `message` of a refused body; the fields' own messages are in `fieldErrors` (and `errors`). */
export const INVALID_FORM_MESSAGE = 'Revisa los datos del formulario.';
/** The `message` of a refused query string. */
export const INVALID_QUERY_MESSAGE = 'Los parámetros de la consulta no son válidos.';

const DELETE_CHARACTER_CODE = 127;
const FIRST_PRINTABLE_CODE = 32;

/** PostgreSQL text cannot hold NUL, and no legitimate input contains control characters. */
export function hasControlCharacters(value: string): boolean {
  for (let index = 0; index < value.length; index += 1) {
    const code = value.charCodeAt(index);
    if (code < FIRST_PRINTABLE_CODE || code === DELETE_CHARACTER_CODE) return true;
  }
  return false;
}

/** Missing and null are "not given": a required field says so, whatever its type. */
export const isMissing = (value: unknown): value is null | undefined => value === undefined || value === null;

/** The message of a wrong value, or "Campo obligatorio" when there is none. */
export const orRequired =
  (message: string) =>
  (issue: { input?: unknown }): string =>
    isMissing(issue.input) ? REQUIRED_FIELD_MESSAGE : message;

/** A text field as a form sends it: a string (or a number typed in it) trimmed; blank, null or missing is not given. */
export function givenText(raw: unknown): unknown {
  if (isMissing(raw)) return undefined;
  const text = typeof raw === 'number' ? String(raw) : raw;
  if (typeof text !== 'string') return text;
  const value = text.trim();
  return value === '' ? undefined : value;
}

/** The checks of a given text (after `givenText`); more checks (a pattern) may follow. */
export const textValue = (maxLength: number) =>
  z
    .string({ error: orRequired(INVALID_VALUE_MESSAGE) })
    .max(maxLength, { error: maxLengthMessage(maxLength) })
    .refine((value) => !hasControlCharacters(value), { error: CONTROL_CHARACTERS_MESSAGE });

/** A trimmed text of at most `maxLength` characters; blank is "Campo obligatorio". */
export const requiredText = (maxLength: number) => z.preprocess(givenText, textValue(maxLength));

/** A trimmed text of at most `maxLength` characters, or undefined when blank or missing. */
export const optionalText = (maxLength: number) => z.preprocess(givenText, textValue(maxLength).optional());

/**
 * A whole JSON number within [min, max] (int4 unless said otherwise), with one message for anything else; missing or
 * null is "Campo obligatorio" unless `missing` says otherwise.
 */
export const integerField = (message: string, min = 1, max = INT4_MAX, missing = REQUIRED_FIELD_MESSAGE) =>
  z
    .number({ error: (issue) => (isMissing(issue.input) ? missing : message) })
    .int({ error: message })
    .min(min, { error: message })
    .max(max, { error: message });

/** A yes/no flag: `true` is yes; false, null and missing are no. Anything else is refused. */
export const flag = z
  .boolean({ error: INVALID_VALUE_MESSAGE })
  .nullish()
  .transform((value) => value === true);

/**
 * A group of values a form shows as one field (a country's price, a presentation): its first problem is reported at
 * the group's own path (`prices.co`), where the form shows it, rather than at the inner value's.
 */
export function asOneField<T extends z.ZodType>(schema: T) {
  // Through `preprocess`: a bare `z.unknown()` is optional to zod, which would not run the group for a missing key.
  return z
    .preprocess((value) => value, z.unknown())
    .transform((value, ctx) => {
      const parsed = schema.safeParse(value);
      if (parsed.success) return parsed.data;
      ctx.issues.push({
        code: 'custom',
        message: parsed.error.issues[0]?.message ?? INVALID_VALUE_MESSAGE,
        input: value,
      });
      return z.NEVER;
    });
}

// Query strings: every value is text; an empty one is not given; a repeated one counts once (its first value).

const firstValue = (raw: unknown) => {
  const value = Array.isArray(raw) ? (raw[0] as unknown) : raw;
  return value === '' ? undefined : value;
};

export const queryIntegerMessage = (name: string, min: number, max: number) =>
  `El parámetro "${name}" debe ser un número entero entre ${min} y ${max}.`;
export const queryOneOfMessage = (name: string, allowed: readonly string[]) =>
  `El parámetro "${name}" debe ser uno de: ${allowed.join(', ')}.`;
export const queryMaxLengthMessage = (name: string, maxLength: number) =>
  `El parámetro "${name}" admite como máximo ${maxLength} caracteres.`;
export const queryControlCharactersMessage = (name: string) => `El parámetro "${name}" contiene caracteres no válidos.`;

/** A query parameter read by `read` (undefined: not valid), with one message for what it refuses. */
function queryParam<T>(message: string, read: (raw: string) => T | undefined) {
  return z.preprocess(firstValue, z.string({ error: message }).optional()).transform((raw, ctx) => {
    if (raw === undefined) return undefined;
    const value = read(raw);
    if (value !== undefined) return value;
    ctx.issues.push({ code: 'custom', message, input: raw });
    return z.NEVER;
  });
}

/** `?page=2`: a whole number within [min, max] (int4 unless said otherwise). */
export function queryInteger(name: string, { min = -INT4_MAX, max = INT4_MAX }: { min?: number; max?: number } = {}) {
  return queryParam(queryIntegerMessage(name, min, max), (raw) => {
    const value = Number(raw);
    return /^-?\d+$/.test(raw.trim()) && Number.isSafeInteger(value) && value >= min && value <= max
      ? value
      : undefined;
  });
}

/** `?status=pending`: one of the listed values (`ASC` for `asc` when told so). */
export function queryOneOf<const T extends string>(
  name: string,
  allowed: readonly T[],
  { caseInsensitive = false }: { caseInsensitive?: boolean } = {},
) {
  return queryParam(queryOneOfMessage(name, allowed), (raw) => {
    const candidate = caseInsensitive ? raw.toLowerCase() : raw;
    return allowed.find((value) => value === candidate);
  });
}

const queryBooleanMessage = (name: string) => `El parámetro "${name}" debe ser true o false.`;
const QUERY_BOOLEANS: ReadonlyMap<string, boolean> = new Map([
  ['true', true],
  ['1', true],
  ['false', false],
  ['0', false],
]);

/** `?featured=true`: true or 1, false or 0. */
export const queryBoolean = (name: string) => queryParam(queryBooleanMessage(name), (raw) => QUERY_BOOLEANS.get(raw));

/** `?page=&limit=` of a list: page 1 and `defaultLimit` unless asked, `limit` at most `maxLimit`. */
export const pagingQuery = (defaultLimit: number, maxLimit: number) => ({
  page: queryInteger('page', { min: 1 }).transform((page) => page ?? 1),
  limit: queryInteger('limit', { min: 1, max: maxLimit }).transform((limit) => limit ?? defaultLimit),
});

/** `?country_id=`: a country's id; whether the store has it is the route's to say (it needs the database). */
export const countryIdQuery = queryInteger('country_id', { min: 1 });

/** `?search=…`: trimmed text of at most `maxLength` characters, without control characters; blank is not given. */
export function queryText(name: string, maxLength: number) {
  return z.preprocess(firstValue, z.string({ error: INVALID_VALUE_MESSAGE }).optional()).transform((raw, ctx) => {
    const value = raw?.trim();
    if (!value) return undefined;
    const message =
      value.length > maxLength
        ? queryMaxLengthMessage(name, maxLength)
        : hasControlCharacters(value)
          ? queryControlCharactersMessage(name)
          : undefined;
    if (message === undefined) return value;
    ctx.issues.push({ code: 'custom', message, input: raw });
    return z.NEVER;
  });
}
