import {
  hasControlCharacters,
  INVALID_QUERY_MESSAGE,
  queryControlCharactersMessage,
  queryIntegerMessage,
  queryMaxLengthMessage,
  queryOneOfMessage,
} from '../../../src/lib/shared/field-schemas';
import { MAX_INT4 } from '../db/schema';
import { badRequest } from './errors';

export { hasControlCharacters };

/**
 * Routes not yet on a shared query schema (`query:` of their options, with the same messages from
 * `src/lib/shared/field-schemas.ts`) read their query through this.
 *
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
      this.errors.push(queryIntegerMessage(name, min, max));
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
    if (match === undefined) this.errors.push(queryOneOfMessage(name, allowed));
    return match;
  }

  text(name: string, maxLength: number): string | undefined {
    const raw = this.query[name]?.trim();
    if (raw === undefined || raw === '') return undefined;
    if (raw.length > maxLength) {
      this.errors.push(queryMaxLengthMessage(name, maxLength));
      return undefined;
    }
    if (hasControlCharacters(raw)) {
      this.errors.push(queryControlCharactersMessage(name));
      return undefined;
    }
    return raw;
  }

  /** Throws one 400 with every collected problem. */
  assertValid(): void {
    if (this.errors.length > 0) throw badRequest(INVALID_QUERY_MESSAGE, this.errors);
  }
}
