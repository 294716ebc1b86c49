import { createHash } from 'node:crypto';
import { positiveId } from '../../../src/lib/shared/integers';
import { pathParam } from '../http/auth';
import type { AppContext } from '../http/app-env';
import { Refusal, notFound } from '../refusal';

export const IDEMPOTENCY_KEY_MESSAGE =
  'La cabecera Idempotency-Key no es válida: usa de 1 a 200 caracteres visibles, por ejemplo un UUID.';

const IDEMPOTENCY_KEY_PATTERN = /^[\x21-\x7e]{1,200}$/;

/** The client's Idempotency-Key, if it sent one, and the digest of what it asked. */
export interface IdempotentRequest {
  key: string | undefined;
  hash: string;
}

// The points schemas (`points-schemas.ts`) read ids the same way; the routes that import it from here keep doing so.
export { positiveId };

/**
 * The request's Idempotency-Key, if it sent one, and a digest of what it asks (`operation` and the parsed body), so a
 * key reused for another request is told apart from a retry.
 */
export function idempotentRequest(c: AppContext, operation: string, payload: unknown): IdempotentRequest {
  const key = c.req.header('idempotency-key')?.trim();
  if (key !== undefined && !IDEMPOTENCY_KEY_PATTERN.test(key)) throw new Refusal(400, IDEMPOTENCY_KEY_MESSAGE);
  return {
    key,
    hash: createHash('sha256')
      .update(JSON.stringify([operation, payload]))
      .digest('hex'),
  };
}

/** A numeric id of the path; ids that cannot exist are a 404 like unknown ones. */
export function pathId(c: AppContext, name: string, notFoundMessage: string): number {
  const id = positiveId(pathParam(c, name));
  if (id === undefined) throw notFound(notFoundMessage);
  return id;
}
