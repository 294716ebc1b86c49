import { MAX_INT4 } from '../db/schema';
import { badRequest } from './errors';

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

/**
 * Collects every problem of a query string before answering, so the client gets the whole list in one 400
 * rather than one error per attempt.
 */
export class QueryReader {
  readonly errors: string[] = [];

  constructor(private readonly query: Record<string, string | undefined>) {}

  integer(name: string, bounds: { min?: number; max?: number } = {}): number | undefined {
    const raw = this.query[name];
    if (raw === undefined || raw === '') return undefined;
    const value = Number(raw);
    const { min = -MAX_INT4, max = MAX_INT4 } = bounds;
    if (!/^-?\d+$/.test(raw.trim()) || !Number.isSafeInteger(value) || value < min || value > max) {
      this.errors.push(`El parámetro "${name}" debe ser un número entero entre ${min} y ${max}.`);
      return undefined;
    }
    return value;
  }

  boolean(name: string): boolean | undefined {
    const raw = this.query[name];
    if (raw === undefined || raw === '') return undefined;
    if (raw === 'true' || raw === '1') return true;
    if (raw === 'false' || raw === '0') return false;
    this.errors.push(`El parámetro "${name}" debe ser true o false.`);
    return undefined;
  }

  oneOf<const T extends string>(name: string, allowed: readonly T[], options: { caseInsensitive?: boolean } = {}) {
    const raw = this.query[name];
    if (raw === undefined || raw === '') return undefined;
    const candidate = options.caseInsensitive ? raw.toLowerCase() : raw;
    const match = allowed.find((value) => value === candidate);
    if (match === undefined) this.errors.push(`El parámetro "${name}" debe ser uno de: ${allowed.join(', ')}.`);
    return match;
  }

  text(name: string, maxLength: number): string | undefined {
    const raw = this.query[name]?.trim();
    if (raw === undefined || raw === '') return undefined;
    if (raw.length > maxLength) {
      this.errors.push(`El parámetro "${name}" admite como máximo ${maxLength} caracteres.`);
      return undefined;
    }
    if (hasControlCharacters(raw)) {
      this.errors.push(`El parámetro "${name}" contiene caracteres no válidos.`);
      return undefined;
    }
    return raw;
  }

  /** Throws one 400 with every collected problem. */
  assertValid(): void {
    if (this.errors.length > 0) throw badRequest('Los parámetros de la consulta no son válidos.', this.errors);
  }
}
