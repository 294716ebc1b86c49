import { sql } from 'kysely';
import type { DatabaseHandle } from './database';

/**
 * What a member's answers kept in memory were read under (migration 0031, moved by triggers in every writing
 * transaction): the user's sessions and row, the user's orders, and the tables the register reads.
 */
export interface MemberVersions {
  session: string;
  data: string;
  register: string;
}

/** A user's versions, or undefined for a user who has no version row yet (nothing of theirs is then kept). */
export type MemberVersionsReader = (userId: number) => Promise<MemberVersions | undefined>;

interface VersionsRow {
  session_version: string;
  data_version: string;
  register_version: string;
}

const READ_VERSIONS = `select m.session_version, m.data_version, r.version as register_version
  from member_versions m cross join register_version r where m.user_id = $1`;

const toVersions = (row: VersionsRow | undefined): MemberVersions | undefined =>
  row && {
    session: String(row.session_version),
    data: String(row.data_version),
    register: String(row.register_version),
  };

/**
 * The one statement of an authenticated request whose session and answer are kept. On PostgreSQL a named prepared
 * statement on the pool itself: it is every such request's only round trip, so it skips the query builder and
 * PostgreSQL's parsing and planning of the same text each time.
 */
export function memberVersionsReader(database: DatabaseHandle): MemberVersionsReader {
  const { pool } = database;
  if (pool) {
    return async (userId) => {
      const { rows } = await pool.query<VersionsRow>({
        name: 'member-versions',
        text: READ_VERSIONS,
        values: [userId],
      });
      return toVersions(rows[0]);
    };
  }
  return async (userId) => {
    const { rows } = await sql<VersionsRow>`
      select m.session_version, m.data_version, r.version as register_version
      from member_versions m cross join register_version r where m.user_id = ${userId}`.execute(database.db);
    return toVersions(rows[0]);
  };
}
