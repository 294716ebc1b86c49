import { sql, type SelectQueryBuilder } from 'kysely';
import type { Database } from './schema';

/** Tables whose rows one instance at a time works on, for a while (`claimed_until`): the mail outbox, the reminders. */
type ClaimedTable = 'outbox_emails' | 'reminder_notifications';

/**
 * Narrows a selection of work to the rows no instance holds (never claimed, or their claim lapsed by `now`), at most
 * `limit` of them, locked for this transaction; rows another instance is claiming at this moment are skipped rather
 * than waited for, so several instances share the work without taking a row twice.
 */
export function unclaimedBatch<T extends ClaimedTable, O>(
  query: SelectQueryBuilder<Database, T, O>,
  now: Date,
  limit: number,
): SelectQueryBuilder<Database, T, O> {
  const claimedUntil = sql.ref('claimed_until');
  return query
    .where((inner) => inner.or([inner(claimedUntil, 'is', null), inner(claimedUntil, '<', now)]))
    .limit(limit)
    .forUpdate()
    .skipLocked();
}
