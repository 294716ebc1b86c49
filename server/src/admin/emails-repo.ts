import type { Kysely } from 'kysely';
import { SENT_EMAILS_LATEST, SENT_EMAILS_PER_ADDRESS } from '../../../src/lib/shared/emails';
import type { Database } from '../db/schema';

/** The outbox, newest first: the latest e-mails, or the latest to one (normalized) address. */
export function sentEmails(db: Kysely<Database>, toAddress: string | undefined) {
  const query = db.selectFrom('outbox_emails').selectAll().orderBy('id', 'desc');
  return (
    toAddress === undefined
      ? query.limit(SENT_EMAILS_LATEST)
      : query.where('to_address', '=', toAddress).limit(SENT_EMAILS_PER_ADDRESS)
  ).execute();
}
