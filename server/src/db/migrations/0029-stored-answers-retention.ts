import type { Kysely } from 'kysely';

/**
 * The sweep deletes stored answers of retried writes once they are older than their retention
 * (`STORED_ANSWER_RETENTION_MS`): by age, every minute, so by an index rather than a read of the whole table.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('idempotent_requests_created_at')
    .on('idempotent_requests')
    .column('created_at')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('idempotent_requests_created_at').execute();
}
