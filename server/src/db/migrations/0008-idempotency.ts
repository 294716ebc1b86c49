import type { Kysely } from 'kysely';
import { notNull, notNullNow, ownedBy, tableWithId } from './helpers';

// The first successful answer to each (user, Idempotency-Key): retried and replayed writes (patients, credential
// and signed-prescription uploads) take effect once. A row without status is a request still running.
export async function up(db: Kysely<unknown>): Promise<void> {
  await tableWithId(db, 'idempotent_requests')
    .addColumn('user_id', 'integer', ownedBy('users.id'))
    .addColumn('key', 'text', notNull)
    .addColumn('request_hash', 'text', notNull)
    .addColumn('status', 'integer')
    .addColumn('content_type', 'text')
    .addColumn('response_body', 'text')
    .addColumn('created_at', 'timestamptz', notNullNow)
    .addUniqueConstraint('idempotent_requests_user_key_unique', ['user_id', 'key'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('idempotent_requests').execute();
}
