import { sentEmailsQuerySchema } from '../../../src/lib/shared/admin-schemas';
import type { SentEmailDto } from '../../../src/lib/shared/emails';
import type { Api } from '../http/auth';
import type { Services } from '../http/services';
import { normalizeEmail } from '../users/repo';
import { sentEmails } from './emails-repo';

/**
 * The e-mails the shop sent, newest first, or those to one address: support answers "did my invitation (or reset
 * link) go out?". Without SMTP (development, tests) the e-mails are delivered nowhere, so their bodies are shown here
 * instead of being printed to the log: invitation and reset links never reach a log file.
 */
export function registerAdminEmailRoutes(api: Api, services: Services): void {
  api.get('/admin/emails', { access: ['admin'], query: sentEmailsQuerySchema }, async (c) => {
    const { to } = c.req.valid('query');
    const rows = await sentEmails(services.db, to ? normalizeEmail(to) : undefined);
    const showBodies = !services.mailer.delivers;
    return c.json<SentEmailDto[]>(
      rows.map((row) => ({
        id: row.id,
        to: row.to_address,
        subject: row.subject,
        text: showBodies ? row.text : null,
        createdAt: row.created_at.toISOString(),
        sentAt: row.sent_at?.toISOString() ?? null,
        error: row.error,
      })),
    );
  });
}
