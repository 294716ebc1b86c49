import { sql, type Kysely, type Updateable } from 'kysely';
import type { ApprovalStatus } from '../../../src/lib/shared/accounts';
import { AFFILIATE_ROLES } from '../../../src/lib/shared/affiliate-schemas';
import { HORMONE_PRESCRIPTION_DOCUMENT_TYPE } from '../../../src/lib/shared/orders';
import type { Database, UserRow, UsersTable } from '../db/schema';
import { wordPatterns } from '../db/search';
import type { Mailer, OutgoingEmail } from '../mail/mailer';
import { findUserById } from '../users/repo';

type AffiliateRole = (typeof AFFILIATE_ROLES)[number];

const MAX_AFFILIATES = 500;
const ACCENTED = 'áàäâãéèëêíìïîóòöôõúùüûñç';
const PLAIN = 'aaaaaeeeeiiiiooooouuuunc';

/** A professional's account (doctor or health professional); undefined for any other account or none. */
export async function findAffiliate(db: Kysely<Database>, id: number): Promise<UserRow | undefined> {
  const user = await findUserById(db, id);
  return AFFILIATE_ROLES.some((role) => role === user?.role) ? user : undefined;
}

/**
 * The newest professionals (at most 500) of a role and approval status when given, whose name, e-mail, document or
 * licence holds every word of `search`, regardless of accents.
 */
export function listAffiliates(
  db: Kysely<Database>,
  filter: { status: ApprovalStatus | undefined; role: AffiliateRole | undefined; search: string | undefined },
): Promise<UserRow[]> {
  let query = db
    .selectFrom('users')
    .selectAll()
    .where('role', 'in', filter.role ? [filter.role] : AFFILIATE_ROLES);
  if (filter.status) query = query.where('approval_status', '=', filter.status);
  for (const pattern of wordPatterns(filter.search)) {
    query = query.where(
      sql<string>`translate(lower(display_name || ' ' || email || ' ' || coalesce(document_number, '') || ' ' || coalesce(professional_license_number, '')), ${ACCENTED}, ${PLAIN})`,
      'like',
      pattern,
    );
  }
  return query.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(MAX_AFFILIATES).execute();
}

/** An admin's decision on a professional's account. */
export interface AffiliateDecision {
  user: Updateable<UsersTable>;
  /** The verdict on the latest pending credentials, when the decision is on them too. */
  credentials?: 'approved' | 'rejected';
  email: OutgoingEmail;
}

/** Applies a decision and queues the professional's e-mail in the same transaction; the caller flushes the mailer. */
export async function recordAffiliateDecision(
  db: Kysely<Database>,
  mailer: Mailer,
  decision: AffiliateDecision & { affiliateId: number; reviewerId: number },
): Promise<void> {
  const { affiliateId: id, user: updates, credentials } = decision;
  const now = new Date();
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('users')
      .set({ ...updates, approval_reviewed_at: now })
      .where('id', '=', id)
      .execute();
    if (credentials) {
      const latest = await trx
        .selectFrom('credentials')
        .select('id')
        .where('user_id', '=', id)
        .where('status', '=', 'pending')
        // A hormone prescription of a purchase is reviewed on its order, never with the professional's credentials.
        .where('document_type', '!=', HORMONE_PRESCRIPTION_DOCUMENT_TYPE)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .executeTakeFirst();
      if (latest) {
        await trx
          .updateTable('credentials')
          .set({
            status: credentials,
            reason: credentials === 'rejected' ? (updates.approval_reason ?? null) : null,
            reviewed_at: now,
            reviewed_by: decision.reviewerId,
          })
          .where('id', '=', latest.id)
          .execute();
      }
    }
    await mailer.enqueue(trx, decision.email);
  });
}
