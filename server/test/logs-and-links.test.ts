import { beforeAll, describe, expect, it } from 'vitest';
import type { CreatePatientResponseDto } from '../../src/lib/shared/prescriptions';
import { createLogger, redactForLog } from '../src/logger';
import { createUser, jsonRequest, lastEmailTo, sessionFor, type TestContext } from './helpers';
import { client, createPatient, json, patientBody } from './prescriptions-fixtures';
import { testContextForFile } from './support/file-context';

// Issue #15: no secrets or personal data in the log in any environment, and e-mailed links never built from what
// the request says about the host.

const ctx = testContextForFile();
let doctorToken: string;
let address = 0;
const freshAddress = () => `192.0.2.${(address += 1)}`;

beforeAll(async () => {
  doctorToken = await sessionFor(ctx, 'medico.co@demo.test');
});

/** An app of the test database whose log, the server's own at every level (access lines too), is kept in `lines`. */
function recordedApp(overrides: Parameters<TestContext['makeApp']>[0] = {}) {
  const lines: string[] = [];
  const app = ctx.makeApp({ logger: createLogger('debug', { write: (line) => void lines.push(line) }), ...overrides });
  return { app, log: () => lines.join('') };
}

describe('e-mailed links', () => {
  it('a forged Host or X-Forwarded-Host never reaches a reset or invitation link', async () => {
    const forged = { host: 'atacante.example', 'x-forwarded-host': 'atacante.example' };
    const user = await createUser(ctx, { role: 'patient' });
    const reset = await ctx.app.request(
      'http://atacante.example/api/auth/password-reset/request',
      jsonRequest('POST', { email: user.email }, { ...forged, 'x-country': 'co', 'x-forwarded-for': freshAddress() }),
    );
    expect(reset.status).toBe(200);
    expect((await lastEmailTo(ctx, user.email))?.text).toMatch(
      /(^|\s)http:\/\/localhost\/co\/restablecer-contrasena#token=/,
    );

    const invited = await client(ctx, { token: doctorToken }).send('POST', '/patients', patientBody(), forged);
    expect(invited.status).toBe(201);
    const { invitation } = await json<CreatePatientResponseDto>(invited);
    expect(invitation.link).toMatch(/^http:\/\/localhost\/co\/registro\?invitacion=/);
    expect(JSON.stringify(await ctx.database.db.selectFrom('outbox_emails').select('text').execute())).not.toContain(
      'atacante',
    );
  });
});

describe('the log', () => {
  it('holds no reset or invitation link, patient name or e-mail, at any level', async () => {
    const { app, log } = recordedApp();
    const user = await createUser(ctx, { role: 'patient' });
    await app.request(
      '/api/auth/password-reset/request',
      jsonRequest('POST', { email: user.email }, { 'x-country': 'co', 'x-forwarded-for': freshAddress() }),
    );
    const { patient, invitation } = await createPatient({ ...ctx, app }, { token: doctorToken });
    const code = new URL(invitation.link).searchParams.get('invitacion')!;
    await app.request(`/api/invitations/${code}`);
    const written = log();
    // The requests were logged (their access lines), the invitation's code masked in its path.
    expect(written).toContain('"path":"/api/invitations/[secreto]"');
    const secrets = [user.email, patient.email, patient.first_name, patient.last_name, code, 'invitacion=', '#token='];
    for (const secret of secrets) expect(written).not.toContain(secret);
  });

  it('a mail server’s refusal is logged without the recipient; the admin still reads it in Correos enviados', async () => {
    const recipient = `rechazado.${Date.now()}@correo.test`;
    const { app, log } = recordedApp({
      mailTransport: {
        name: 'prueba',
        send: () => Promise.reject(new Error(`550 5.1.1 <${recipient}>: Recipient address rejected`)),
      },
    });
    await app.services.mailer.enqueue(ctx.database.db, { to: recipient, subject: 'Prueba', text: 'Hola' });
    await app.services.mailer.deliverPending();
    expect(log()).toContain('No se pudo enviar el correo');
    expect(log()).not.toContain(recipient);
    expect((await lastEmailTo(ctx, recipient))?.error).toContain(recipient);
  });

  it('an error is written as its stack only: a database error’s detail with the row’s values stays out', () => {
    const duplicate = Object.assign(new Error('duplicate key value violates unique constraint "users_email_key"'), {
      detail: 'Key (email)=(ana.gomez@correo.test) already exists.',
    });
    const line = redactForLog(duplicate);
    expect(line).toContain('users_email_key');
    expect(line).not.toContain('ana.gomez');
    expect(redactForLog('Enlace http://localhost/co/registro?invitacion=abc123&x=1')).toBe(
      'Enlace http://localhost/co/registro?invitacion=[secreto]&x=1',
    );
    expect(redactForLog(`[GET] /api/invitations/${'A'.repeat(43)}:`)).toBe('[GET] /api/invitations/[secreto]:');
  });
});
