import type { Kysely, Transaction } from 'kysely';
import nodemailer from 'nodemailer';
import type { Database } from '../db/schema';
import type { Logger } from '../http/errors';

export interface OutgoingEmail {
  to: string;
  subject: string;
  text: string;
}

/** Where e-mails leave the server: SMTP in production, the log in development, nowhere in tests. */
export interface MailTransport {
  readonly name: string;
  send(email: OutgoingEmail): Promise<void>;
}

export const DEFAULT_MAIL_FROM = 'Dispensario Funcional <no-responder@dispensario.local>';

/** `SMTP_URL` (smtp://user:pass@host:587, smtps://...) or any nodemailer transport options. */
export function nodemailerTransport(options: string | Record<string, unknown>, from: string): MailTransport {
  const transporter = nodemailer.createTransport(options as Parameters<typeof nodemailer.createTransport>[0]);
  return {
    name: 'smtp',
    async send(email) {
      await transporter.sendMail({ from, to: email.to, subject: email.subject, text: email.text });
    },
  };
}

/** Development without SMTP: the e-mail is printed, so invitation links can be followed from the console. */
/**
 * A transactional outbox: e-mails are rows written in the same transaction as the change they announce, and are
 * delivered after the commit. A failed delivery keeps the row with its error; nothing is lost or sent twice by a
 * rolled-back change.
 */
export class Mailer {
  #running: Promise<void> = Promise.resolve();

  constructor(
    private readonly db: Kysely<Database>,
    private readonly transport: MailTransport | null,
    private readonly logger: Logger,
  ) {}

  /** False without SMTP: the e-mails stay in the outbox table, readable only in the admin's 'Correos enviados'. */
  get delivers(): boolean {
    return this.transport !== null;
  }

  async enqueue(executor: Kysely<Database> | Transaction<Database>, email: OutgoingEmail): Promise<void> {
    await executor
      .insertInto('outbox_emails')
      .values({ to_address: email.to, subject: email.subject, text: email.text })
      .execute();
  }

  /** Sends every row not yet sent nor failed, one delivery run at a time. */
  deliverPending(): Promise<void> {
    const run = this.#running.then(() => this.#deliver());
    this.#running = run.catch(() => undefined);
    return run;
  }

  /** Starts a delivery in the background after a commit; the answer to the user does not wait for SMTP. */
  flush(): void {
    if (!this.transport) return;
    this.deliverPending().catch((error: unknown) => this.logger.error('No se pudo enviar el correo pendiente:', error));
  }

  async #deliver(): Promise<void> {
    const transport = this.transport;
    if (!transport) return;
    const pending = await this.db
      .selectFrom('outbox_emails')
      .selectAll()
      .where('sent_at', 'is', null)
      .where('error', 'is', null)
      .orderBy('id')
      .limit(50)
      .execute();
    for (const row of pending) {
      try {
        await transport.send({ to: row.to_address, subject: row.subject, text: row.text });
        await this.db.updateTable('outbox_emails').set({ sent_at: new Date() }).where('id', '=', row.id).execute();
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        this.logger.error(`No se pudo enviar el correo ${row.id} (${transport.name}): ${message}`);
        await this.db
          .updateTable('outbox_emails')
          .set({ error: message.slice(0, 500) })
          .where('id', '=', row.id)
          .execute();
      }
    }
  }
}
