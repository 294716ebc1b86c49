import type { Kysely } from 'kysely';
import { PASSWORD_RESET_LIFETIME_MS } from '../../../src/lib/shared/passwords';
import type { Database } from '../db/schema';
import type { Mailer, OutgoingEmail } from '../mail/mailer';
import { revokeUserSessions } from '../sessions/repo';

/** The account a password was reset for, as its confirmation e-mail greets it. */
interface ResetAccount {
  email: string;
  display_name: string;
}

/**
 * A new single-use link for the user, valid 30 minutes, and its e-mail queued in the same transaction. Only the newest
 * link works: asking again makes the earlier ones useless.
 */
export async function issuePasswordReset(
  db: Kysely<Database>,
  mailer: Mailer,
  reset: { userId: number; tokenHash: string; email: OutgoingEmail },
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('password_resets')
      .set({ used_at: new Date() })
      .where('user_id', '=', reset.userId)
      .where('used_at', 'is', null)
      .execute();
    await trx
      .insertInto('password_resets')
      .values({
        user_id: reset.userId,
        token_hash: reset.tokenHash,
        expires_at: new Date(Date.now() + PASSWORD_RESET_LIFETIME_MS),
      })
      .execute();
    await mailer.enqueue(trx, reset.email);
  });
}

/**
 * Claims the link and sets the new password, ends every session of the account and queues `email` for it, all in one
 * transaction. False (and nothing changed) when the link is unknown, used or expired.
 */
export async function resetPassword(
  db: Kysely<Database>,
  mailer: Mailer,
  reset: { tokenHash: string; passwordHash: string; email: (account: ResetAccount) => OutgoingEmail },
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const now = new Date();
    // Claimed by a conditional update: two submissions of one link cannot both succeed.
    const claimed = await trx
      .updateTable('password_resets')
      .set({ used_at: now })
      .where('token_hash', '=', reset.tokenHash)
      .where('used_at', 'is', null)
      .where('expires_at', '>', now)
      .returning('user_id')
      .executeTakeFirst();
    if (!claimed) return false;
    const account = await trx
      .updateTable('users')
      .set({ password_hash: reset.passwordHash, required_change_password: false })
      .where('id', '=', claimed.user_id)
      .returning(['email', 'display_name'])
      .executeTakeFirstOrThrow();
    // Whoever knew the old password, or holds a session opened with it, is out.
    await revokeUserSessions(trx, claimed.user_id);
    await mailer.enqueue(trx, reset.email(account));
    return true;
  });
}
