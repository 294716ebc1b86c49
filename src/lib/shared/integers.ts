import { z } from './zod';

// Integer fields of the API, checked against what their PostgreSQL columns hold: `integer` is 32-bit, and a number
// such as 1e308 is an integer for JavaScript but makes the database refuse the whole statement (a 500). Shared so
// the server and any form check the same ranges.

/** Largest PostgreSQL `integer` (int4). */
export const INT4_MAX = 2_147_483_647;

const INTEGER_MESSAGE = 'Debe ser un número entero.';
const rangeMessage = (min: number, max: number) => `Debe ser un número entero entre ${min} y ${max}.`;

/** A JSON number that is a whole number within [min, max] (both within int4 unless given otherwise). */
export function integerSchema(min = 0, max = INT4_MAX) {
  const message = rangeMessage(min, max);
  return z
    .number({ error: INTEGER_MESSAGE })
    .int({ error: message })
    .min(min, { error: message })
    .max(max, { error: message });
}

/** True when `value` is a whole JSON number within [min, max]. */
export function isIntegerIn(value: unknown, min = 0, max = INT4_MAX): value is number {
  return integerSchema(min, max).safeParse(value).success;
}

/** A stored id (int4, ≥ 1) given as a JSON number or a string of digits (a path, a form); anything else is undefined. */
export function positiveId(value: unknown): number | undefined {
  const id =
    typeof value === 'number' ? value : typeof value === 'string' && /^\d{1,10}$/.test(value) ? Number(value) : NaN;
  return Number.isSafeInteger(id) && id >= 1 && id <= INT4_MAX ? id : undefined;
}
