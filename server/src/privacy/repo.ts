import type { Kysely } from 'kysely';
import type { ConsentAction } from '../../../src/lib/shared/privacy';
import type { Database, UserRow } from '../db/schema';
import { claimAcceptedInvitations } from '../patients/repo';
import { recordHealthConsent, syncPatientConsent, userCountry, type ConsentClient } from './consent-repo';

/**
 * The user's own consent changes in one transaction, and their patient register rows follow (claimed first: none
 * shows an old state).
 */
export async function changeHealthConsent(
  db: Kysely<Database>,
  user: Pick<UserRow, 'id' | 'country_id'>,
  change: { action: ConsentAction; textId: number; client: ConsentClient },
): Promise<void> {
  const { action, textId, client } = change;
  await db.transaction().execute(async (trx) => {
    await recordHealthConsent(trx, { userId: user.id, country: userCountry(user), action, client, textId });
    await claimAcceptedInvitations(trx, { userId: user.id });
    await syncPatientConsent(trx, user.id, action === 'granted' ? 'confirmed' : 'revoked');
  });
}

/** The latest account deletions (at most `limit`), newest first, with the anonymous anchor's uid. */
export function recentAccountDeletions(db: Kysely<Database>, limit: number) {
  return db
    .selectFrom('account_deletions as d')
    .innerJoin('users as u', 'u.id', 'd.user_id')
    .select(['d.id', 'u.uid', 'd.role', 'd.country_id', 'd.created_at', 'd.kept_orders', 'd.kept_prescriptions'])
    .orderBy('d.id', 'desc')
    .limit(limit)
    .execute();
}
