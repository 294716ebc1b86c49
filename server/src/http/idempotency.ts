import { createHash } from 'node:crypto';
import type { MiddlewareHandler } from 'hono';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { isUniqueViolation } from '../users/repo';
import type { AppEnv } from './auth';
import { HttpError } from './errors';

export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key';
export const REPLAYED_HEADER = 'idempotent-replayed';
export const IDEMPOTENCY_KEY_FORMAT_MESSAGE =
  'El encabezado Idempotency-Key debe tener entre 8 y 128 letras, números o guiones.';
export const IDEMPOTENCY_KEY_REUSED_MESSAGE =
  'Este identificador de envío (Idempotency-Key) ya se usó con otros datos: envía la solicitud con uno nuevo.';
export const IDEMPOTENCY_IN_PROGRESS_MESSAGE =
  'Esta misma solicitud todavía se está procesando. Espera un momento y vuelve a intentarlo.';
const KEY_PATTERN = /^[A-Za-z0-9_-]{8,128}$/;
/**
 * A claim still without an answer after this long belongs to a request that died with its process (a crash, a
 * restart): it is taken over instead of answering "en curso" forever. Far above any upload the body limits allow.
 */
export const ABANDONED_CLAIM_MS = 5 * 60 * 1000;
const IN_PROGRESS_RETRY_AFTER_S = 5;

/**
 * What a request means, independent of how it was encoded: a multipart body sent again by a browser gets a new
 * boundary, so its fields (and each file's bytes) are hashed instead of the raw body.
 */
async function requestHash(c: Parameters<MiddlewareHandler<AppEnv>>[0]): Promise<string> {
  if (!(c.req.header('content-type') ?? '').startsWith('multipart/form-data')) {
    return rawRequestHash(c.req.method, c.req.path, new Uint8Array(await c.req.arrayBuffer()));
  }
  const hash = createHash('sha256').update(`${c.req.method} ${c.req.path}\n`);
  const form = await c.req.parseBody({ all: true });
  for (const name of Object.keys(form).sort()) {
    const values = ([] as unknown[]).concat(form[name]);
    for (const value of values) {
      if (value instanceof File) {
        hash.update(`${name}=file:${value.name}:${value.size}:`);
        hash.update(new Uint8Array(await value.arrayBuffer()));
      } else {
        hash.update(`${name}=${String(value)}`);
      }
      hash.update('\n');
    }
  }
  return hash.digest('hex');
}

/** The hash of a request whose body is compared byte for byte (JSON). */
export function rawRequestHash(method: string, path: string, body: Uint8Array): string {
  return createHash('sha256').update(`${method} ${path}\n`).update(body).digest('hex');
}

/**
 * Exactly-once effect for retried writes (DESIGN §4: queued uploads are delivered at least once). The first request
 * with a key claims it; its successful answer is stored and any later request with the same key and the same
 * content gets that answer again (`Idempotent-Replayed: true`) without running the handler. The same key with other
 * content is a 409; a claim whose request is still running answers 409 too, so a double submit cannot run twice.
 * A failure (4xx, 5xx or an exception) releases the key: the request may be retried with it. Without the header the
 * route runs as usual.
 */
export function idempotencyMiddleware(db: Kysely<Database>): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const key = c.req.header(IDEMPOTENCY_KEY_HEADER);
    const viewer = c.get('viewer');
    if (key === undefined || !viewer) return next();
    if (!KEY_PATTERN.test(key)) throw new HttpError(400, IDEMPOTENCY_KEY_FORMAT_MESSAGE);
    const userId = viewer.user.id;
    const hash = await requestHash(c);

    const claim = () =>
      db
        .insertInto('idempotent_requests')
        .values({ user_id: userId, key, request_hash: hash })
        .returning('id')
        .executeTakeFirst()
        .catch((error: unknown) => {
          if (isUniqueViolation(error)) return undefined;
          throw error;
        });
    let claimed = await claim();
    if (!claimed) {
      const existing = await db
        .selectFrom('idempotent_requests')
        .selectAll()
        .where('user_id', '=', userId)
        .where('key', '=', key)
        .executeTakeFirst();
      if (existing && existing.request_hash !== hash) throw new HttpError(409, IDEMPOTENCY_KEY_REUSED_MESSAGE);
      if (existing?.status !== null && existing?.status !== undefined) {
        return c.body(existing.response_body ?? '', existing.status as 200, {
          'content-type': existing.content_type ?? 'application/json',
          [REPLAYED_HEADER]: 'true',
        });
      }
      const abandoned = existing && Date.now() - existing.created_at.getTime() > ABANDONED_CLAIM_MS;
      if (abandoned) {
        // Only the still-unanswered claim is removed: a request that answered meanwhile keeps its answer.
        await db.deleteFrom('idempotent_requests').where('id', '=', existing.id).where('status', 'is', null).execute();
        claimed = await claim();
      }
      // Retry-After tells a replaying client (the service worker's outbox) to keep the write and try again soon.
      if (!claimed) {
        throw new HttpError(409, IDEMPOTENCY_IN_PROGRESS_MESSAGE, undefined, {
          headers: { 'retry-after': String(IN_PROGRESS_RETRY_AFTER_S) },
        });
      }
    }
    const claimId = claimed.id;

    const release = () => db.deleteFrom('idempotent_requests').where('id', '=', claimId).execute();
    try {
      await next();
    } catch (error) {
      await release();
      throw error;
    }
    // Hono turns a thrown HttpError into c.error and an error response; either way it is not a success to keep.
    if (c.error || c.res.status >= 300) {
      await release();
      return;
    }
    await db
      .updateTable('idempotent_requests')
      .set({
        status: c.res.status,
        content_type: c.res.headers.get('content-type'),
        response_body: await c.res.clone().text(),
      })
      .where('id', '=', claimId)
      .execute();
  };
}

export type StoredAnswer = { status: number; body: unknown } | 'running' | null;

/**
 * The answer kept for a user's key: what a later request that refers to an earlier one (a prescription for a patient
 * created offline, by that creation's key) reads. 'running' while the first request has not answered; null when the
 * key was never used or its request failed.
 */
export async function findStoredAnswer(db: Kysely<Database>, userId: number, key: string): Promise<StoredAnswer> {
  const row = await db
    .selectFrom('idempotent_requests')
    .select(['status', 'response_body'])
    .where('user_id', '=', userId)
    .where('key', '=', key)
    .executeTakeFirst();
  if (!row) return null;
  if (row.status === null) return 'running';
  try {
    return { status: row.status, body: JSON.parse(row.response_body ?? 'null') as unknown };
  } catch {
    return { status: row.status, body: null };
  }
}
