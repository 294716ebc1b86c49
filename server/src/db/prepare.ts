import { sql } from 'kysely';
import type { DatabaseHandle } from './database';
import { MIGRATION_NAMES, migrateToLatest } from './migrate';
import { seedIfEmpty, type SeedReport } from './seed/seed';

/**
 * Key of the session-level advisory lock every instance takes before it migrates and seeds: any 64-bit number no
 * other lock of this database uses (Kysely's own migration lock is another one). 0x6469737065 is "dispe".
 */
const STARTUP_LOCK_ID = 0x6469737065;

const embeddedQueue = new WeakMap<DatabaseHandle, Promise<void>>();

interface PreparedDatabase {
  /** Migrations this call applied (none when another instance had applied them). */
  applied: string[];
  seed: SeedReport;
}

/**
 * Migrates and seeds the database once, however many instances start together on one PostgreSQL database: each
 * takes the same advisory lock on a connection of its own and works while holding it, so the second finds the work
 * done. Kysely's migrator locks its own steps, but the seed's "is it empty?" check would still race and one instance
 * would fail on the other's rows. The lock goes with the session, so an instance that dies holding it frees it. PGlite
 * is one process's own database: calls on one handle simply wait for each other.
 */
export async function prepareDatabase(
  database: DatabaseHandle,
  options: { demoUsers?: boolean } = {},
): Promise<PreparedDatabase> {
  const work = async () => {
    const applied = await migrateToLatest(database.db);
    const seed = await seedIfEmpty(database.db, { demoUsers: options.demoUsers ?? true });
    return { applied, seed };
  };
  if (database.kind !== 'postgres') {
    const previous = embeddedQueue.get(database) ?? Promise.resolve();
    const turn = previous.then(work);
    embeddedQueue.set(
      database,
      turn.then(
        () => undefined,
        () => undefined,
      ),
    );
    return turn;
  }
  return database.db.connection().execute(async (connection) => {
    await sql`select pg_advisory_lock(${STARTUP_LOCK_ID})`.execute(connection);
    try {
      return await work();
    } finally {
      await sql`select pg_advisory_unlock(${STARTUP_LOCK_ID})`.execute(connection);
    }
  });
}

/** Whether every migration this code knows has been applied (readiness): false while another instance migrates. */
export async function migrationsApplied(database: DatabaseHandle): Promise<boolean> {
  const table = await sql<{ name: string | null }>`select to_regclass('kysely_migration')::text as name`.execute(
    database.db,
  );
  if (!table.rows[0]?.name) return false;
  const rows = await sql<{ name: string }>`select name from kysely_migration`.execute(database.db);
  const applied = new Set(rows.rows.map((row) => row.name));
  return MIGRATION_NAMES.every((name) => applied.has(name));
}
