import { sql } from 'kysely';
import type { DatabaseHandle } from './database';

/**
 * What a member's answers kept in memory were read under (migration 0031, moved by triggers in every writing
 * transaction): the user's sessions and row, the user's orders, and the tables the register reads (its own version
 * and the catalogue's, for the products' presentations).
 */
export interface MemberVersions {
  session: string;
  data: string;
  register: string;
}

/** A user's versions, or undefined for a user who has no version row yet (nothing of theirs is then kept). */
export type MemberVersionsReader = (userId: number) => Promise<MemberVersions | undefined>;

export interface VersionsRow {
  user_id: number;
  session_version: string;
  data_version: string;
  register_version: string;
}

/** Users' versions read in one statement. */
export type VersionsQuery = (userIds: number[]) => Promise<VersionsRow[]>;

/** Users read together at most: a burst of thousands of requests is read in a few statements, none of them huge. */
const MAX_USERS_PER_READ = 500;

/**
 * Statements under way at once. More than one, so a statement whose PostgreSQL process waits for a core on a busy
 * machine does not hold every request behind it; fewer than the pool's 10 connections, which other queries need too.
 */
const MAX_READS_UNDER_WAY = 4;

const READ_VERSIONS = `select m.user_id, m.session_version, m.data_version,
    r.version || '.' || c.version as register_version
  from member_versions m cross join register_version r cross join catalogue_version c
  where m.user_id = any($1::integer[])`;

/**
 * A read is sent at once while fewer than `MAX_READS_UNDER_WAY` are under way; otherwise it waits for one of them to
 * end and goes with the others asked meanwhile in the next statement (one for all their users). Each is so answered by
 * a statement that started after it was asked, which is what makes it exact: a write committed before a request
 * started is in the versions that request reads. Under load this turns a round trip per authenticated request into
 * one per batch.
 */
export function batchedReader(query: VersionsQuery, maxUnderWay: number = MAX_READS_UNDER_WAY): MemberVersionsReader {
  type Waiter = { resolve: (versions: MemberVersions | undefined) => void; reject: (error: unknown) => void };
  const waiting = new Map<number, Waiter[]>();
  let underWay = 0;
  const readNext = async () => {
    const batch = new Map([...waiting].slice(0, MAX_USERS_PER_READ));
    for (const userId of batch.keys()) waiting.delete(userId);
    underWay += 1;
    try {
      const rows = await query([...batch.keys()]);
      const found = new Map(rows.map((row) => [Number(row.user_id), row]));
      for (const [userId, waiters] of batch) {
        const row = found.get(userId);
        const versions = row && {
          session: String(row.session_version),
          data: String(row.data_version),
          register: String(row.register_version),
        };
        for (const waiter of waiters) waiter.resolve(versions);
      }
    } catch (error) {
      for (const waiters of batch.values()) for (const waiter of waiters) waiter.reject(error);
    } finally {
      underWay -= 1;
      if (waiting.size > 0) void readNext();
    }
  };
  return (userId) =>
    new Promise((resolve, reject) => {
      waiting.set(userId, [...(waiting.get(userId) ?? []), { resolve, reject }]);
      if (underWay < maxUnderWay) void readNext();
    });
}

/**
 * The one statement of an authenticated request whose session and answer are kept, batched across concurrent
 * requests. On PostgreSQL a named prepared statement on the pool itself: it skips the query builder and PostgreSQL's
 * parsing and planning of the same text each time.
 */
export function memberVersionsReader(database: DatabaseHandle): MemberVersionsReader {
  const { pool } = database;
  if (pool) {
    return batchedReader(
      async (userIds) =>
        (await pool.query<VersionsRow>({ name: 'member-versions', text: READ_VERSIONS, values: [userIds] })).rows,
    );
  }
  return batchedReader(
    async (userIds) =>
      (
        await sql<VersionsRow>`select m.user_id, m.session_version, m.data_version,
            r.version || '.' || c.version as register_version
          from member_versions m cross join register_version r cross join catalogue_version c
          where m.user_id = any(${userIds}::integer[])`.execute(database.db)
      ).rows,
  );
}
