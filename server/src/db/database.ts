import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import type { Logger } from '../logger';
import { PGliteDialect } from './pglite-dialect';
import type { Database } from './schema';

export type DatabaseKind = 'pglite' | 'postgres';

export interface DatabaseHandle {
  db: Kysely<Database>;
  kind: DatabaseKind;
  close: () => Promise<void>;
  /** PostgreSQL only: the connection pool, for what talks to PostgreSQL without Kysely (the rate limiter's store). */
  pool?: pg.Pool;
  /** PGlite only: the whole data folder as a tarball, which `template` opens again as a copy. */
  snapshot?: () => Promise<Blob>;
  /**
   * PGlite only: how many statements that may write have started. Nothing else writes to an embedded database, so an
   * answer read while this did not move is still true. Unset on PostgreSQL, which other instances and tools share.
   */
  writeCount?: () => number;
}

interface DatabaseOptions {
  /** Set: PostgreSQL. Unset: embedded PGlite under `dataDir`. */
  databaseUrl?: string | undefined;
  /** Directory for PGlite's files; `memory://` keeps the database in memory (tests). */
  dataDir: string;
  /**
   * PGlite only: start from this snapshot of another database instead of an empty one. A new PGlite runs initdb,
   * which costs seconds; loading a snapshot costs a fifth of that (the server tests open one database per file).
   */
  template?: Blob | undefined;
  /**
   * PostgreSQL only: where a connection PostgreSQL ends is told. The server passes its JSON log; the command-line
   * tools (migrations, the bench's seed) leave it out and the line goes to stderr as plain text.
   */
  logger?: Pick<Logger, 'error'>;
}

/** PostgreSQL `date` (oid 1082) stays the ISO string `YYYY-MM-DD`: a JS Date would shift it by the time zone. */
const DATE_OID = 1082;
const keepText = (value: string) => value;
const pgTypes = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    oid === DATE_OID ? keepText : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
};

/**
 * PGlite's share of its memory for Postgres' page cache. Postgres' default, 128 MB, lives in the server's own process
 * with PGlite: a reopened store's process held 354 MB against 230 MB with 32 MB (a bare PGlite, measured in session 12),
 * and the files are still in the system's cache; the catalogue's answers are cached in memory above it anyway.
 */
const PGLITE_SHARED_BUFFERS = '32MB';

/**
 * Closes a pool and resolves once every connection's socket is closed. `pool.end()` resolves as soon as it has asked
 * each client to end, while their sockets are still open: dropping the database or stopping the server then would
 * terminate those sessions (FATAL 57P01), which the pool reports as an unhandled 'error' event.
 */
function closablePool(pool: pg.Pool, db: Kysely<Database>): () => Promise<void> {
  const connected = new Set<pg.PoolClient>();
  let allClosed: (() => void) | undefined;
  pool.on('connect', (client) => connected.add(client));
  // Emitted once a removed client's socket is closed.
  pool.on('remove', (client) => {
    connected.delete(client);
    if (connected.size === 0) allClosed?.();
  });
  return async () => {
    const closed = new Promise<void>((resolve) => {
      allClosed = resolve;
    });
    await db.destroy();
    if (connected.size > 0) await closed;
  };
}

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10, types: pgTypes });
    // PostgreSQL may end a connection (restart, failover, an administrator): the pool drops it once it is back and
    // opens another when needed. The pool hears only its idle clients; a checked-out client between two queries (a
    // transaction waiting on the application) emits 'error' on itself, and unheard, that event would crash the
    // server. So every client is heard, and the pool's own event, which repeats an idle client's, says nothing more.
    const logger = options.logger ?? console;
    pool.on('connect', (client) =>
      client.on('error', (error) => logger.error(`PostgreSQL cerró una conexión: ${error.message}`)),
    );
    pool.on('error', () => undefined);
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    return { db, kind: 'postgres', close: closablePool(pool, db), pool };
  }
  let location = options.dataDir;
  if (!location.startsWith('memory://')) {
    location = join(options.dataDir, 'db');
    await mkdir(location, { recursive: true });
  }
  const pglite = new PGlite(location, {
    parsers: { [DATE_OID]: keepText },
    postgresqlconf: [`shared_buffers=${PGLITE_SHARED_BUFFERS}`],
    ...(options.template ? { loadDataDir: options.template } : {}),
  });
  const dialect = new PGliteDialect(pglite);
  const db = new Kysely<Database>({ dialect });
  return {
    db,
    kind: 'pglite',
    close: () => db.destroy(),
    snapshot: () => pglite.dumpDataDir('none'),
    writeCount: () => dialect.writes.value,
  };
}
