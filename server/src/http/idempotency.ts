import { createHash } from 'node:crypto';
import type { Context, MiddlewareHandler } from 'hono';
import type { Kysely } from 'kysely';
import { claimKey, findClaim, releaseClaim, releaseUnansweredClaim, storeAnswer } from '../db/idempotent-requests';
import type { Database } from '../db/schema';
import { isUniqueViolation } from '../db/unique-violation';
import type { AppEnv } from './app-env';
import { Refusal } from '../refusal';

const IDEMPOTENCY_KEY_HEADER = 'idempotency-key';
const REPLAYED_HEADER = 'idempotent-replayed';
const IDEMPOTENCY_KEY_FORMAT_MESSAGE =
  'El encabezado Idempotency-Key debe tener entre 8 y 128 letras, números o guiones.';
const IDEMPOTENCY_KEY_REUSED_MESSAGE =
  'Este identificador de envío (Idempotency-Key) ya se usó con otros datos: envía la solicitud con uno nuevo.';
const IDEMPOTENCY_IN_PROGRESS_MESSAGE =
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
 * A route whose rows keep the key they were written with (migration 0028): `committed` answers the write this user
 * already made with this key, built from its row as the first answer was (same status and shape), or undefined
 * when no such row exists. It throws a 409 when the row was written by other content.
 */
export interface IdempotentRoute {
  committed: (c: Context<AppEnv>, key: string, hash: string) => Promise<Response | undefined>;
}

/** A route whose rows keep their key (`IdempotentRoute`), with the answer for a request that lost the race. */
interface KeyOnRowRoute extends IdempotentRoute {
  /**
   * After the route's insert failed: when it broke the key's unique constraint, a request that took over this one's
   * claim committed first with the same key, and its answer is given (a 409 when its content differed); undefined for
   * any other failure, which the route throws on.
   */
  winner: (c: Context<AppEnv>, error: unknown) => Promise<Response | undefined>;
}

/**
 * The `IdempotentRoute` of a table whose rows keep the key and the request's hash (`idempotency_key`,
 * `request_hash`): `find` selects the viewer's row written with the key, `answer` builds the first answer from it.
 * A row written by other content is the 409 of a reused key.
 */
export function keyOnRow<Row extends { request_hash: string | null }>(route: {
  /** The unique constraint on the owner and the key. */
  constraint: string;
  find: (c: Context<AppEnv>, key: string) => Promise<Row | undefined>;
  answer: (c: Context<AppEnv>, row: Row) => Promise<Response>;
}): KeyOnRowRoute {
  const committed: IdempotentRoute['committed'] = async (c, key, hash) => {
    const row = await route.find(c, key);
    if (!row) return undefined;
    if (row.request_hash !== hash) throw new Refusal(409, IDEMPOTENCY_KEY_REUSED_MESSAGE);
    return route.answer(c, row);
  };
  return {
    committed,
    winner: async (c, error) => {
      const claim = c.get('idempotency');
      if (!claim || !isUniqueViolation(error, route.constraint)) return undefined;
      return committed(c, claim.key, claim.hash);
    },
  };
}

/**
 * Exactly-once effect for retried writes (DESIGN §4: queued uploads are delivered at least once). The first request
 * with a key claims it; its successful answer is stored and any later request with the same key and the same
 * content gets that answer again (`Idempotent-Replayed: true`) without running the handler. The same key with other
 * content is a 409; a claim whose request is still running answers 409 too, so a double submit cannot run twice.
 * A failure (4xx, 5xx or an exception) releases the key: the request may be retried with it. Without the header the
 * route runs as usual.
 *
 * The answer is stored after the handler's transaction commits, so a process that dies between the two leaves a
 * claim without an answer. A route that keeps the key on its row (`route.committed`) answers from that row whenever
 * the claim has no answer, at once rather than after `ABANDONED_CLAIM_MS`, and never writes a second time.
 */
export function idempotencyMiddleware(db: Kysely<Database>, route?: IdempotentRoute): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const key = c.req.header(IDEMPOTENCY_KEY_HEADER);
    const viewer = c.get('viewer');
    if (key === undefined || !viewer) return next();
    if (!KEY_PATTERN.test(key)) throw new Refusal(400, IDEMPOTENCY_KEY_FORMAT_MESSAGE);
    const userId = viewer.user.id;
    const hash = await requestHash(c);

    const claim = () => claimKey(db, { userId, key, hash });
    const store = async (claimId: number, answer: Response) =>
      storeAnswer(db, claimId, {
        status: answer.status,
        contentType: answer.headers.get('content-type'),
        body: await answer.clone().text(),
      });
    const replayed = (answer: Response) => {
      answer.headers.set(REPLAYED_HEADER, 'true');
      return answer;
    };
    let claimed = await claim();
    if (!claimed) {
      const existing = await findClaim(db, userId, key);
      if (existing && existing.request_hash !== hash) throw new Refusal(409, IDEMPOTENCY_KEY_REUSED_MESSAGE);
      if (existing?.status !== null && existing?.status !== undefined) {
        return c.body(existing.response_body ?? '', existing.status as 200, {
          'content-type': existing.content_type ?? 'application/json',
          [REPLAYED_HEADER]: 'true',
        });
      }
      // Unanswered: the write may have committed and its process died before storing the answer.
      const fromRow = existing ? await route?.committed(c, key, hash) : undefined;
      if (existing && fromRow) {
        await store(existing.id, fromRow);
        return replayed(fromRow);
      }
      const abandoned = existing && Date.now() - existing.created_at.getTime() > ABANDONED_CLAIM_MS;
      if (abandoned) {
        await releaseUnansweredClaim(db, existing.id);
        claimed = await claim();
      }
      // Retry-After tells a replaying client (the service worker's outbox) to keep the write and try again soon.
      if (!claimed) {
        throw new Refusal(409, IDEMPOTENCY_IN_PROGRESS_MESSAGE, undefined, {
          headers: { 'retry-after': String(IN_PROGRESS_RETRY_AFTER_S) },
        });
      }
    }
    const claimId = claimed.id;
    c.set('idempotency', { key, hash, claimId });

    const release = () => releaseClaim(db, claimId);
    let fromRow: Response | undefined;
    try {
      // A claim freed after its write committed (its answer failed after the commit) finds the row here.
      fromRow = await route?.committed(c, key, hash);
      if (!fromRow) await next();
    } catch (error) {
      await release();
      throw error;
    }
    if (fromRow) {
      await store(claimId, fromRow);
      return replayed(fromRow);
    }
    // Hono turns a thrown Refusal into c.error and an error response; either way it is not a success to keep.
    if (c.error || c.res.status >= 300) {
      await release();
      return;
    }
    await store(claimId, c.res);
  };
}
