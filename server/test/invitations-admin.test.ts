import { beforeAll, describe, expect, it } from 'vitest';
import type {
  AffiliateDto,
  CredentialsStatusDto,
  InvitationDto,
  InvitationPreviewDto,
} from '../../src/lib/shared/accounts';
import type { ApiErrorBody } from '../../src/lib/shared/api-types';
import type { UserRow } from '../src/db/schema';
import { Mailer, nodemailerTransport, type OutgoingEmail } from '../src/mail/mailer';
import { authHeaders, createUser, jsonRequest, sessionFor, silentLogger } from './helpers';
import { testContextForFile } from './support/file-context';
import { invitationTokenOf } from './support/registration';

const ctx = testContextForFile();
let doctorToken: string;
let professionalToken: string;
let pendingToken: string;
let patientToken: string;
let adminToken: string;

beforeAll(async () => {
  [doctorToken, professionalToken, pendingToken, patientToken, adminToken] = await Promise.all([
    sessionFor(ctx, 'medico.co@demo.test', 'co'),
    sessionFor(ctx, 'profesional.mx@demo.test', 'mx'),
    sessionFor(ctx, 'pendiente.co@demo.test'),
    sessionFor(ctx, 'paciente.co@demo.test'),
    sessionFor(ctx, 'admin@demo.test'),
  ]);
});

async function body<T>(response: Response): Promise<T> {
  return (await response.json()) as T;
}

const send = (
  method: string,
  path: string,
  payload: unknown,
  token?: string,
  country?: 'co' | 'mx' | 'pe',
  app = ctx.app,
) => app.request(`/api${path}`, jsonRequest(method, payload, token ? authHeaders(token, country) : {}));

async function outboxFor(address: string) {
  return ctx.database.db
    .selectFrom('outbox_emails')
    .selectAll()
    .where('to_address', '=', address)
    .orderBy('id')
    .execute();
}

describe('POST /api/invitations', () => {
  it('creates a single-use link for the session country and queues the e-mail', async () => {
    const response = await send(
      'POST',
      '/invitations',
      { email: ' Nuevo.Paciente@Correo.test ', firstName: 'Julián', lastName: 'Mora' },
      doctorToken,
      'co',
    );
    expect(response.status).toBe(201);
    const invitation = await body<InvitationDto>(response);
    expect(invitation).toMatchObject({
      email: 'nuevo.paciente@correo.test',
      firstName: 'Julián',
      lastName: 'Mora',
      documentNumber: null,
      country: 'co',
      usedAt: null,
    });
    expect(invitation.link).toMatch(/^http:\/\/localhost\/co\/registro\?invitacion=[A-Za-z0-9_-]{43}$/);
    const days = (Date.parse(invitation.expiresAt) - Date.parse(invitation.createdAt)) / 86_400_000;
    expect(days).toBeCloseTo(14, 3);
    const [email] = await outboxFor('nuevo.paciente@correo.test');
    expect(email?.subject).toBe('Carolina Mejía Duarte te invita al Dispensario Funcional');
    expect(email?.text).toContain(invitation.link);
    expect(email?.text).toContain('Hola, Julián:');
    expect(email?.sent_at).toBeNull();
    // The token is stored hashed only.
    const token = invitationTokenOf(invitation.link);
    const rows = await ctx.database.db.selectFrom('invitations').selectAll().execute();
    expect(JSON.stringify(rows)).not.toContain(token);
  });

  it('uses PUBLIC_URL for the link when configured', async () => {
    const app = ctx.makeApp({ publicUrl: 'https://dispensario.example/' });
    const response = await send(
      'POST',
      '/invitations',
      { documentNumber: '12.345.678-9' },
      professionalToken,
      'mx',
      app,
    );
    expect(response.status).toBe(201);
    const invitation = await body<InvitationDto>(response);
    expect(invitation.link).toMatch(/^https:\/\/dispensario\.example\/mx\/registro\?invitacion=/);
    expect(invitation.documentNumber).toBe('123456789');
    expect(invitation.country).toBe('mx');
  });

  it('needs an e-mail or a document, valid ones, of nobody registered', async () => {
    const none = await send('POST', '/invitations', { firstName: 'Ana' }, doctorToken);
    expect(none.status).toBe(400);
    expect(await body<ApiErrorBody & { fieldErrors: unknown[] }>(none)).toMatchObject({
      message: 'Revisa los datos del formulario.',
      fieldErrors: [{ field: 'body', message: 'Indica el correo o el documento del paciente.' }],
    });
    const bad = await send('POST', '/invitations', { email: 'x@', documentNumber: '1#' }, doctorToken);
    expect(bad.status).toBe(400);
    expect((await body<ApiErrorBody & { fieldErrors: unknown[] }>(bad)).fieldErrors).toEqual([
      { field: 'email', message: 'Escribe un correo electrónico válido.' },
      { field: 'documentNumber', message: 'El documento debe tener entre 5 y 20 letras o números.' },
    ]);
    // Junk of any type is a 400, never a 5xx.
    for (const value of [true, 7, [], { a: 1 }, 'x'.repeat(300), '\u0000']) {
      const junk = await send('POST', '/invitations', { email: value, firstName: value }, doctorToken);
      expect(junk.status, JSON.stringify(value)).toBe(400);
    }
    const taken = await send('POST', '/invitations', { email: 'paciente.mx@demo.test' }, doctorToken);
    expect(taken.status).toBe(409);
    const takenDocument = await send('POST', '/invitations', { documentNumber: '61345674' }, doctorToken);
    expect(takenDocument.status).toBe(409);
  });

  it('only approved doctors and health professionals invite', async () => {
    const pending = await send('POST', '/invitations', { email: 'a@b.test' }, pendingToken);
    expect(pending.status).toBe(403);
    expect((await body<ApiErrorBody>(pending)).message).toMatch(/aún no está aprobada/);
    expect((await send('POST', '/invitations', { email: 'a@b.test' }, patientToken)).status).toBe(403);
    expect((await send('POST', '/invitations', { email: 'a@b.test' }, adminToken)).status).toBe(403);
    expect((await send('POST', '/invitations', { email: 'a@b.test' })).status).toBe(401);
  });
});

describe('GET /api/invitations and /api/invitations/{token}', () => {
  it("lists the professional's own invitations, newest first, without tokens", async () => {
    const first = await body<InvitationDto>(
      await send('POST', '/invitations', { email: 'lista.1@correo.test' }, doctorToken),
    );
    const second = await body<InvitationDto>(
      await send('POST', '/invitations', { email: 'lista.2@correo.test' }, doctorToken),
    );
    const response = await ctx.app.request('/api/invitations', { headers: authHeaders(doctorToken) });
    expect(response.status).toBe(200);
    const { data } = await body<{ data: InvitationDto[] }>(response);
    expect(data.slice(0, 2).map((item) => item.id)).toEqual([second.id, first.id]);
    expect(data.every((item) => item.link === undefined)).toBe(true);
    expect(JSON.stringify(data)).not.toContain('invitacion=');
    const others = await body<{ data: InvitationDto[] }>(
      await ctx.app.request('/api/invitations', { headers: authHeaders(professionalToken, 'mx') }),
    );
    expect(others.data.map((item) => item.id)).not.toContain(first.id);
  });

  it('previews a usable invitation to anyone; used, expired or unknown ones are 404', async () => {
    const created = await body<InvitationDto>(
      await send('POST', '/invitations', { email: 'vista@correo.test', firstName: 'Eva' }, doctorToken),
    );
    const token = invitationTokenOf(created.link);
    const preview = await ctx.app.request(`/api/invitations/${token}`);
    expect(preview.status).toBe(200);
    expect(await body<InvitationPreviewDto>(preview)).toEqual({
      email: 'vista@correo.test',
      documentNumber: null,
      firstName: 'Eva',
      lastName: null,
      country: 'co',
      expiresAt: created.expiresAt,
      professional: { display_name: 'Carolina Mejía Duarte', role: 'doctor' },
      record: null,
    });
    const expectGone = async (path: string) => {
      const response = await ctx.app.request(path);
      expect(response.status).toBe(404);
      expect(await body<ApiErrorBody>(response)).toEqual({ message: 'La invitación no es válida o ya expiró.' });
    };
    await expectGone(`/api/invitations/${'A'.repeat(43)}`);
    await expectGone('/api/invitations/corto');
    await ctx.database.db
      .updateTable('invitations')
      .set({ expires_at: new Date(Date.now() - 1) })
      .where('id', '=', created.id)
      .execute();
    await expectGone(`/api/invitations/${token}`);
    await ctx.database.db
      .updateTable('invitations')
      .set({ expires_at: new Date(Date.now() + 60_000), used_at: new Date() })
      .where('id', '=', created.id)
      .execute();
    await expectGone(`/api/invitations/${token}`);
  });
});

describe('admin: affiliates', () => {
  let applicant: UserRow;

  /** `POST /credentials` of one PDF in a new session of `user` (which ends the previous one); answers the status. */
  async function upload(user: UserRow, documentType: string, name: string, userId = String(user.id)) {
    const form = new FormData();
    form.append('files', new File([Buffer.from(`%PDF-1.4 ${name}`)], name));
    form.append('userId', userId);
    form.append('documentType', documentType);
    form.append('contactNumber', '3001112233');
    const token = await sessionFor(ctx, user.email);
    return (await ctx.app.request('/api/credentials', { method: 'POST', body: form, headers: authHeaders(token) }))
      .status;
  }

  beforeAll(async () => {
    applicant = await createUser(ctx, { role: 'health_professional', approval: 'pending', firstName: 'Íñigo' });
    expect(await upload(applicant, 'tarjeta-profesional', 'tarjeta.pdf')).toBe(201);
  });

  it('lists professionals with their credentials, filtered by status, role and search', async () => {
    const all = await body<{ data: AffiliateDto[] }>(
      await ctx.app.request('/api/admin/affiliates', { headers: authHeaders(adminToken) }),
    );
    expect(all.data.every((item) => item.role === 'doctor' || item.role === 'health_professional')).toBe(true);
    expect(all.data.length).toBeGreaterThanOrEqual(10);
    const pending = await body<{ data: AffiliateDto[] }>(
      await ctx.app.request('/api/admin/affiliates?status=pending&role=health_professional', {
        headers: authHeaders(adminToken),
      }),
    );
    expect(pending.data.map((item) => item.id)).toContain(applicant.id);
    expect(
      pending.data.every((item) => item.approval_status === 'pending' && item.role === 'health_professional'),
    ).toBe(true);
    const entry = pending.data.find((item) => item.id === applicant.id);
    expect(entry?.credentials.status).toBe('pending');
    expect(entry?.credentials.history[0]?.files[0]?.name).toBe('tarjeta.pdf');
    const search = await body<{ data: AffiliateDto[] }>(
      await ctx.app.request(`/api/admin/affiliates?search=${encodeURIComponent('inigo')}`, {
        headers: authHeaders(adminToken),
      }),
    );
    expect(search.data.map((item) => item.id)).toEqual([applicant.id]);
    const mejia = await body<{ data: AffiliateDto[] }>(
      await ctx.app.request(`/api/admin/affiliates?search=${encodeURIComponent('MEJIA carolina')}`, {
        headers: authHeaders(adminToken),
      }),
    );
    expect(mejia.data.map((item) => item.email)).toEqual(['medico.co@demo.test']);
    const bad = await ctx.app.request('/api/admin/affiliates?status=raro&role=admin', {
      headers: authHeaders(adminToken),
    });
    expect(bad.status).toBe(400);
    expect((await body<ApiErrorBody>(bad)).errors).toHaveLength(2);
  });

  it('rejects with a reason (required), marking the pending credentials and e-mailing the professional', async () => {
    const missing = await send('POST', `/admin/affiliates/${applicant.id}/reject`, {}, adminToken);
    expect(missing.status).toBe(400);
    expect(await body<ApiErrorBody>(missing)).toEqual({
      message: 'Revisa los datos del formulario.',
      errors: ['Indica el motivo del rechazo'],
      fieldErrors: [{ field: 'reason', message: 'Indica el motivo del rechazo' }],
    });
    const response = await send(
      'POST',
      `/admin/affiliates/${applicant.id}/reject`,
      { reason: 'La tarjeta no es legible.' },
      adminToken,
    );
    expect(response.status).toBe(200);
    const affiliate = await body<AffiliateDto>(response);
    expect(affiliate).toMatchObject({ approval_status: 'rejected', approval_reason: 'La tarjeta no es legible.' });
    expect(affiliate.credentials.status).toBe('rejected');
    expect(affiliate.credentials.history[0]).toMatchObject({ reason: 'La tarjeta no es legible.' });
    const mails = await outboxFor(applicant.email);
    expect(mails.at(-1)?.text).toContain('La tarjeta no es legible.');
  });

  it('approves with a purchase level, approving the latest pending credentials', async () => {
    // New documents after the rejection: back to pending, then approved.
    expect(await upload(applicant, 'diploma', 'nueva.pdf', applicant.uid)).toBe(201);
    const token = await sessionFor(ctx, applicant.email);

    const invalid = await send('POST', `/admin/affiliates/${applicant.id}/approve`, { purchaseLevelId: 9 }, adminToken);
    expect(invalid.status).toBe(400);
    const response = await send(
      'POST',
      `/admin/affiliates/${applicant.id}/approve`,
      { purchaseLevelId: 2 },
      adminToken,
    );
    expect(response.status).toBe(200);
    const affiliate = await body<AffiliateDto>(response);
    expect(affiliate).toMatchObject({ approval_status: 'approved', approval_reason: null, purchase_level_id: 2 });
    expect(affiliate.credentials.history.map((entry) => entry.status)).toEqual(['approved', 'rejected']);
    const status = await body<CredentialsStatusDto>(
      await ctx.app.request('/api/credentials', { headers: authHeaders(token) }),
    );
    expect(status.status).toBe('approved');
    expect(status.history[0]?.reviewedAt).not.toBeNull();
    expect((await outboxFor(applicant.email)).at(-1)?.subject).toBe('Tu cuenta profesional fue aprobada');
    // Approved now: the professional may invite.
    expect((await send('POST', '/invitations', { email: `de.${applicant.id}@correo.test` }, token)).status).toBe(201);
  });

  it('reviews the professional documents, never a later hormone prescription of a purchase', async () => {
    for (const decision of [
      { path: 'approve', payload: {}, status: 'approved' },
      { path: 'reject', payload: { reason: 'El diploma no es legible.' }, status: 'rejected' },
    ]) {
      const doctor = await createUser(ctx, { role: 'doctor', approval: 'pending' });
      expect(await upload(doctor, 'diploma', 'diploma.pdf')).toBe(201);
      // Uploaded last, so it is the latest pending entry.
      expect(await upload(doctor, 'formula-hormonal', 'formula.pdf')).toBe(201);
      const response = await send(
        'POST',
        `/admin/affiliates/${doctor.id}/${decision.path}`,
        decision.payload,
        adminToken,
      );
      expect(response.status).toBe(200);
      const { credentials } = await body<AffiliateDto>(response);
      expect(credentials.status).toBe(decision.status);
      expect(credentials.history.map((entry) => [entry.documentType, entry.status])).toEqual([
        ['formula-hormonal', 'pending'],
        ['diploma', decision.status],
      ]);
    }
  });

  it('changes the purchase level to one of PURCHASE_LEVELS only', async () => {
    for (const value of [0, 4, 'dos', null]) {
      const response = await send('PATCH', `/admin/affiliates/${applicant.id}`, { purchaseLevelId: value }, adminToken);
      expect(response.status).toBe(400);
      expect((await body<ApiErrorBody>(response)).fieldErrors).toEqual([
        { field: 'purchaseLevelId', message: 'El nivel de compra no es válido.' },
      ]);
    }
    const response = await send('PATCH', `/admin/affiliates/${applicant.id}`, { purchaseLevelId: 3 }, adminToken);
    expect(response.status).toBe(200);
    expect((await body<AffiliateDto>(response)).purchase_level_id).toBe(3);
    expect((await outboxFor(applicant.email)).at(-1)?.text).toContain('Distribuidor');
  });

  it('is 404 for patients, admins and unknown ids', async () => {
    const patient = await createUser(ctx, { role: 'patient' });
    for (const id of [patient.id, 1, 999999, 'abc']) {
      expect((await send('POST', `/admin/affiliates/${id}/approve`, {}, adminToken)).status).toBe(404);
    }
  });
});

describe('mail delivery', () => {
  it('delivers queued e-mails once, marking them sent, and records failures', async () => {
    const delivered: OutgoingEmail[] = [];
    let fail = false;
    const mailer = new Mailer(
      ctx.database.db,
      {
        name: 'memoria',
        send: async (email) => {
          if (fail) throw new Error('SMTP caído');
          delivered.push(email);
        },
      },
      silentLogger,
    );
    await ctx.database.db
      .updateTable('outbox_emails')
      .set({ sent_at: new Date() })
      .where('sent_at', 'is', null)
      .execute();
    await mailer.enqueue(ctx.database.db, { to: 'uno@correo.test', subject: 'Uno', text: 'Hola' });
    await mailer.deliverPending();
    await mailer.deliverPending();
    expect(delivered.map((email) => email.to)).toEqual(['uno@correo.test']);
    fail = true;
    await mailer.enqueue(ctx.database.db, { to: 'dos@correo.test', subject: 'Dos', text: 'Hola' });
    await mailer.deliverPending();
    const [row] = await outboxFor('dos@correo.test');
    expect(row?.sent_at).toBeNull();
    expect(row?.error).toBe('SMTP caído');
    expect((await outboxFor('uno@correo.test'))[0]?.sent_at).toBeInstanceOf(Date);
  });

  it('builds messages with nodemailer', async () => {
    const transport = nodemailerTransport({ jsonTransport: true }, 'Dispensario <no-responder@dispensario.test>');
    await expect(transport.send({ to: 'tres@correo.test', subject: 'Prueba', text: 'Texto' })).resolves.toBeUndefined();
  });
});
