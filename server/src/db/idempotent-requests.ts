import type { Kysely, Selectable } from 'kysely';
import type { Database } from './schema';
import { isUniqueViolation } from './unique-violation';

// The `idempotent_requests` table: one claim per user and Idempotency-Key, completed with the answer of the request
// that holds it. The HTTP middleware (`http/idempotency.ts`) decides when to claim, answer, release or take over; the
// repositories store an answer inside their own transaction. Neither writes this table's SQL but here.

/** The key of the request being handled, claimed for it in `idempotent_requests`. */
export interface IdempotencyClaim {
  key: string;
  /** The request's content hash: a row that keeps it refuses the same key with other content later too. */
  hash: string;
  /** The claim's row, which `storeAnswerWith` completes inside the write's transaction. */
  claimId: number;
}

/** An answer as it is stored and given again. */
interface StoredResponse {
  status: number;
  contentType: string | null;
  body: string;
}

type ClaimRow = Selectable<Database['idempotent_requests']>;

/** Claims the key for this user; undefined when a claim (running or answered) already holds it. */
export function claimKey(
  db: Kysely<Database>,
  claim: { userId: number; key: string; hash: string },
): Promise<{ id: number } | undefined> {
  return db
    .insertInto('idempotent_requests')
    .values({ user_id: claim.userId, key: claim.key, request_hash: claim.hash })
    .returning('id')
    .executeTakeFirst()
    .catch((error: unknown) => {
      if (isUniqueViolation(error)) return undefined;
      throw error;
    });
}

/** The claim holding this user's key, answered or not; undefined when there is none. */
export function findClaim(db: Kysely<Database>, userId: number, key: string): Promise<ClaimRow | undefined> {
  return db
    .selectFrom('idempotent_requests')
    .selectAll()
    .where('user_id', '=', userId)
    .where('key', '=', key)
    .executeTakeFirst();
}

/** Frees a claim, so its key may be used again. */
export async function releaseClaim(db: Kysely<Database>, claimId: number): Promise<void> {
  await db.deleteFrom('idempotent_requests').where('id', '=', claimId).execute();
}

/** Removes a claim only while it is still unanswered: a request that answered meanwhile keeps its answer. */
export async function releaseUnansweredClaim(db: Kysely<Database>, claimId: number): Promise<void> {
  await db.deleteFrom('idempotent_requests').where('id', '=', claimId).where('status', 'is', null).execute();
}

/** Completes a claim with its request's answer. */
export async function storeAnswer(db: Kysely<Database>, claimId: number, answer: StoredResponse): Promise<void> {
  await db
    .updateTable('idempotent_requests')
    .set({ status: answer.status, content_type: answer.contentType, response_body: answer.body })
    .where('id', '=', claimId)
    .execute();
}

/**
 * Stores the JSON answer of the request holding `claim` inside the write's own transaction: a process that dies after
 * the commit leaves the answer stored, for an answer that cannot be rebuilt from the rows (a single-use link kept
 * only as a hash). The middleware stores the same answer again after the handler. Without a claim, nothing.
 */
export async function storeAnswerWith(
  trx: Kysely<Database>,
  claim: IdempotencyClaim | undefined,
  status: number,
  body: unknown,
): Promise<void> {
  if (!claim) return;
  await storeAnswer(trx, claim.claimId, { status, contentType: 'application/json', body: JSON.stringify(body) });
}

/**
 * How long an answer to a retried write is kept (30 days). Stored answers repeat personal data (a created patient's
 * name and e-mail, the invitation's link), so they must not stay forever. A replay after this long still gets its
 * first answer on the outbox's routes, which keep their key on the row they wrote (patients, prescriptions,
 * credentials, templates); the browser's own retries of online writes come within seconds.
 */
export const STORED_ANSWER_RETENTION_MS = 30 * 24 * 60 * 60 * 1000;

/** Deletes the stored answers (and any claim) older than their retention; answers how many went. */
export async function purgeStoredAnswers(db: Kysely<Database>, now: Date = new Date()): Promise<number> {
  const deleted = await db
    .deleteFrom('idempotent_requests')
    .where('created_at', '<', new Date(now.getTime() - STORED_ANSWER_RETENTION_MS))
    .executeTakeFirst();
  return Number(deleted.numDeletedRows);
}

/** Deletes a user's stored answers and claims: all of them, or only the one of `key`. */
export async function deleteStoredAnswers(db: Kysely<Database>, userId: number, key?: string): Promise<void> {
  let query = db.deleteFrom('idempotent_requests').where('user_id', '=', userId);
  if (key !== undefined) query = query.where('key', '=', key);
  await query.execute();
}

type StoredAnswer = { status: number; body: unknown } | 'running' | null;

/**
 * The answer kept for a user's key: what a later request that refers to an earlier one (a prescription for a patient
 * created offline, by that creation's key) reads. 'running' while the first request has not answered; null when the
 * key was never used or its request failed.
 */
export async function findStoredAnswer(db: Kysely<Database>, userId: number, key: string): Promise<StoredAnswer> {
  const row = await findClaim(db, userId, key);
  if (!row) return null;
  if (row.status === null) return 'running';
  try {
    return { status: row.status, body: JSON.parse(row.response_body ?? 'null') as unknown };
  } catch {
    return { status: row.status, body: null };
  }
}
