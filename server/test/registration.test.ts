import { HEALTH_CONSENT_REQUIRED_MESSAGE } from '../../src/lib/shared/privacy';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  DOCUMENT_TYPES,
  FIELD_TYPES,
  HEARD_FROM_OPTIONS,
  LOGIN_FORM,
  REGISTRATION_FORMS,
  RULE_KINDS,
  type DynamicAuthResponseDto,
  type FormErrorDto,
  type FormSchemaDto,
  type InvitationDto,
} from '../../src/lib/shared/accounts';
import type { ApiErrorBody } from '../../src/lib/shared/api-types';
import { registerUser } from '../src/auth/registration';
import { findFormRef } from '../src/forms/definitions';
import { Refusal } from '../src/refusal';
import { authHeaders, jsonRequest, sessionFor, userByEmail } from './helpers';
import { testContextForFile } from './support/file-context';
import { invitationTokenOf } from './support/registration';

type FormError = ApiErrorBody & { fieldErrors: FormErrorDto[] };

const ctx = testContextForFile();
let doctorToken: string;
let counter = 0;
const next = () => (counter += 1);

beforeAll(async () => {
  doctorToken = await sessionFor(ctx, 'medico.co@demo.test', 'co');
});

async function body<T>(response: Response): Promise<T> {
  return (await response.json()) as T;
}

const post = (path: string, payload: unknown, headers: Record<string, string> = {}) =>
  ctx.app.request(
    `/api${path}`,
    jsonRequest('POST', payload, { 'x-forwarded-for': `203.0.113.${next()}`, ...headers }),
  );

async function form(idOrKey: string | number, country = 'co'): Promise<FormSchemaDto> {
  const response = await ctx.app.request(`/api/forms/${idOrKey}`, { headers: { 'x-country': country } });
  expect(response.status).toBe(200);
  return body<FormSchemaDto>(response);
}

function professional(overrides: Record<string, unknown> = {}) {
  const n = next();
  return {
    first_name: 'Valentina',
    last_name: 'Arango Pérez',
    specialty: 'Medicina funcional',
    professional_license_number: `RM-${n}`,
    document_type_id: '1',
    document_number: `1.0${String(n).padStart(3, '0')}.456.78`,
    gender: 'femenino',
    birth_date: '1985-04-12',
    phone_number: '310 555 0101',
    email: `valentina.${n}@prueba.test`,
    password: 'Clave12345',
    password_confirmation: 'Clave12345',
    heard_from: 'colega',
    terms: true,
    health_data_consent: true,
    ...overrides,
  };
}

async function invite(payload: Record<string, unknown>, token = doctorToken, country: 'co' | 'mx' = 'co') {
  const response = await ctx.app.request('/api/invitations', jsonRequest('POST', payload, authHeaders(token, country)));
  expect(response.status).toBe(201);
  const invitation = await body<InvitationDto>(response);
  const token_ = invitationTokenOf(invitation.link);
  return { invitation, token: token_ };
}

function patient(invitationToken: string, overrides: Record<string, unknown> = {}) {
  const n = next();
  return {
    invitation_token: invitationToken,
    first_name: 'Tomás',
    last_name: 'Rincón',
    document_type_id: '1',
    document_number: `80${String(n).padStart(6, '0')}`,
    birth_date: '1990-01-31',
    phone_number: '3205550000',
    email: `tomas.${n}@prueba.test`,
    password: 'Paciente123',
    password_confirmation: 'Paciente123',
    terms: 'on',
    health_data_consent: 'on',
    ...overrides,
  };
}

async function countUsers(): Promise<number> {
  const row = await ctx.database.db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<string | number>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

describe('GET /api/forms/{idOrKey}', () => {
  it('serves the four forms by id and by key, in Spanish', async () => {
    for (const ref of [...Object.values(REGISTRATION_FORMS), LOGIN_FORM]) {
      const byId = await form(ref.id);
      const byKey = await form(ref.key);
      expect(byKey).toEqual(byId);
      expect(byId.id).toBe(ref.id);
      expect(byId.key).toBe(ref.key);
    }
    const doctor = await form(1);
    expect(doctor.type).toBe('register');
    expect(doctor.role).toBe('doctor');
    expect(doctor.steps).toEqual([
      { step: 1, title: 'Datos básicos' },
      { step: 2, title: 'Datos de acceso' },
    ]);
    expect(doctor.fields.find((field) => field.name === 'professional_license_number')?.label).toBe(
      'Número de tarjeta profesional',
    );
    expect((await form(2)).role).toBe('health_professional');
    expect((await form(3)).role).toBe('patient');
    const login = await form(4);
    expect(login.type).toBe('login');
    expect(login.fields.map((field) => field.name)).toEqual(['identifier', 'password']);
  });

  it('uses all 14 field types and all 9 rule kinds across the forms', async () => {
    const forms = await Promise.all([1, 2, 3, 4].map((id) => form(id)));
    const fields = forms.flatMap((schema) => schema.fields);
    expect(new Set(fields.map((field) => field.type))).toEqual(new Set(FIELD_TYPES));
    expect(new Set(fields.flatMap((field) => field.rules.map((rule) => rule.kind)))).toEqual(new Set(RULE_KINDS));
    for (const field of fields) {
      // The hidden invitation field explains itself: "Campo obligatorio" would point at a field nobody sees.
      if (field.name === 'invitation_token') continue;
      for (const rule of field.rules.filter((candidate) => candidate.kind === 'required')) {
        expect([
          'Campo obligatorio',
          'Debes aceptar los términos y la política de privacidad',
          HEALTH_CONSENT_REQUIRED_MESSAGE,
        ]).toContain(rule.message);
      }
    }
  });

  it('offers the professional fields the brief lists', async () => {
    const doctor = await form('registro-medico');
    const byName = new Map(doctor.fields.map((field) => [field.name, field]));
    expect(byName.get('heard_from')?.options?.map((option) => option.value)).toEqual([...HEARD_FROM_OPTIONS]);
    expect(byName.get('heard_from')?.options?.map((option) => option.label)).toEqual([
      'Material impreso',
      'Un colega',
      'Un visitador médico',
      'Un distribuidor o farmacia',
      'Redes sociales',
      'Búsqueda en internet',
      'Un evento',
      'Otro',
    ]);
    expect(byName.get('terms')?.rules).toEqual([
      { kind: 'required', message: 'Debes aceptar los términos y la política de privacidad' },
    ]);
    expect(byName.get('password_confirmation')?.rules).toContainEqual(
      expect.objectContaining({ kind: 'equalTo', value: 'password' }),
    );
    expect(byName.get('email')?.rules).toContainEqual(
      expect.objectContaining({ kind: 'custom', value: 'emailAvailable' }),
    );
    expect(byName.get('document_number')?.rules).toContainEqual(
      expect.objectContaining({ kind: 'custom', value: 'documentAvailable' }),
    );
    expect(byName.get('birth_date')?.rules).toContainEqual(
      expect.objectContaining({ kind: 'max', value: new Date().toISOString().slice(0, 10) }),
    );
    expect(byName.get('professional_card')).toMatchObject({ type: 'file', rules: [] });
    expect(byName.get('country_code')).toMatchObject({ type: 'hidden', defaultValue: '+57' });
    const patientForm = await form('registro-paciente');
    expect(patientForm.fields.find((field) => field.name === 'invitation_token')).toMatchObject({ type: 'hidden' });
  });

  it('lists the document types of the request country plus the passport', async () => {
    const options = async (country: string) =>
      (await form(1, country)).fields.find((field) => field.name === 'document_type_id')?.options?.map((o) => o.label);
    expect(await options('co')).toEqual(['Cédula de ciudadanía', 'Cédula de extranjería', 'Pasaporte']);
    expect(await options('mx')).toEqual(['Pasaporte', 'Credencial para votar (INE)', 'CURP']);
    expect(await options('pe')).toEqual(['Pasaporte', 'DNI', 'Carné de extranjería']);
    expect((await form(1, 'mx')).fields.find((field) => field.name === 'country_code')?.defaultValue).toBe('+52');
    expect(DOCUMENT_TYPES).toHaveLength(7);
  });

  it('is 404 for an unknown form', async () => {
    for (const key of ['99', 'otro', '0']) {
      const response = await ctx.app.request(`/api/forms/${key}`);
      expect(response.status).toBe(404);
      expect(await body<ApiErrorBody>(response)).toEqual({ message: 'Formulario no encontrado.' });
    }
  });
});

describe('POST /api/forms/{idOrKey}/validate', () => {
  it('answers an empty list for good values', async () => {
    const response = await post('/forms/1/validate', professional());
    expect(response.status).toBe(200);
    expect(await body<{ errors: FormErrorDto[] }>(response)).toEqual({ errors: [] });
  });

  it('says that a cédula takes only digits, where a passport takes letters too', async () => {
    const cedula = await post('/forms/registro-medico/validate', professional({ document_number: '52A45671' }));
    const { errors } = await body<{ errors: FormErrorDto[] }>(cedula);
    expect(errors).toEqual([
      {
        field: 'document_number',
        message: 'La cédula de ciudadanía lleva solo números: de 6 a 10 dígitos, sin letras.',
      },
    ]);
    const passport = await post(
      '/forms/registro-medico/validate',
      professional({ document_type_id: '3', document_number: 'AB123456' }),
    );
    expect(await body<{ errors: FormErrorDto[] }>(passport)).toEqual({ errors: [] });
  });

  it('takes names of letters only, in the checkout’s words, and accents, apostrophes and hyphens', async () => {
    const digits = await post(
      '/forms/registro-medico/validate',
      professional({ first_name: 'Valentina2', last_name: 'Rojas_Pérez' }),
    );
    expect((await body<{ errors: FormErrorDto[] }>(digits)).errors).toEqual([
      { field: 'first_name', message: 'Los nombres llevan solo letras.' },
      { field: 'last_name', message: 'Los apellidos llevan solo letras.' },
    ]);
    const accented = await post(
      '/forms/registro-medico/validate',
      professional({ first_name: 'María-José', last_name: "O'Neill Ñúñez" }),
    );
    expect(await body<{ errors: FormErrorDto[] }>(accented)).toEqual({ errors: [] });
  });

  it('answers one error per field with the rule messages', async () => {
    const response = await post('/forms/registro-medico/validate', {
      first_name: '',
      last_name: 'A',
      specialty: 'Astrología',
      document_type_id: '4',
      document_number: 'ab#12',
      gender: 'x',
      birth_date: '2999-01-01',
      phone_number: '12',
      years_of_experience: 90,
      practice_description: 'x'.repeat(1001),
      preferred_contact_time: '25:00',
      welcome_call_at: '2020-01-01T10:00',
      email: 'no-es-correo',
      password: 'corta',
      password_confirmation: 'otra',
      heard_from: 'television',
      terms: false,
    });
    expect(response.status).toBe(200);
    const { errors } = await body<{ errors: FormErrorDto[] }>(response);
    expect(Object.fromEntries(errors.map((error) => [error.field, error.message]))).toEqual({
      first_name: 'Campo obligatorio',
      last_name: 'Escribe al menos 2 caracteres.',
      specialty: 'Selecciona una opción válida.',
      professional_license_number: 'Campo obligatorio',
      document_type_id: 'Selecciona una opción válida.',
      document_number: 'El documento debe tener entre 5 y 20 letras o números.',
      gender: 'Selecciona una opción válida.',
      birth_date: 'La fecha de nacimiento no puede ser futura.',
      phone_number: 'El número debe tener entre 7 y 15 dígitos.',
      years_of_experience: 'Escribe un número entre 0 y 70.',
      practice_description: 'Máximo 1000 caracteres.',
      preferred_contact_time: 'Escribe una hora válida (HH:MM).',
      welcome_call_at: 'Elige una fecha futura.',
      email: 'Escribe un correo electrónico válido.',
      password: 'La contraseña debe tener al menos 8 caracteres e incluir letras y números.',
      password_confirmation: 'Las contraseñas no coinciden.',
      heard_from: 'Selecciona una opción válida.',
      terms: 'Debes aceptar los términos y la política de privacidad',
      health_data_consent: HEALTH_CONSENT_REQUIRED_MESSAGE,
    });
  });

  it('runs the custom checks: taken e-mail and document, strong password', async () => {
    const response = await post(
      '/forms/2/validate',
      professional({
        email: 'MEDICO.CO@demo.test',
        document_number: '52.345.671',
        password: 'soloLetrasLargas',
        password_confirmation: 'soloLetrasLargas',
        specialty: 'Nutrición',
      }),
    );
    const { errors } = await body<{ errors: FormErrorDto[] }>(response);
    expect(errors).toEqual([
      { field: 'document_number', message: 'Ya existe una cuenta con este documento.' },
      { field: 'email', message: 'Ya existe una cuenta con este correo.' },
      { field: 'password', message: 'La contraseña debe tener al menos 8 caracteres e incluir letras y números.' },
    ]);
  });

  it('accepts the values wrapped in `values`, and never 500s on odd input', async () => {
    const wrapped = await post('/forms/4/validate', { values: { identifier: 'a@b.co', password: 'x' } });
    expect(await body<{ errors: FormErrorDto[] }>(wrapped)).toEqual({ errors: [] });
    for (const payload of [[], 'x', { first_name: { a: 1 }, terms: 'quizá', years_of_experience: 'muchos' }]) {
      const response = await post('/forms/1/validate', payload);
      expect([200, 400]).toContain(response.status);
    }
  });
});

describe('POST /api/auth/dynamic/register/{key}: professionals', () => {
  it('creates a pending doctor with purchase level 1, logged in for the request country', async () => {
    const values = professional({
      years_of_experience: '12',
      practice_description: 'Consulta integrativa',
      preferred_contact_time: '09:30',
      // México: the Colombian cédula is not offered there; the passport is.
      document_type_id: '3',
    });
    const response = await post('/auth/dynamic/register/registro-medico', values, { 'x-country': 'mx' });
    expect(response.status).toBe(201);
    const created = await body<DynamicAuthResponseDto>(response);
    expect(created.user).toMatchObject({
      email: values.email,
      role: { id: 1, name: 'doctor' },
      approval_status: 'pending',
      purchase_level_id: 1,
      country_id: 2,
      display_name: 'Valentina Arango Pérez',
      document_number: String(values.document_number).replaceAll('.', ''),
      phone_number: '3105550101',
      country_code: '+52',
      birth_date: '1985-04-12',
      gender: 'femenino',
      document_type_id: 3,
    });
    const row = await userByEmail(ctx, values.email);
    expect(row.heard_from).toBe('colega');
    expect(row.terms_accepted_at).toBeInstanceOf(Date);
    expect(row.registration_details).toEqual({
      years_of_experience: 12,
      practice_description: 'Consulta integrativa',
      preferred_contact_time: '09:30',
    });
    expect(row.password_hash?.startsWith('$argon2id$')).toBe(true);
    const validate = await ctx.app.request('/api/auth/sso/validate', { headers: authHeaders(created.token, 'mx') });
    expect(validate.status).toBe(200);
  });

  it('registers a health professional through /auth/dynamic/register/2', async () => {
    const response = await post('/auth/dynamic/register/2', professional({ specialty: 'Nutrición clínica' }));
    expect(response.status).toBe(201);
    expect((await body<DynamicAuthResponseDto>(response)).user.role).toEqual({ id: 2, name: 'health_professional' });
  });

  it("answers 400 with the message, the fields' messages and fieldErrors", async () => {
    const before = await countUsers();
    const response = await post(
      '/auth/dynamic/register/1',
      professional({ password: 'debil', password_confirmation: 'debil', terms: false }),
    );
    expect(response.status).toBe(400);
    const error = await body<FormError>(response);
    expect(error.message).toBe('Revisa los datos del formulario.');
    expect(error.errors).toEqual([
      'La contraseña debe tener al menos 8 caracteres e incluir letras y números.',
      'Debes aceptar los términos y la política de privacidad',
    ]);
    expect(error.fieldErrors.map((item) => item.field)).toEqual(['password', 'terms']);
    expect(await countUsers()).toBe(before);
  });

  it('a taken e-mail or document is a 409', async () => {
    const email = await post('/auth/dynamic/register/1', professional({ email: 'paciente.mx@demo.test' }));
    expect(email.status).toBe(409);
    expect((await body<FormError>(email)).message).toBe('Ya existe una cuenta con este correo.');
    const document = await post('/auth/dynamic/register/1', professional({ document_number: '61345674' }));
    expect(document.status).toBe(409);
    expect((await body<FormError>(document)).message).toBe('Ya existe una cuenta con este documento.');
  });

  it('two simultaneous registrations of one e-mail create one account', async () => {
    const values = professional();
    const responses = await Promise.all([
      post('/auth/dynamic/register/1', values),
      post('/auth/dynamic/register/1', { ...values, document_number: `77${next()}12345` }),
    ]);
    expect(responses.map((response) => response.status).sort()).toEqual([201, 409]);
    const rows = await ctx.database.db.selectFrom('users').select('id').where('email', '=', values.email).execute();
    expect(rows).toHaveLength(1);
  });

  it('is 404 for the login form or an unknown key', async () => {
    expect((await post('/auth/dynamic/register/4', professional())).status).toBe(404);
    expect((await post('/auth/dynamic/register/nada', professional())).status).toBe(404);
  });
});

describe('POST /api/auth/dynamic/register/{key}: patients by invitation', () => {
  it('needs an invitation', async () => {
    const before = await countUsers();
    const { invitation_token: _unused, ...values } = patient('');
    const response = await post('/auth/dynamic/register/registro-paciente', values);
    expect(response.status).toBe(400);
    expect((await body<FormError>(response)).fieldErrors).toContainEqual({
      field: 'invitation_token',
      message: 'Necesitas la invitación de tu profesional de la salud para registrarte.',
    });
    const forged = await post('/auth/dynamic/register/3', patient('A'.repeat(43)));
    expect(forged.status).toBe(400);
    expect((await body<FormError>(forged)).fieldErrors).toContainEqual({
      field: 'invitation_token',
      message: 'La invitación no es válida o ya expiró.',
    });
    expect(await countUsers()).toBe(before);
  });

  it('creates the patient linked to the inviting doctor and uses the invitation up', async () => {
    const email = `invitada.${next()}@prueba.test`;
    const { invitation, token } = await invite({ email, firstName: 'Lina' });
    const values = patient(token, { email: email.toUpperCase() });
    const response = await post('/auth/dynamic/register/3', values, { 'x-country': 'co' });
    expect(response.status).toBe(201);
    const created = await body<DynamicAuthResponseDto>(response);
    const doctor = await userByEmail(ctx, 'medico.co@demo.test');
    expect(created.user).toMatchObject({
      email,
      role: { id: 0, name: 'patient' },
      approval_status: 'approved',
      doctor_id: doctor.id,
      purchase_level_id: null,
      country_id: 1,
    });
    const row = await ctx.database.db
      .selectFrom('invitations')
      .selectAll()
      .where('id', '=', invitation.id)
      .executeTakeFirstOrThrow();
    expect(row.used_at).toBeInstanceOf(Date);
    expect(row.used_by).toBe(created.user.id);

    // Used: a second registration with the same link is refused and creates nothing.
    const before = await countUsers();
    const again = await post('/auth/dynamic/register/3', patient(token));
    expect(again.status).toBe(400);
    expect(await countUsers()).toBe(before);
  });

  it('the e-mail and document must match the invitation when it names them', async () => {
    const email = `exacta.${next()}@prueba.test`;
    const { token } = await invite({ email, documentNumber: '99.888.777' });
    const response = await post(
      '/auth/dynamic/register/3',
      patient(token, { email: `otra.${next()}@prueba.test`, document_number: '11223344' }),
    );
    expect(response.status).toBe(400);
    expect((await body<FormError>(response)).fieldErrors).toEqual([
      { field: 'document_number', message: 'El documento no coincide con el de la invitación.' },
      { field: 'email', message: 'El correo no coincide con el de la invitación.' },
    ]);
    const ok = await post('/auth/dynamic/register/3', patient(token, { email, document_number: '99888777' }));
    expect(ok.status).toBe(201);
  });

  it('an expired invitation is refused', async () => {
    const { invitation, token } = await invite({ documentNumber: `5${next()}00111` });
    await ctx.database.db
      .updateTable('invitations')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('id', '=', invitation.id)
      .execute();
    const response = await post(
      '/auth/dynamic/register/3',
      patient(token, { document_number: invitation.documentNumber }),
    );
    expect(response.status).toBe(400);
    expect((await body<FormError>(response)).fieldErrors).toContainEqual({
      field: 'invitation_token',
      message: 'La invitación no es válida o ya expiró.',
    });
  });

  it('the transaction rolls back: an invitation used meanwhile leaves no user row', async () => {
    const { invitation, token } = await invite({ email: `carrera.${next()}@prueba.test` });
    const ref = findFormRef('3');
    if (!ref) throw new Error('sin formulario');
    const values = { ...patient(token), email: invitation.email ?? '', document_number: `66${next()}4455` };
    // Validation passed earlier; the invitation is used between validation and the transaction.
    await ctx.database.db
      .updateTable('invitations')
      .set({ used_at: new Date() })
      .where('id', '=', invitation.id)
      .execute();
    const before = await countUsers();
    await expect(
      registerUser(ctx.database.db, {
        form: ref,
        values,
        passwordHash: 'x',
        country: 'co',
        client: { address: null, userAgent: null },
      }),
    ).rejects.toThrow(Refusal);
    expect(await countUsers()).toBe(before);
    const leftover = await ctx.database.db.selectFrom('users').select('id').where('email', '=', values.email).execute();
    expect(leftover).toEqual([]);
  });

  it('two patients racing for one invitation: one account', async () => {
    const { token } = await invite({ documentNumber: `4${next()}22333` });
    const document =
      (
        await ctx.database.db
          .selectFrom('invitations')
          .select('document_number')
          .orderBy('id', 'desc')
          .executeTakeFirstOrThrow()
      ).document_number ?? '';
    const responses = await Promise.all([
      post('/auth/dynamic/register/3', patient(token, { document_number: document })),
      post('/auth/dynamic/register/3', patient(token, { document_number: document })),
    ]);
    expect(responses.filter((response) => response.status === 201)).toHaveLength(1);
    const rows = await ctx.database.db
      .selectFrom('users')
      .select('id')
      .where('document_number', '=', document)
      .execute();
    expect(rows).toHaveLength(1);
  });
});
