import type { Kysely, Updateable } from 'kysely';
import type { Database, UserRow, UsersTable } from '../db/schema';
import type { Mailer, OutgoingEmail } from '../mail/mailer';
import { COMPLETED_FROM_ACCOUNT, completeFromAccounts } from '../patients/repo';
import { revokeUserSessions } from '../sessions/repo';

/** Applies a profile change and answers the updated account. */
export function updateProfile(db: Kysely<Database>, userId: number, updates: Updateable<UsersTable>): Promise<UserRow> {
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .updateTable('users')
      .set(updates)
      .where('id', '=', userId)
      .returningAll()
      .executeTakeFirstOrThrow();
    // What the patient fills in completes the empty fields of their record in the register, now rather than at the
    // professional's next read (issue #18).
    if (COMPLETED_FROM_ACCOUNT.some((field) => updates[field] !== undefined && updates[field] !== null)) {
      await completeFromAccounts(trx, { userId });
    }
    return row;
  });
}

export async function setProfilePhoto(db: Kysely<Database>, userId: number, url: string): Promise<void> {
  await db.updateTable('users').set({ profile_image_url: url }).where('id', '=', userId).execute();
}

/** The account whose profile photo this is, with its doctor to tell who may see it; undefined when none. */
export function findProfilePhotoOwner(db: Kysely<Database>, url: string) {
  return db.selectFrom('users').select(['id', 'doctor_id']).where('profile_image_url', '=', url).executeTakeFirst();
}

/** A change of the account's e-mail or password. */
export interface AccessChange {
  userId: number;
  updates: Updateable<UsersTable>;
  /** The session asking, which stays signed in. */
  sessionId: number;
  /** A new password signs out every other session of the account. */
  revokeOtherSessions: boolean;
  /** What the previous address hears about the change. */
  notice: OutgoingEmail;
}

/**
 * Applies an access change, revokes the other sessions when asked and queues the notice, all in one transaction; the
 * caller flushes the mailer. A unique violation of the e-mail surfaces as the error.
 */
export async function changeAccess(db: Kysely<Database>, mailer: Mailer, change: AccessChange): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.updateTable('users').set(change.updates).where('id', '=', change.userId).execute();
    if (change.revokeOtherSessions) await revokeUserSessions(trx, change.userId, change.sessionId);
    await mailer.enqueue(trx, change.notice);
  });
}
