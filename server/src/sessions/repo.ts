import { createHash, randomBytes } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import { countryById, type CountryCode } from '../../../src/lib/shared/countries';
import type { Database, SessionRow, UserRow } from '../db/schema';
import { WriteBoundMap } from '../db/write-bound-map';
import { HttpError } from '../http/errors';

/** Product §9: the session cookie lasts one day; the server's session ends at the same time. */
const SESSION_LIFETIME_MS = 24 * 60 * 60 * 1000;
/** A session nobody used for this long ends before its day is over (a device left logged in at a clinic). */
export const DEFAULT_SESSION_IDLE_TIMEOUT_MS = 8 * 60 * 60 * 1000;
const LAST_SEEN_RESOLUTION_MS = 60_000;
const DEAD_SESSION_RETENTION_MS = 30 * 24 * 60 * 60 * 1000;
const TOKEN_BYTES = 32;
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{20,200}$/;

const ALREADY_LOGGED_IN_ELSEWHERE = 'Este usuario ya está logueado en otro país';

/** A 256-bit random reference token, base64url; only its SHA-256 is stored. */
export function newToken(): string {
  return randomBytes(TOKEN_BYTES).toString('base64url');
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export function looksLikeToken(value: unknown): value is string {
  return typeof value === 'string' && TOKEN_SHAPE.test(value);
}

export interface ActiveSession {
  user: UserRow;
  session: SessionRow;
  country: CountryCode;
}

interface IssuedSession {
  token: string;
  session: SessionRow;
}

/**
 * Opens the session of (user, country) inside `trx`: the user's row is locked so two logins of one account cannot
 * race, an active session in another country refuses the login (product §5) and one in the same country is revoked
 * (rotation). A session left unused for `idleTimeoutMs` has ended and refuses nothing.
 */
export async function openSessionIn(
  trx: Transaction<Database>,
  userId: number,
  countryId: number,
  idleTimeoutMs: number = DEFAULT_SESSION_IDLE_TIMEOUT_MS,
) {
  await trx.selectFrom('users').select('id').where('id', '=', userId).forUpdate().executeTakeFirstOrThrow();
  const now = new Date();
  const elsewhere = await trx
    .selectFrom('sessions')
    .select('id')
    .where('user_id', '=', userId)
    .where('country_id', '<>', countryId)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', now)
    .where('last_seen_at', '>', new Date(now.getTime() - idleTimeoutMs))
    .executeTakeFirst();
  if (elsewhere) throw new HttpError(409, ALREADY_LOGGED_IN_ELSEWHERE);
  await trx
    .updateTable('sessions')
    .set({ revoked_at: now })
    .where('user_id', '=', userId)
    .where('country_id', '=', countryId)
    .where('revoked_at', 'is', null)
    .execute();
  // Sessions that ended more than a month ago tell nothing any more: each login sweeps its user's.
  await trx
    .deleteFrom('sessions')
    .where('user_id', '=', userId)
    .where('expires_at', '<', new Date(now.getTime() - DEAD_SESSION_RETENTION_MS))
    .execute();
  const token = newToken();
  const session = await trx
    .insertInto('sessions')
    .values({
      token_hash: hashToken(token),
      user_id: userId,
      country_id: countryId,
      expires_at: new Date(now.getTime() + SESSION_LIFETIME_MS),
      last_seen_at: now,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return { token, session } satisfies IssuedSession;
}

export function openSession(
  db: Kysely<Database>,
  userId: number,
  countryId: number,
  idleTimeoutMs?: number,
): Promise<IssuedSession> {
  return db.transaction().execute((trx) => openSessionIn(trx, userId, countryId, idleTimeoutMs));
}

/** Sessions kept by `SessionCache` at most (one per token in use; the least recently read goes first). */
const SESSION_CACHE_MAX_ENTRIES = 2_000;

/**
 * Sessions with their users, kept while the embedded database has not been written to (PGlite only, whose writes all
 * pass through this process: `DatabaseHandle.writeCount`). Every authenticated request looked its session up again,
 * the one statement between a member and their list (issue #18). An entry is exactly as true as a new look-up would be:
 * a logout, a revocation, a new login, any change of a user and last_seen_at's once-a-minute update are all writes,
 * and any write empties the cache. Expiry and idleness depend on the clock and are checked on every use.
 */
export class SessionCache {
  readonly #sessions: WriteBoundMap<ActiveSession>;

  constructor(writeCount: () => number, maxEntries: number = SESSION_CACHE_MAX_ENTRIES) {
    this.#sessions = new WriteBoundMap(writeCount, { maxEntries });
  }

  /** The write count before a look-up: what it read is kept only if nothing was written since. */
  mark(): number {
    return this.#sessions.mark();
  }

  get(tokenHash: string, now: Date, idleTimeoutMs: number): ActiveSession | undefined {
    const found = this.#sessions.get(tokenHash);
    if (!found) return undefined;
    const { session } = found;
    const lastSeen = session.last_seen_at?.getTime() ?? 0;
    // Expired, idle, or due its last_seen_at update: the look-up in the database decides (and writes).
    if (session.expires_at <= now || lastSeen <= now.getTime() - idleTimeoutMs) return undefined;
    if (now.getTime() - lastSeen > LAST_SEEN_RESOLUTION_MS) return undefined;
    // Copies, so no request changes what the next one gets.
    return { user: { ...found.user }, session: { ...session }, country: found.country };
  }

  set(tokenHash: string, mark: number, found: ActiveSession): void {
    this.#sessions.set(tokenHash, mark, {
      user: { ...found.user },
      session: { ...found.session },
      country: found.country,
    });
  }

  get size(): number {
    return this.#sessions.size.entries;
  }
}

/**
 * The live session of a token with its user, or undefined for unknown, revoked, expired or idle tokens (unused for
 * `idleTimeoutMs`, measured to the minute of `last_seen_at`). With a `cache`, a session read since the last write is
 * not read again.
 */
export async function findActiveSession(
  db: Kysely<Database>,
  token: string,
  idleTimeoutMs: number = DEFAULT_SESSION_IDLE_TIMEOUT_MS,
  cache?: SessionCache,
): Promise<ActiveSession | undefined> {
  if (!looksLikeToken(token)) return undefined;
  const now = new Date();
  const tokenHash = hashToken(token);
  const cached = cache?.get(tokenHash, now, idleTimeoutMs);
  if (cached) return cached;
  const mark = cache?.mark();
  // The session and its user in one statement: every authenticated request pays this round trip (issue #18).
  const found = await db
    .selectFrom('sessions as s')
    .innerJoin('users as u', 'u.id', 's.user_id')
    .selectAll('u')
    .select([
      's.id as session_id',
      's.token_hash as session_token_hash',
      's.user_id as session_user_id',
      's.country_id as session_country_id',
      's.created_at as session_created_at',
      's.expires_at as session_expires_at',
      's.revoked_at as session_revoked_at',
      's.last_seen_at as session_last_seen_at',
    ])
    .where('s.token_hash', '=', tokenHash)
    .where('s.revoked_at', 'is', null)
    .where('s.expires_at', '>', now)
    .where('s.last_seen_at', '>', new Date(now.getTime() - idleTimeoutMs))
    .executeTakeFirst();
  if (!found) return undefined;
  const {
    session_id: id,
    session_token_hash: storedHash,
    session_user_id: userId,
    session_country_id: countryId,
    session_created_at: createdAt,
    session_expires_at: expiresAt,
    session_revoked_at: revokedAt,
    session_last_seen_at: lastSeenAt,
    ...user
  } = found;
  const session: SessionRow = {
    id,
    token_hash: storedHash,
    user_id: userId,
    country_id: countryId,
    created_at: createdAt,
    expires_at: expiresAt,
    revoked_at: revokedAt,
    last_seen_at: lastSeenAt,
  };
  const country = countryById(session.country_id);
  if (!country) return undefined;
  // last_seen_at is informative: writing it once a minute keeps reads from becoming writes.
  if (!session.last_seen_at || now.getTime() - session.last_seen_at.getTime() > LAST_SEEN_RESOLUTION_MS) {
    await db.updateTable('sessions').set({ last_seen_at: now }).where('id', '=', session.id).execute();
    session.last_seen_at = now;
  }
  const active: ActiveSession = { user, session, country: country.subdomain };
  if (cache && mark !== undefined) cache.set(tokenHash, mark, active);
  return active;
}

export async function revokeToken(db: Kysely<Database>, token: string): Promise<void> {
  if (!looksLikeToken(token)) return;
  await db
    .updateTable('sessions')
    .set({ revoked_at: new Date() })
    .where('token_hash', '=', hashToken(token))
    .where('revoked_at', 'is', null)
    .execute();
}

export async function revokeSession(db: Kysely<Database>, sessionId: number): Promise<void> {
  await db
    .updateTable('sessions')
    .set({ revoked_at: new Date() })
    .where('id', '=', sessionId)
    .where('revoked_at', 'is', null)
    .execute();
}

/**
 * Every session of the user, in every country (a new password ends them all), but `exceptSessionId`: a password
 * changed from a session keeps that one, so whoever held another (a stolen token) is out and the owner is not.
 */
export async function revokeUserSessions(
  executor: Kysely<Database> | Transaction<Database>,
  userId: number,
  exceptSessionId?: number,
) {
  let update = executor
    .updateTable('sessions')
    .set({ revoked_at: new Date() })
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null);
  if (exceptSessionId !== undefined) update = update.where('id', '<>', exceptSessionId);
  await update.execute();
}
