import type { Kysely } from 'kysely';
import { sql } from 'kysely';

/**
 * An account deletion left the invitation it registered with, and the account's professional, naming it: the next
 * read of the professional's register linked the anonymous row to the deleted account again, or took the account in
 * as a new 'Cuenta eliminada' row, each with its consent taken as confirmed (the deletion now clears both). This
 * repairs what such reads did: no invitation or professional names a deleted account, and no register row is linked
 * to one; those rows are revoked, as the deletion left them.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`update users set doctor_id = null where deleted_at is not null and doctor_id is not null`.execute(db);
  await sql`update invitations set used_by = null
    where used_by in (select id from users where deleted_at is not null)`.execute(db);
  await sql`update patients set user_id = null, consent_status = 'revoked', updated_at = now()
    where user_id in (select id from users where deleted_at is not null)`.execute(db);
}

/** The links removed here pointed at accounts that no longer exist for anyone: nothing to put back. */
export async function down(): Promise<void> {}
