import type { Kysely } from 'kysely';
import { addIndex, notNull, notNullNow, ownedBy, tableWithId } from './helpers';

// Single-use links to set a new password: only the SHA-256 of each token is kept, as for sessions and invitations.
export async function up(db: Kysely<unknown>): Promise<void> {
  await tableWithId(db, 'password_resets')
    .addColumn('user_id', 'integer', ownedBy('users.id'))
    .addColumn('token_hash', 'text', (col) => col.notNull().unique())
    .addColumn('created_at', 'timestamptz', notNullNow)
    .addColumn('expires_at', 'timestamptz', notNull)
    .addColumn('used_at', 'timestamptz')
    .execute();
  await addIndex(db, 'password_resets_user_idx', 'password_resets', ['user_id']);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('password_resets').execute();
}
