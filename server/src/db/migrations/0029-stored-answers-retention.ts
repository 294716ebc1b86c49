import type { Kysely } from 'kysely';
import { addIndex } from './helpers';

/**
 * The sweep deletes stored answers of retried writes once they are older than their retention
 * (`STORED_ANSWER_RETENTION_MS`): by age, every minute, so by an index rather than a read of the whole table.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await addIndex(db, 'idempotent_requests_created_at', 'idempotent_requests', ['created_at']);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('idempotent_requests_created_at').execute();
}
