/** One e-mail of the outbox, as the admin's 'Correos enviados' lists it (GET /admin/emails). */
export interface SentEmailDto {
  id: number;
  to: string;
  subject: string;
  /**
   * The body, only while the server delivers no e-mail (no SMTP_URL: development and tests), when this list is the
   * only place the e-mails can be read. With SMTP it is null: an admin reading someone's reset link could take over
   * their account.
   */
  text: string | null;
  createdAt: string;
  sentAt: string | null;
  error: string | null;
}

/** Newest first: the last ones to one address, or the last ones of all. */
export const SENT_EMAILS_PER_ADDRESS = 20;
export const SENT_EMAILS_LATEST = 50;
