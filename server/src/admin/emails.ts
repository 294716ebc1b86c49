import type { Api } from '../http/auth';
import { QueryReader } from '../http/query-params';
import type { Services } from '../http/services';
import { normalizeEmail } from '../users/repo';

const MAX_EMAILS = 20;

export interface OutboxEmailDto {
  id: number;
  to: string;
  subject: string;
  text: string;
  createdAt: string;
  sentAt: string | null;
  error: string | null;
}

/**
 * The e-mails the shop sent to one address, newest first: support answers "did my invitation (or reset link) go
 * out?", and the end-to-end tests follow the links a user would get.
 */
export function registerAdminEmailRoutes(api: Api, services: Services): void {
  api.get('/admin/emails', { access: ['admin'] }, async (c) => {
    const reader = new QueryReader(c.req.query());
    const to = reader.text('to', 254);
    reader.assertValid();
    if (!to) return c.json<OutboxEmailDto[]>([]);
    const rows = await services.db
      .selectFrom('outbox_emails')
      .selectAll()
      .where('to_address', '=', normalizeEmail(to))
      .orderBy('id', 'desc')
      .limit(MAX_EMAILS)
      .execute();
    return c.json<OutboxEmailDto[]>(
      rows.map((row) => ({
        id: row.id,
        to: row.to_address,
        subject: row.subject,
        text: row.text,
        createdAt: row.created_at.toISOString(),
        sentAt: row.sent_at?.toISOString() ?? null,
        error: row.error,
      })),
    );
  });
}
