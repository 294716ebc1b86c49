import { randomUUID } from 'node:crypto';
import { unzipSync, strFromU8 } from 'fflate';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ApiErrorBody } from '../../src/lib/shared/api-types';
import type { CreatePatientResponseDto, PatientDto, PrescriptionListDto } from '../../src/lib/shared/prescriptions';
import {
  CONSENT_REVOKED_MESSAGE,
  HEALTH_CONSENT_REQUIRED_MESSAGE,
  HEALTH_CONSENT_TEXTS,
  PATIENT_ATTESTATION_MESSAGE,
  PATIENT_CONSENT_REVOKED_MESSAGE,
  WRONG_PASSWORD_MESSAGE,
  type AccountDeletionDto,
  type HealthConsentDto,
} from '../../src/lib/shared/privacy';
import { authHeaders, createUser, jsonRequest, loginAs, sessionFor, userByEmail } from './helpers';
import { createdOrder, orderBody, PDF, postOrder } from './orders-fixtures';
import { client, json, patientBody, productIdOf, tool, type Caller } from './prescriptions-fixtures';
import { testContextForFile } from './support/file-context';
import { invitationTokenOf } from './support/registration';

const ctx = testContextForFile();
let doctor: Caller;
let doctorId: number;
let admin: Record<string, string>;
let sequence = 0;

beforeAll(async () => {
  const row = await createUser(ctx, { role: 'doctor' });
  doctorId = row.id;
  doctor = { token: await sessionFor(ctx, row.email) };
  admin = authHeaders(await sessionFor(ctx, 'admin@demo.test'), 'co');
});

function registration(token: string, email: string, overrides: Record<string, unknown> = {}) {
  sequence += 1;
  return {
    invitation_token: token,
    first_name: 'Marta',
    last_name: 'Quintero',
    document_type_id: '1',
    document_number: `55${String(Date.now()).slice(-5)}${sequence}`,
    birth_date: '1979-03-02',
    phone_number: '3115550199',
    email,
    password: 'Paciente123',
    password_confirmation: 'Paciente123',
    terms: true,
    health_data_consent: true,
    ...overrides,
  };
}

/** A patient created by the doctor (with `idempotencyKey`, as the outbox sends it) who then registered. */
async function registeredPatient(email: string, idempotencyKey?: string) {
  const created = await json<CreatePatientResponseDto>(
    await client(ctx, doctor).send(
      'POST',
      '/patients',
      patientBody({ email }),
      idempotencyKey ? { 'idempotency-key': idempotencyKey } : {},
    ),
  );
  const token = invitationTokenOf(created.invitation.link);
  const response = await ctx.app.request(
    '/api/auth/dynamic/register/registro-paciente',
    jsonRequest('POST', registration(token, email, { document_number: created.patient.document_number }), {
      'x-country': 'co',
      'x-forwarded-for': '203.0.113.9',
      'user-agent': 'Navegador de prueba',
    }),
  );
  expect(response.status, await response.clone().text()).toBe(201);
  const { token: session } = await json<{ token: string }>(response);
  return { patient: created.patient, headers: authHeaders(session, 'co'), user: await userByEmail(ctx, email) };
}

async function consentOf(headers: Record<string, string>): Promise<HealthConsentDto> {
  const response = await ctx.app.request('/api/privacy/consent', { headers });
  expect(response.status).toBe(200);
  return json<HealthConsentDto>(response);
}

async function patientAsSeenByDoctor(id: number): Promise<PatientDto> {
  return json<PatientDto>(await client(ctx, doctor).get(`/patients/${id}`));
}

describe('express consent at registration', () => {
  it('refuses a registration without the health-data box, in Spanish, and creates nobody', async () => {
    const created = await json<CreatePatientResponseDto>(
      await client(ctx, doctor).send('POST', '/patients', patientBody({ email: 'sin.consentimiento@prueba.test' })),
    );
    const token = invitationTokenOf(created.invitation.link);
    const response = await ctx.app.request(
      '/api/auth/dynamic/register/registro-paciente',
      jsonRequest(
        'POST',
        registration(token, 'sin.consentimiento@prueba.test', {
          document_number: created.patient.document_number,
          health_data_consent: false,
        }),
        { 'x-country': 'co', 'x-forwarded-for': '203.0.113.10' },
      ),
    );
    expect(response.status).toBe(400);
    const error = await json<ApiErrorBody & { fieldErrors: { field: string; message: string }[] }>(response);
    expect(error.fieldErrors).toEqual([{ field: 'health_data_consent', message: HEALTH_CONSENT_REQUIRED_MESSAGE }]);
    const users = await ctx.database.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', 'sin.consentimiento@prueba.test')
      .execute();
    expect(users).toEqual([]);
  });

  it('shows the country’s legal text with the box, apart from the terms', async () => {
    for (const country of ['co', 'mx', 'pe'] as const) {
      const response = await ctx.app.request('/api/forms/registro-medico', { headers: { 'x-country': country } });
      const form = await json<{ fields: { name: string; type: string; help?: string; defaultValue?: unknown }[] }>(
        response,
      );
      const box = form.fields.find((field) => field.name === 'health_data_consent');
      expect(box).toMatchObject({ type: 'checkbox', help: HEALTH_CONSENT_TEXTS[country], defaultValue: false });
      expect(form.fields.some((field) => field.name === 'terms')).toBe(true);
    }
    expect(HEALTH_CONSENT_TEXTS.co).toContain('Ley 1581 de 2012');
    expect(HEALTH_CONSENT_TEXTS.mx).toContain('Ley Federal de Protección de Datos Personales');
    expect(HEALTH_CONSENT_TEXTS.pe).toContain('Ley N.° 29733');
  });

  it('records who, where, which text version, when and from which client', async () => {
    const before = new Date();
    const { user, headers } = await registeredPatient('con.consentimiento@prueba.test');
    const records = await ctx.database.db
      .selectFrom('consents as c')
      .innerJoin('consent_texts as t', 't.id', 'c.text_id')
      .select(['c.user_id', 'c.country_id', 'c.purpose', 'c.action', 'c.recorded_by', 'c.client_address'])
      .select(['c.user_agent', 'c.created_at', 't.version', 't.text'])
      .where('c.user_id', '=', user.id)
      .execute();
    expect(records).toHaveLength(1);
    expect(records[0]).toMatchObject({
      user_id: user.id,
      country_id: 1,
      purpose: 'health_data',
      action: 'granted',
      recorded_by: user.id,
      client_address: '203.0.113.9',
      user_agent: 'Navegador de prueba',
      version: 1,
      text: HEALTH_CONSENT_TEXTS.co,
    });
    expect(records[0]?.created_at.getTime()).toBeGreaterThanOrEqual(before.getTime() - 1000);
    expect(await consentOf(headers)).toMatchObject({ state: 'current', version: 1, acceptedVersion: 1 });
  });

  it('asks again after the text changed: a new version, accepted only as read', async () => {
    const { headers } = await registeredPatient('nueva.version@prueba.test');
    // The stored version 1 now differs from the code's text, as after a change of the text in a release.
    await ctx.database.db
      .updateTable('consent_texts')
      .set({ text: 'Texto anterior de la autorización.' })
      .where('country_id', '=', 1)
      .where('purpose', '=', 'health_data')
      .where('version', '=', 1)
      .execute();
    const asked = await consentOf(headers);
    expect(asked).toMatchObject({ state: 'outdated', version: 2, acceptedVersion: 1, text: HEALTH_CONSENT_TEXTS.co });
    const stale = await ctx.app.request('/api/privacy/consent', jsonRequest('POST', { version: 1 }, headers));
    expect(stale.status).toBe(409);
    const bad = await ctx.app.request('/api/privacy/consent', jsonRequest('POST', { version: 'dos' }, headers));
    expect(bad.status).toBe(400);
    expect((await json<ApiErrorBody>(bad)).message).toBe('Revisa los datos del formulario.');
    const accepted = await ctx.app.request('/api/privacy/consent', jsonRequest('POST', { version: 2 }, headers));
    expect(accepted.status).toBe(200);
    expect(await json<HealthConsentDto>(accepted)).toMatchObject({ state: 'current', acceptedVersion: 2 });
  });
});

describe('patients registered by a professional', () => {
  it('needs the professional’s attestation, recorded with their id, until the patient confirms', async () => {
    const refused = await client(ctx, doctor).send(
      'POST',
      '/patients',
      patientBody({ email: 'sin.declaracion@prueba.test', consent_attested: undefined }),
    );
    expect(refused.status).toBe(400);
    const error = await json<{ message: string; fieldErrors: { field: string; message: string }[] }>(refused);
    expect(error.message).toBe('Revisa los datos del formulario.');
    expect(error.fieldErrors).toEqual([{ field: 'consent_attested', message: PATIENT_ATTESTATION_MESSAGE }]);

    const created = await json<CreatePatientResponseDto>(
      await client(ctx, doctor).send('POST', '/patients', patientBody({ email: 'declarado@prueba.test' })),
    );
    expect(created.patient.consent_status).toBe('attested');
    const attestation = await ctx.database.db
      .selectFrom('consents')
      .selectAll()
      .where('patient_id', '=', created.patient.id)
      .executeTakeFirstOrThrow();
    expect(attestation).toMatchObject({ purpose: 'patient_attestation', action: 'granted', recorded_by: doctorId });
    expect(attestation.user_id).toBeNull();
  });

  it('shows the patient’s own consent to the professional once they registered', async () => {
    const { patient } = await registeredPatient('confirma@prueba.test');
    expect(patient.consent_status).toBe('attested');
    expect((await patientAsSeenByDoctor(patient.id)).consent_status).toBe('confirmed');
  });
});

/** The doctor's prescription of one product to a patient of their register. */
async function prescribe(patientId: number, productId: number): Promise<Response> {
  return client(ctx, doctor).send(
    'POST',
    '/prescriptions',
    { type: 'prescription', patientId, notes: '', templateId: null, tools: [tool(productId)] },
    { 'idempotency-key': `receta-${patientId}-${Date.now()}` },
  );
}

describe('revocation', () => {
  it('stops orders and new prescriptions until the user consents again, and is recorded', async () => {
    const { patient, headers, user } = await registeredPatient('revoca@prueba.test');
    const productId = await productIdOf(ctx, 'magnesio-bisglicinato-400-mg');
    const revoked = await ctx.app.request('/api/privacy/consent/revoke', { method: 'POST', headers });
    expect(revoked.status).toBe(200);
    expect(await json<HealthConsentDto>(revoked)).toMatchObject({ state: 'revoked', acceptedVersion: null });

    const order = await postOrder(ctx, headers, orderBody({ items: [{ productId, quantity: 1 }] }));
    expect(order.status).toBe(409);
    expect((await json<ApiErrorBody>(order)).message).toBe(CONSENT_REVOKED_MESSAGE);
    // Revoked from their own account, which stays: not a deleted account's record.
    expect(await patientAsSeenByDoctor(patient.id)).toMatchObject({
      consent_status: 'revoked',
      account_deleted: false,
    });
    const prescription = await prescribe(patient.id, productId);
    expect(prescription.status).toBe(409);
    expect((await json<ApiErrorBody>(prescription)).message).toBe(PATIENT_CONSENT_REVOKED_MESSAGE);
    const history = await ctx.database.db
      .selectFrom('consents')
      .select('action')
      .where('user_id', '=', user.id)
      .orderBy('id')
      .execute();
    expect(history.map((row) => row.action)).toEqual(['granted', 'revoked']);

    const { version } = await consentOf(headers);
    await ctx.app.request('/api/privacy/consent', jsonRequest('POST', { version }, headers));
    expect((await patientAsSeenByDoctor(patient.id)).consent_status).toBe('confirmed');
    await createdOrder(ctx, headers, orderBody({ items: [{ productId, quantity: 1 }] }));
  });
});

describe('GET /api/privacy/export', () => {
  it('streams a ZIP with everything about the account as JSON plus the uploaded files', async () => {
    const professional = await createUser(ctx, { role: 'health_professional', approval: 'pending' });
    const headers = authHeaders(await sessionFor(ctx, professional.email), 'co');
    const form = new FormData();
    form.append('files', new File([new Uint8Array(PDF)], 'tarjeta profesional.pdf'));
    form.append('userId', String(professional.id));
    form.append('documentType', 'tarjeta-profesional');
    form.append('contactNumber', '3105550101');
    const upload = await ctx.app.request('/api/credentials', { method: 'POST', body: form, headers });
    expect(upload.status, await upload.clone().text()).toBe(201);
    await ctx.app.request(
      '/api/addresses',
      jsonRequest(
        'POST',
        {
          address: 'Carrera 7 # 12-30',
          residenceDetail: '',
          state: 'Cundinamarca',
          city: 'Bogotá',
          postalCode: '110111',
        },
        headers,
      ),
    );
    const { patient: received } = await registeredPatient('exporta@prueba.test');

    const response = await ctx.app.request('/api/privacy/export', { headers });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/zip');
    expect(response.headers.get('content-disposition')).toMatch(
      new RegExp(`attachment; filename="mis-datos-${professional.uid}-\\d{4}-\\d{2}-\\d{2}\\.zip"`),
    );
    const files = unzipSync(new Uint8Array(await response.arrayBuffer()));
    const data = JSON.parse(strFromU8(files['datos.json'] ?? new Uint8Array())) as Record<string, unknown> & {
      account: Record<string, unknown>;
      credentials: { document_type: string; files: { originalName: string; inArchive: string }[] }[];
      consents: unknown[];
    };
    expect(Object.keys(files)).toContain('LEEME.txt');
    expect(data.account).toMatchObject({ id: professional.id, email: professional.email, country: 'co' });
    expect(data.account).not.toHaveProperty('password_hash');
    for (const key of [
      'addresses',
      'orders',
      'prescriptionsReceived',
      'prescriptionsWritten',
      'points',
      'credentials',
      'consents',
      'pushSubscriptions',
      'sessions',
    ]) {
      expect(data, key).toHaveProperty(key);
    }
    const credential = data.credentials[0];
    expect(credential?.document_type).toBe('tarjeta-profesional');
    const archived = credential?.files[0]?.inArchive ?? '';
    expect(archived).toMatch(/^archivos\/credenciales\/\d+-tarjeta profesional\.pdf$/);
    expect(Buffer.from(files[archived] ?? new Uint8Array())).toEqual(PDF);
    // Another person's export holds nothing of this account.
    expect(JSON.stringify(data)).not.toContain(received.email);
  });

  it('holds a patient’s orders, received prescriptions and consents', async () => {
    const { headers, user } = await registeredPatient('exporta.paciente@prueba.test');
    const productId = await productIdOf(ctx, 'magnesio-bisglicinato-400-mg');
    await createdOrder(ctx, headers, orderBody({ items: [{ productId, quantity: 1 }] }));
    const files = unzipSync(
      new Uint8Array(await (await ctx.app.request('/api/privacy/export', { headers })).arrayBuffer()),
    );
    const data = JSON.parse(strFromU8(files['datos.json'] ?? new Uint8Array())) as {
      orders: { items: unknown[]; customer: { email: string } }[];
      consents: { purpose: string; recordedBy: string }[];
      patientRecords: { email: string }[];
    };
    expect(data.orders).toHaveLength(1);
    expect(data.orders[0]?.items).toHaveLength(1);
    expect(data.patientRecords.map((row) => row.email)).toEqual([user.email]);
    expect(Object.keys(data.patientRecords[0] ?? {})).not.toContain('idempotency_key');
    expect(data.consents.map((row) => [row.purpose, row.recordedBy])).toEqual([
      ['patient_attestation', 'professional'],
      ['health_data', 'self'],
    ]);
  });
});

describe('POST /api/privacy/delete-account', () => {
  it("also deletes the professional's stored answer to creating the patient, which repeats their name and e-mail", async () => {
    const email = 'borra.respuesta@prueba.test';
    const key = randomUUID();
    const { headers } = await registeredPatient(email, key);
    const storedAnswer = () =>
      ctx.database.db
        .selectFrom('idempotent_requests')
        .select('response_body')
        .where('user_id', '=', doctorId)
        .where('key', '=', key)
        .executeTakeFirst();
    expect((await storedAnswer())?.response_body).toContain(email);

    const deleted = await ctx.app.request(
      '/api/privacy/delete-account',
      jsonRequest('POST', { password: 'Paciente123', confirmation: 'ELIMINAR' }, headers),
    );
    expect(deleted.status).toBe(200);
    expect(await storedAnswer()).toBeUndefined();
  });

  it('needs the password and the typed confirmation', async () => {
    const { headers } = await registeredPatient('no.borra@prueba.test');
    const wrong = await ctx.app.request(
      '/api/privacy/delete-account',
      jsonRequest('POST', { password: 'otra-clave', confirmation: 'ELIMINAR' }, headers),
    );
    expect(wrong.status).toBe(400);
    expect((await json<ApiErrorBody>(wrong)).message).toBe(WRONG_PASSWORD_MESSAGE);
    const unconfirmed = await ctx.app.request(
      '/api/privacy/delete-account',
      jsonRequest('POST', { password: 'Paciente123', confirmation: 'sí' }, headers),
    );
    expect(unconfirmed.status).toBe(400);
    expect((await ctx.app.request('/api/privacy/consent', { headers })).status).toBe(200);
  });

  it('deletes a patient at once: orders kept anonymised, sessions revoked, login refused, admins see it', async () => {
    const email = 'borra.paciente@prueba.test';
    const { headers, user, patient } = await registeredPatient(email);
    const productId = await productIdOf(ctx, 'magnesio-bisglicinato-400-mg');
    const { order } = await createdOrder(ctx, headers, orderBody({ items: [{ productId, quantity: 1 }] }));
    expect((await prescribe(patient.id, productId)).status).toBe(201);

    const deleted = await ctx.app.request(
      '/api/privacy/delete-account',
      jsonRequest('POST', { password: 'Paciente123', confirmation: 'ELIMINAR' }, headers),
    );
    expect(deleted.status).toBe(200);
    expect(await deleted.json()).toEqual({ keptOrders: 1, keptPrescriptions: 1 });

    expect((await ctx.app.request('/api/privacy/consent', { headers })).status).toBe(401);
    await expect(loginAs(ctx.app, email, { password: 'Paciente123' })).rejects.toThrow(/401/);
    const row = await ctx.database.db
      .selectFrom('users')
      .selectAll()
      .where('id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ password_hash: null, document_number: null, phone_number: null, birth_date: null });
    expect(row.email).not.toContain('borra.paciente');
    expect(row.deleted_at).toBeInstanceOf(Date);
    const kept = await ctx.database.db
      .selectFrom('orders')
      .selectAll()
      .where('id', '=', order.id)
      .executeTakeFirstOrThrow();
    expect(kept.total).toBe(order.total);
    expect(JSON.stringify([kept.customer, kept.address])).not.toMatch(/Laura|Restrepo|Calle 10|310 123/);
    const register = await ctx.database.db
      .selectFrom('patients')
      .selectAll()
      .where('id', '=', patient.id)
      .executeTakeFirstOrThrow();
    expect(register).toMatchObject({ user_id: null, document_number: null, consent_status: 'revoked' });
    // The doctor's next read of the register must not link the record again through the used invitation, nor take
    // its consent as given: the record stays anonymous and refuses new prescriptions.
    expect(await patientAsSeenByDoctor(patient.id)).toMatchObject({
      account_status: 'invited',
      consent_status: 'revoked',
      account_deleted: true,
    });
    const prescription = await prescribe(patient.id, productId);
    expect(prescription.status).toBe(409);
    // The prescription kept says whose account was deleted, so the interface names it in its own words.
    const issued = await json<PrescriptionListDto>(await client(ctx, doctor).get('/prescriptions'));
    expect(issued.data.find((item) => item.patient.id === patient.id)?.patient).toMatchObject({
      account_deleted: true,
    });
    // Nor is the deleted account taken in again as a new row of the register.
    const register2 = await json<{ data: PatientDto[] }>(await client(ctx, doctor).get('/patients?limit=100'));
    expect(register2.data.filter((row) => row.display_name === 'Cuenta eliminada')).toEqual([]);

    const list = await json<{ data: AccountDeletionDto[] }>(
      await ctx.app.request('/api/admin/account-deletions', { headers: admin }),
    );
    expect(list.data[0]).toMatchObject({ uid: user.uid, role: 'patient', country: 'co', keptOrders: 1 });
  });

  it('deletes a professional while their patients keep their accounts and records', async () => {
    const professional = await createUser(ctx, { role: 'doctor' });
    const caller = { token: await sessionFor(ctx, professional.email) };
    const created = await json<CreatePatientResponseDto>(
      await client(ctx, caller).send('POST', '/patients', patientBody({ email: 'queda@prueba.test' })),
    );
    const patientAccount = await createUser(ctx, { role: 'patient', doctorId: professional.id });

    const deleted = await ctx.app.request(
      '/api/privacy/delete-account',
      jsonRequest('POST', { password: 'Demo1234!', confirmation: 'ELIMINAR' }, authHeaders(caller.token, 'co')),
    );
    expect(deleted.status, await deleted.clone().text()).toBe(200);
    const register = await ctx.database.db
      .selectFrom('patients')
      .selectAll()
      .where('id', '=', created.patient.id)
      .executeTakeFirstOrThrow();
    expect(register.email).toBe('queda@prueba.test');
    const account = await userByEmail(ctx, patientAccount.email);
    expect(account.deleted_at).toBeNull();
    expect(account.doctor_id).toBeNull();
    await expect(loginAs(ctx.app, patientAccount.email)).resolves.toMatchObject({ id: patientAccount.id });
    await expect(loginAs(ctx.app, professional.email)).rejects.toThrow(/401/);
  });
});
