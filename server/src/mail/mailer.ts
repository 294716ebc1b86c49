import type { Kysely, Selectable, Transaction } from 'kysely';
import nodemailer from 'nodemailer';
import type { Database, OutboxEmailsTable } from '../db/schema';
import type { Logger } from '../logger';

export interface OutgoingEmail {
  to: string;
  subject: string;
  text: string;
}

/** Ends the e-mails that tell an account holder of a change to their account. */
export const NOT_YOU_LINE = 'Si no fuiste tú, responde a este correo o comunícate con nuestro equipo de inmediato.';

/** An e-mail to one person: "Hola, <name>:" (or "Hola:" without a name), a blank line, then the body's lines. */
export function personalEmail(
  to: string,
  subject: string,
  name: string | null,
  body: readonly string[],
): OutgoingEmail {
  return { to, subject, text: [name ? `Hola, ${name}:` : 'Hola:', '', ...body].join('\n') };
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

/**
 * How long one instance owns the e-mails it claimed: enough for a batch through a slow SMTP server. An instance that
 * died holding a claim lets it lapse, and the next delivery anywhere sends those e-mails.
 */
export const MAIL_CLAIM_MS = 15 * 60_000;
const MAIL_BATCH = 50;
const ERROR_MAX_LENGTH = 500;

/**
 * A transactional outbox: e-mails are rows written in the same transaction as the change they announce, and are
 * delivered after the commit. A failed delivery keeps the row with its error; nothing is lost or sent twice by a
 * rolled-back change. Several instances on one database share the outbox: each claims rows nobody holds
 * (`FOR UPDATE SKIP LOCKED`, for MAIL_CLAIM_MS) and only sends what it claimed, so an e-mail leaves once.
 */
export class Mailer {
  #running: Promise<void> = Promise.resolve();
  #stopping = false;

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

  /** Sends every row not yet sent nor failed nor held by another instance, one delivery run at a time. */
  deliverPending(): Promise<void> {
    const run = this.#running.then(() => this.#deliver());
    this.#running = run.catch(() => undefined);
    return run;
  }

  /** Starts a delivery in the background after a commit; the answer to the user does not wait for SMTP. */
  flush(): void {
    if (!this.transport || this.#stopping) return;
    this.deliverPending().catch((error: unknown) => this.logger.error('No se pudo enviar el correo pendiente:', error));
  }

  /** Shutdown: starts no further delivery, lets the e-mail being sent finish and hands the rest of its claim back. */
  async stop(): Promise<void> {
    this.#stopping = true;
    await this.#running;
  }

  async #claim(): Promise<Selectable<OutboxEmailsTable>[]> {
    const now = new Date();
    return this.db
      .updateTable('outbox_emails')
      .set({ claimed_until: new Date(now.getTime() + MAIL_CLAIM_MS) })
      .where('id', 'in', (eb) =>
        eb
          .selectFrom('outbox_emails')
          .select('id')
          .where('sent_at', 'is', null)
          .where('error', 'is', null)
          .where((inner) => inner.or([inner('claimed_until', 'is', null), inner('claimed_until', '<', now)]))
          .orderBy('id')
          .limit(MAIL_BATCH)
          .forUpdate()
          .skipLocked(),
      )
      .returningAll()
      .execute();
  }

  async #deliver(): Promise<void> {
    const transport = this.transport;
    if (!transport || this.#stopping) return;
    const claimed = (await this.#claim()).sort((a, b) => a.id - b.id);
    for (const [index, row] of claimed.entries()) {
      if (this.#stopping) {
        const unsent = claimed.slice(index).map((rest) => rest.id);
        await this.db.updateTable('outbox_emails').set({ claimed_until: null }).where('id', 'in', unsent).execute();
        return;
      }
      try {
        await transport.send({ to: row.to_address, subject: row.subject, text: row.text });
        await this.db
          .updateTable('outbox_emails')
          .set({ sent_at: new Date(), claimed_until: null })
          .where('id', '=', row.id)
          .execute();
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        this.logger.error(`No se pudo enviar el correo ${row.id} (${transport.name}): ${message}`);
        await this.db
          .updateTable('outbox_emails')
          .set({ error: message.slice(0, ERROR_MAX_LENGTH), claimed_until: null })
          .where('id', '=', row.id)
          .execute();
      }
    }
  }
}
