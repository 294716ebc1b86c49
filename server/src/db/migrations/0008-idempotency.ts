import { sql, type Kysely } from 'kysely';

// The first successful answer to each (user, Idempotency-Key): retried and replayed writes (patients, credential
// and signed-prescription uploads) take effect once. A row without status is a request still running.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('idempotent_requests')
    .addColumn('id', 'serial', (col) => col.primaryKey())
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('key', 'text', (col) => col.notNull())
    .addColumn('request_hash', 'text', (col) => col.notNull())
    .addColumn('status', 'integer')
    .addColumn('content_type', 'text')
    .addColumn('response_body', 'text')
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('idempotent_requests_user_key_unique', ['user_id', 'key'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('idempotent_requests').execute();
}
