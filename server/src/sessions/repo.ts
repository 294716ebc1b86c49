import { createHash, randomBytes } from 'node:crypto';
import { sql, type Kysely, type Transaction } from 'kysely';
import { countryById, type CountryCode } from '../../../src/lib/shared/countries';
import type { MemberVersions, MemberVersionsReader } from '../db/member-versions';
import type { Database, SessionRow, UserRow } from '../db/schema';
import { NEVER_WRITTEN, WriteBoundMap } from '../db/write-bound-map';
import { Refusal } from '../refusal';

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
  /**
   * The user's versions read in this request's look-up, before anything it answers is read (migration 0031):
   * what an answer built now is kept under. Undefined for a user without a version row.
   */
  versions?: MemberVersions | undefined;
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
  if (elsewhere) throw new Refusal(409, ALREADY_LOGGED_IN_ELSEWHERE);
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

/** Copies, so no request changes what the next one gets. */
function copyOf({ user, session, country }: ActiveSession): ActiveSession {
  return { user: { ...user }, session: { ...session }, country };
}

/** A copy of a kept session, or undefined when the clock says the database must decide (and write). */
function livingCopy(found: ActiveSession, now: Date, idleTimeoutMs: number): ActiveSession | undefined {
  const { session } = found;
  const lastSeen = session.last_seen_at?.getTime() ?? 0;
  // Expired, idle, or due its last_seen_at update.
  if (session.expires_at <= now || lastSeen <= now.getTime() - idleTimeoutMs) return undefined;
  if (now.getTime() - lastSeen > LAST_SEEN_RESOLUTION_MS) return undefined;
  return copyOf(found);
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
    return found && livingCopy(found, now, idleTimeoutMs);
  }

  set(tokenHash: string, mark: number, found: ActiveSession): void {
    this.#sessions.set(tokenHash, mark, copyOf(found));
  }

  get size(): number {
    return this.#sessions.size.entries;
  }
}

/**
 * Sessions with their users kept where other processes write the database too (PostgreSQL, several instances): each
 * use reads the user's versions (migration 0031) in one statement and a kept session is given only while its
 * `session_version` is the one it was read under. Triggers move that version in the same transaction as any write
 * to the user's row or sessions (a logout, a revocation on any instance, a new login, a changed role or approval,
 * last_seen_at's update), so no instance ever answers with a session the database has ended. The statement also gives
 * this request's versions for the members' answers (`MemberVersionAnswers`): a member's list costs that one round
 * trip where it cost two to four (issue #18). Expiry and idleness are still checked against the clock.
 */
export class VersionedSessionCache {
  readonly #sessions: WriteBoundMap<{ found: ActiveSession; version: string }>;

  constructor(
    readonly readVersions: MemberVersionsReader,
    maxEntries: number = SESSION_CACHE_MAX_ENTRIES,
  ) {
    this.#sessions = new WriteBoundMap(NEVER_WRITTEN, { maxEntries });
  }

  /** The kept session of a token, still current: checked with one read of its user's versions. */
  async get(tokenHash: string, now: Date, idleTimeoutMs: number): Promise<ActiveSession | undefined> {
    const kept = this.#sessions.get(tokenHash);
    const living = kept && livingCopy(kept.found, now, idleTimeoutMs);
    if (!kept || !living) return undefined;
    const versions = await this.readVersions(living.user.id);
    if (versions?.session !== kept.version) return undefined;
    return { ...living, versions };
  }

  /** Keeps a session read in the same statement as `versions`, the ones it is true under. */
  set(tokenHash: string, found: ActiveSession, versions: MemberVersions): void {
    this.#sessions.set(tokenHash, this.#sessions.mark(), { found: copyOf(found), version: versions.session });
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
  cache?: SessionCache | VersionedSessionCache,
): Promise<ActiveSession | undefined> {
  if (!looksLikeToken(token)) return undefined;
  const now = new Date();
  const tokenHash = hashToken(token);
  const cached = await cache?.get(tokenHash, now, idleTimeoutMs);
  if (cached) return cached;
  const mark = cache instanceof SessionCache ? cache.mark() : undefined;
  // The session, its user and the user's versions in one statement: every authenticated request whose session is
  // not kept pays this round trip (issue #18).
  const found = await db
    .selectFrom('sessions as s')
    .innerJoin('users as u', 'u.id', 's.user_id')
    .leftJoin('member_versions as mv', 'mv.user_id', 's.user_id')
    // Left joins: a missing version row keeps nothing in memory, it never refuses a session.
    .leftJoin('register_version as rv', (join) => join.on('rv.id', '=', 1))
    .leftJoin('catalogue_version as cv', (join) => join.on('cv.id', '=', 1))
    .selectAll('u')
    .select((eb) => [
      'mv.session_version as versions_session',
      'mv.data_version as versions_data',
      sql<string | null>`${eb.ref('rv.version')} || '.' || ${eb.ref('cv.version')}`.as('versions_register'),
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
    versions_session: sessionVersion,
    versions_data: dataVersion,
    versions_register: registerVersion,
    ...user
  } = found;
  const versions: MemberVersions | undefined =
    sessionVersion === null || dataVersion === null || registerVersion === null
      ? undefined
      : { session: String(sessionVersion), data: String(dataVersion), register: String(registerVersion) };
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
  let touched = false;
  if (!session.last_seen_at || now.getTime() - session.last_seen_at.getTime() > LAST_SEEN_RESOLUTION_MS) {
    await db.updateTable('sessions').set({ last_seen_at: now }).where('id', '=', session.id).execute();
    session.last_seen_at = now;
    touched = true;
  }
  const active: ActiveSession = { user, session, country: country.subdomain };
  if (cache instanceof SessionCache && mark !== undefined) cache.set(tokenHash, mark, active);
  // The update just moved the session version past the one read: the next request reads the session again.
  if (cache instanceof VersionedSessionCache && versions && !touched) cache.set(tokenHash, active, versions);
  return { ...active, versions };
}

/** Revokes the session found by its token's hash or its id; revoking twice keeps the first moment. */
async function revoke(db: Kysely<Database>, by: { token_hash: string } | { id: number }): Promise<void> {
  await db
    .updateTable('sessions')
    .set({ revoked_at: new Date() })
    .$call((query) => ('id' in by ? query.where('id', '=', by.id) : query.where('token_hash', '=', by.token_hash)))
    .where('revoked_at', 'is', null)
    .execute();
}

export async function revokeToken(db: Kysely<Database>, token: string): Promise<void> {
  if (looksLikeToken(token)) await revoke(db, { token_hash: hashToken(token) });
}

export async function revokeSession(db: Kysely<Database>, sessionId: number): Promise<void> {
  await revoke(db, { id: sessionId });
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
