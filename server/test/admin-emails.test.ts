import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SentEmailDto } from '../../src/lib/shared/emails';
import type { OutgoingEmail } from '../src/mail/mailer';
import { authHeaders, createTestContext, sessionFor, type TestContext } from './helpers';

let ctx: TestContext;
let admin: string;

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await sessionFor(ctx, 'admin@demo.test', 'co');
  for (const to of ['uno@correo.test', 'dos@correo.test']) {
    await ctx.app.services.mailer.enqueue(ctx.database.db, {
      to,
      subject: 'Tu invitación al Dispensario Funcional',
      text: `Crea tu cuenta: http://localhost/co/registro?invitacion=${to}`,
    });
  }
});

afterAll(async () => {
  await ctx.close();
});

async function listed(app = ctx.app, query = ''): Promise<SentEmailDto[]> {
  const response = await app.request(`/api/admin/emails${query}`, { headers: authHeaders(admin, 'co') });
  expect(response.status).toBe(200);
  return (await response.json()) as SentEmailDto[];
}

describe("admin's sent e-mails", () => {
  it('without SMTP lists the latest e-mails of every address with their text, newest first', async () => {
    const emails = await listed();
    expect(emails.map((email) => email.to)).toEqual(['dos@correo.test', 'uno@correo.test']);
    expect(emails[0]?.text).toContain('registro?invitacion=dos@correo.test');
    expect(emails[0]?.sentAt).toBeNull();
    expect((await listed(ctx.app, '?to=UNO@correo.test')).map((email) => email.to)).toEqual(['uno@correo.test']);
  });

  it('with a mail server the texts are not shown: an admin could otherwise follow a reset link', async () => {
    const delivered: OutgoingEmail[] = [];
    const withSmtp = ctx.makeApp({
      mailTransport: {
        name: 'prueba',
        send: async (email) => {
          delivered.push(email);
        },
      },
    });
    await withSmtp.services.mailer.deliverPending();
    expect(delivered).toHaveLength(2);
    const emails = await listed(withSmtp);
    expect(emails.map((email) => email.text)).toEqual([null, null]);
    expect(emails.every((email) => email.sentAt !== null)).toBe(true);
  });
});
