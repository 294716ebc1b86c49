import type { Kysely } from 'kysely';
import { addIndex } from './helpers';

// Several instances of the server on one PostgreSQL database (issue #21): nothing that must hold across instances
// may live in one process's memory.
export async function up(db: Kysely<unknown>): Promise<void> {
  // The counters of the login lock-outs and rate limits when DATABASE_URL is set, in the layout rate-limiter-flexible's
  // PostgreSQL store reads and writes (key, points, expire in epoch milliseconds). Keys are hashes: no e-mail or
  // address in the clear. Made here rather than by the library so the schema has one owner.
  await db.schema
    .createTable('rate_limits')
    .addColumn('key', 'text', (col) => col.primaryKey())
    .addColumn('points', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('expire', 'bigint')
    .execute();
  await addIndex(db, 'rate_limits_expire_idx', 'rate_limits', ['expire']);

  // The outbox's e-mails are claimed by one instance at a time, for a while: another instance skips them, and they
  // are claimable again once an instance that died holding them lets the claim lapse.
  await db.schema.alterTable('outbox_emails').addColumn('claimed_until', 'timestamptz').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('outbox_emails').dropColumn('claimed_until').execute();
  await db.schema.dropTable('rate_limits').execute();
}
