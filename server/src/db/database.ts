import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
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
}

export interface DatabaseOptions {
  /** Set: PostgreSQL. Unset: embedded PGlite under `dataDir`. */
  databaseUrl?: string | undefined;
  /** Directory for PGlite's files; `memory://` keeps the database in memory (tests). */
  dataDir: string;
  /**
   * PGlite only: start from this snapshot of another database instead of an empty one. A new PGlite runs initdb,
   * which costs seconds; loading a snapshot costs a fifth of that (the server tests open one database per file).
   */
  template?: Blob | undefined;
}

/** PostgreSQL `date` (oid 1082) stays the ISO string `YYYY-MM-DD`: a JS Date would shift it by the time zone. */
const DATE_OID = 1082;
const keepText = (value: string) => value;
const pgTypes = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    oid === DATE_OID ? keepText : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
};

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
    // PostgreSQL may end an idle connection (restart, failover): the pool drops it and opens another when needed.
    // Unheard, that 'error' event would crash the server.
    pool.on('error', (error) => console.error(`PostgreSQL cerró una conexión inactiva: ${error.message}`));
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
    ...(options.template ? { loadDataDir: options.template } : {}),
  });
  const db = new Kysely<Database>({ dialect: new PGliteDialect(pglite) });
  return { db, kind: 'pglite', close: () => db.destroy(), snapshot: () => pglite.dumpDataDir('none') };
}
