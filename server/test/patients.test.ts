import { PATIENT_ATTESTATION_MESSAGE } from '../../src/lib/shared/privacy';
import { describe, expect, it } from 'vitest';
import type { ApiErrorBody } from '../../src/lib/shared/api-types';
import type { FormErrorDto, InvitationPreviewDto } from '../../src/lib/shared/accounts';
import {
  PATIENT_REQUIRED_FIELDS,
  PATIENT_REQUIRED_MESSAGE,
  type PatientDto,
  type PatientListDto,
  type PatientStrategiesDto,
} from '../../src/lib/shared/prescriptions';
import { sessionFor, userByEmail } from './helpers';
import {
  client,
  createPatient,
  json,
  patientBody,
  prescribe,
  productIdOf,
  registerIdOf,
  tool,
} from './prescriptions-fixtures';
import { demoCaller, testContextForFile } from './support/file-context';
import { invitationTokenOf, registerInvitedPatient } from './support/registration';
import { formRefusal } from './support/refusals';

type Problem = ApiErrorBody & { fieldErrors?: FormErrorDto[]; patientId?: number };

const ctx = testContextForFile();
const doctor = demoCaller(ctx, 'doctor');
const otherDoctor = demoCaller(ctx, 'mexicanDoctor');
const professional = demoCaller(ctx, 'professional');

describe('POST /api/patients', () => {
  it('creates a complete patient, links it to the professional and e-mails the invitation', async () => {
    const body = patientBody({ email: 'Lucia.Nueva@Prueba.test', document_number: '9.080.706.051' });
    const created = await createPatient(ctx, doctor, body);
    expect(created.patientCreated).toBe(true);
    expect(created.patient).toMatchObject({
      first_name: 'Lucía',
      display_name: 'Lucía Restrepo Ángel',
      email: 'lucia.nueva@prueba.test',
      document_number: '9080706051',
      document_type_code: 'CC',
      country_name: 'Colombia',
      complete: true,
      account_status: 'invited',
    });

    const invitation = await ctx.database.db
      .selectFrom('invitations')
      .selectAll()
      .where('id', '=', created.invitation.id)
      .executeTakeFirstOrThrow();
    const doctorRow = await userByEmail(ctx, 'medico.co@demo.test');
    expect(invitation).toMatchObject({
      professional_id: doctorRow.id,
      email: 'lucia.nueva@prueba.test',
      document_number: '9080706051',
      country_id: 1,
    });
    const mail = await ctx.database.db
      .selectFrom('outbox_emails')
      .selectAll()
      .where('to_address', '=', 'lucia.nueva@prueba.test')
      .executeTakeFirstOrThrow();
    expect(mail.subject).toContain('te invita al Dispensario Funcional');
    expect(mail.text).toContain(created.invitation.link);
    expect(created.invitation.link).toMatch(/\/co\/registro\?invitacion=/);

    const list = await json<PatientListDto>(await client(ctx, doctor).get('/patients?search=lucia nueva'));
    expect(list.data.map((patient) => patient.id)).toEqual([created.patient.id]);
  });

  it('marks incomplete a patient without gender, document type or phone prefix', async () => {
    const { patient } = await createPatient(ctx, doctor, {
      gender: null,
      document_type_id: '',
      country_code: undefined,
    });
    expect(patient).toMatchObject({ complete: false, gender: null, document_type_id: null, country_code: null });
  });

  it('answers "Debes completar este campo" for each missing required field', async () => {
    const response = await client(ctx, doctor).send('POST', '/patients', { gender: 'femenino' });
    expect(response.status).toBe(400);
    const problem = await json<Problem>(response);
    expect(problem.message).toBe('Revisa los datos del formulario.');
    // The professional's attestation of the patient's consent is refused in the same answer.
    expect(problem.fieldErrors).toEqual([
      ...PATIENT_REQUIRED_FIELDS.map((field) => ({ field, message: PATIENT_REQUIRED_MESSAGE })),
      { field: 'consent_attested', message: PATIENT_ATTESTATION_MESSAGE },
    ]);
    expect(problem.errors).toContain(PATIENT_REQUIRED_MESSAGE);
  });

  it('refuses malformed values with Spanish messages', async () => {
    const response = await client(ctx, doctor).send(
      'POST',
      '/patients',
      patientBody({ email: 'sin-arroba', birth_date: '2001-02-30', gender: 'x', country_id: 9, phone_number: '12' }),
    );
    expect(await formRefusal(response)).toEqual([
      { field: 'birth_date', message: 'La fecha de nacimiento no existe.' },
      { field: 'gender', message: 'Selecciona una opción de la lista.' },
      { field: 'email', message: 'Escribe un correo electrónico válido.' },
      { field: 'country_id', message: 'Selecciona un país de la lista.' },
      { field: 'phone_number', message: 'El número debe tener entre 7 y 15 dígitos.' },
    ]);
    const future = await client(ctx, doctor).send('POST', '/patients', patientBody({ birth_date: '2999-01-01' }));
    expect((await json<Problem>(future)).fieldErrors).toEqual([
      { field: 'birth_date', message: 'La fecha de nacimiento no puede ser futura.' },
    ]);
  });

  it('refuses an e-mail or document already used by another patient or account', async () => {
    const { patient } = await createPatient(ctx, doctor);
    const again = await client(ctx, doctor).send('POST', '/patients', patientBody({ email: patient.email }));
    expect(again.status).toBe(409);
    expect(await json<Problem>(again)).toMatchObject({
      message: 'Este paciente ya está en tu lista de pacientes.',
      patientId: patient.id,
      fieldErrors: [{ field: 'email', message: 'Este paciente ya está en tu lista de pacientes.' }],
    });

    const byEmail = await client(ctx, otherDoctor).send('POST', '/patients', patientBody({ email: patient.email }));
    expect(byEmail.status).toBe(409);
    expect((await json<Problem>(byEmail)).message).toBe('Este correo ya pertenece a otro paciente registrado.');
    const byDocument = await client(ctx, otherDoctor).send(
      'POST',
      '/patients',
      patientBody({ document_number: patient.document_number }),
    );
    expect(byDocument.status).toBe(409);
    expect((await json<Problem>(byDocument)).message).toBe('Este documento ya pertenece a otro paciente registrado.');

    const professionalEmail = await client(ctx, doctor).send(
      'POST',
      '/patients',
      patientBody({ email: 'profesional.mx@demo.test' }),
    );
    expect(professionalEmail.status).toBe(409);
    expect((await json<Problem>(professionalEmail)).message).toBe('Ya existe una cuenta con este correo.');
  });

  it('is for approved professionals only', async () => {
    const pending = { token: await sessionFor(ctx, 'pendiente.co@demo.test') };
    const patient = { token: await sessionFor(ctx, 'paciente.pe@demo.test', 'pe'), country: 'pe' as const };
    expect((await client(ctx, pending).send('POST', '/patients', patientBody())).status).toBe(403);
    expect((await client(ctx, patient).get('/patients')).status).toBe(403);
    expect((await client(ctx, null).get('/patients')).status).toBe(401);
  });
});

describe('the patient form on its shared schema', () => {
  it('never answers a 5xx to junk of any type in any field, on creation or edition', async () => {
    const junk: unknown[] = [null, true, -1, 1e308, 'x'.repeat(5000), [], [1e308], { a: { b: [null] } }, '\u0000'];
    const { patient } = await createPatient(ctx, doctor);
    const body = patientBody();
    for (const field of Object.keys(body)) {
      for (const value of junk) {
        const label = `${field}=${JSON.stringify(value)?.slice(0, 20)}`;
        const created = await client(ctx, doctor).send('POST', '/patients', { ...body, [field]: value });
        expect(created.status, label).toBeLessThan(500);
        const changed = await client(ctx, doctor).send('PATCH', `/patients/${patient.id}`, { [field]: value });
        expect(changed.status, label).toBeLessThan(500);
      }
    }
  });
});

describe('GET /api/patients', () => {
  it('lists only linked patients, with the demo patient the doctor invited before the register existed', async () => {
    const mine = await createPatient(ctx, doctor, { first_name: 'Ángela', last_name: 'Zuluaga' });
    await createPatient(ctx, otherDoctor, { first_name: 'Ángela', last_name: 'Zuluaga' });
    const list = await json<PatientListDto>(await client(ctx, doctor).get('/patients?search=ANGELA zuluaga'));
    expect(list).toMatchObject({ total: 1, page: 1, limit: 20 });
    expect(list.data[0]?.id).toBe(mine.patient.id);

    const demo = await json<PatientListDto>(await client(ctx, doctor).get('/patients?search=paciente.co@demo.test'));
    expect(demo.data).toHaveLength(1);
    expect(demo.data[0]).toMatchObject({ email: 'paciente.co@demo.test', account_status: 'active' });
    expect((await client(ctx, doctor).get('/patients?limit=0')).status).toBe(400);
    const limit = await json<Problem>(await client(ctx, doctor).get('/patients?limit=0&adherencia=todo'));
    expect(limit).toMatchObject({
      message: 'Los parámetros de la consulta no son válidos.',
      fieldErrors: [
        { field: 'adherencia', message: 'El parámetro "adherencia" debe ser uno de: se-acaba.' },
        { field: 'limit', message: 'El parámetro "limit" debe ser un número entero entre 1 y 100.' },
      ],
    });
  });

  it('pages through the register', async () => {
    const response = await client(ctx, doctor).get('/patients?limit=2&page=2');
    const page = await json<PatientListDto>(response);
    expect(page).toMatchObject({ page: 2, limit: 2 });
    expect(page.data.length).toBeLessThanOrEqual(2);
    expect(page.total).toBeGreaterThan(2);
  });
});

describe('GET and PATCH /api/patients/{id}', () => {
  it('lets a second doctor neither open nor edit a patient not linked to them', async () => {
    const { patient } = await createPatient(ctx, doctor);
    const other = client(ctx, otherDoctor);
    for (const response of [
      await other.get(`/patients/${patient.id}`),
      await other.send('PATCH', `/patients/${patient.id}`, { first_name: 'Intruso' }),
      await other.get(`/patients/${patient.id}/strategies`),
      await other.get('/patients/999999'),
      await other.get('/patients/abc'),
    ]) {
      expect(response.status).toBe(404);
      expect((await json<Problem>(response)).message).toBe('No encontramos este paciente entre tus pacientes.');
    }
    const own = await json<PatientDto>(await client(ctx, doctor).get(`/patients/${patient.id}`));
    expect(own.first_name).toBe('Lucía');
  });

  it('edits the fields sent, completes the record and re-invites after an e-mail correction', async () => {
    const { patient } = await createPatient(ctx, doctor, { gender: null });
    expect(patient.complete).toBe(false);
    const response = await client(ctx, doctor).send('PATCH', `/patients/${patient.id}`, {
      gender: 'masculino',
      email: 'corregido.paciente@prueba.test',
    });
    expect(response.status).toBe(200);
    const updated = await json<PatientDto>(response);
    expect(updated).toMatchObject({ gender: 'masculino', email: 'corregido.paciente@prueba.test', complete: true });
    const mail = await ctx.database.db
      .selectFrom('outbox_emails')
      .select('subject')
      .where('to_address', '=', 'corregido.paciente@prueba.test')
      .executeTakeFirst();
    expect(mail?.subject).toContain('te invita');

    const emptied = await client(ctx, doctor).send('PATCH', `/patients/${patient.id}`, { first_name: ' ' });
    expect(emptied.status).toBe(400);
    expect((await json<Problem>(emptied)).fieldErrors).toEqual([
      { field: 'first_name', message: PATIENT_REQUIRED_MESSAGE },
    ]);
  });
});

describe('the invitation accepted', () => {
  it('gives the register row its account, and the patient sees what was prescribed before', async () => {
    const created = await createPatient(ctx, doctor, { email: 'acepta.invitacion@prueba.test' });
    const productId = await productIdOf(ctx, 'magnesio-bisglicinato-400-mg');
    const prescription = await prescribe(ctx, doctor, { patientId: created.patient.id, tools: [tool(productId)] });

    const token = invitationTokenOf(created.invitation.link);
    const registered = await registerInvitedPatient(
      ctx,
      token,
      {
        document_type_id: '1',
        document_number: created.patient.document_number,
        birth_date: '1988-06-15',
        phone_number: '3105550101',
        email: 'acepta.invitacion@prueba.test',
      },
      { 'x-forwarded-for': '198.51.100.7' },
    );
    expect(registered.status, await registered.clone().text()).toBe(201);
    const { token: patientToken } = await json<{ token: string }>(registered);

    const mine = await json<{ data: { id: number }[] }>(
      await client(ctx, { token: patientToken }).get('/me/prescriptions'),
    );
    expect(mine.data.map((item) => item.id)).toEqual([prescription.id]);
    const listed = await json<PatientDto>(await client(ctx, doctor).get(`/patients/${created.patient.id}`));
    expect(listed.account_status).toBe('active');
  });

  it('offers the record to the registration form and completes the record from the registration', async () => {
    const created = await createPatient(ctx, doctor, {
      email: 'completa.ficha@prueba.test',
      birth_date: '1990-03-04',
      phone_number: '3157770000',
      gender: null,
      document_type_id: '',
      country_code: undefined,
    });
    expect(created.patient.complete).toBe(false);
    const token = invitationTokenOf(created.invitation.link);
    const preview = await json<InvitationPreviewDto>(await ctx.app.request(`/api/invitations/${token}`));
    expect(preview.record).toEqual({
      birthDate: '1990-03-04',
      gender: null,
      documentTypeId: null,
      countryCode: null,
      phoneNumber: '3157770000',
    });

    const registered = await registerInvitedPatient(ctx, token, {
      document_type_id: '2',
      document_number: created.patient.document_number,
      gender: 'femenino',
      birth_date: '1990-03-04',
      phone_number: '3157770000',
      country_code: '+57',
      email: 'completa.ficha@prueba.test',
    });
    expect(registered.status, await registered.clone().text()).toBe(201);

    const record = await json<PatientDto>(await client(ctx, doctor).get(`/patients/${created.patient.id}`));
    expect(record).toMatchObject({
      complete: true,
      gender: 'femenino',
      document_type_id: 2,
      country_code: '+57',
      birth_date: '1990-03-04',
      phone_number: '3157770000',
      account_status: 'active',
    });
    const listed = await json<PatientListDto>(await client(ctx, doctor).get('/patients?search=completa.ficha'));
    expect(listed.data.map((patient) => patient.complete)).toEqual([true]);
  });

  it('keeps what the professional wrote when the registration says otherwise', async () => {
    const created = await createPatient(ctx, doctor, { email: 'conserva.ficha@prueba.test', gender: 'otro' });
    const token = invitationTokenOf(created.invitation.link);
    const registered = await registerInvitedPatient(ctx, token, {
      document_type_id: '1',
      document_number: created.patient.document_number,
      gender: 'femenino',
      birth_date: '1970-01-01',
      phone_number: '3001112222',
      email: 'conserva.ficha@prueba.test',
    });
    expect(registered.status, await registered.clone().text()).toBe(201);
    const record = await json<PatientDto>(await client(ctx, doctor).get(`/patients/${created.patient.id}`));
    expect(record).toMatchObject({ gender: 'otro', birth_date: '1988-06-15', phone_number: '3105550101' });
  });
});

describe('GET /api/patients/{id}/strategies', () => {
  it('splits the viewer’s own strategies from those of other professionals, searchable by date', async () => {
    const demoPatient = { id: await registerIdOf(ctx, 'paciente.co@demo.test') };
    const productId = await productIdOf(ctx, 'magnesio-bisglicinato-400-mg');
    const mine = await prescribe(ctx, professional, { patientId: demoPatient.id, tools: [tool(productId)] });

    const asDoctor = await json<PatientStrategiesDto>(
      await client(ctx, doctor).get(`/patients/${demoPatient.id}/strategies`),
    );
    expect(asDoctor.own.map((strategy) => strategy.type)).toEqual(['prescription']);
    expect(asDoctor.others.map((strategy) => strategy.id)).toContain(mine.id);
    expect(asDoctor.others.every((strategy) => strategy.type === 'recommendation')).toBe(true);
    expect(asDoctor.own[0]).toMatchObject({
      status: 'active',
      categories: [
        { id: 1, name: 'Vitaminas y minerales' },
        { id: 4, name: 'Hormonas bioidénticas' },
      ],
      toolCount: 2,
    });

    const asProfessional = await json<PatientStrategiesDto>(
      await client(ctx, professional).get(`/patients/${demoPatient.id}/strategies`),
    );
    expect(asProfessional.own.map((strategy) => strategy.id)).toContain(mine.id);
    expect(asProfessional.others.map((strategy) => strategy.type)).toEqual(['prescription']);

    // The seed dates the doctor's demo prescription back (a purchase since shows adherence figures, issue #19).
    const seeded = await ctx.database.db
      .selectFrom('prescriptions')
      .select('created_at')
      .where('id', '=', asDoctor.own[0]!.id)
      .executeTakeFirstOrThrow();
    const day = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Bogota' }).format(seeded.created_at);
    const todays = await json<PatientStrategiesDto>(
      await client(ctx, doctor).get(`/patients/${demoPatient.id}/strategies?from=${day}&to=${day}`),
    );
    expect(todays.own).toHaveLength(1);
    const past = await json<PatientStrategiesDto>(
      await client(ctx, doctor).get(`/patients/${demoPatient.id}/strategies?to=2020-01-01`),
    );
    expect(past).toEqual({ own: [], others: [] });

    const reversed = await client(ctx, doctor).get(
      `/patients/${demoPatient.id}/strategies?from=2025-02-01&to=2025-01-01`,
    );
    expect(reversed.status).toBe(400);
    expect((await json<Problem>(reversed)).fieldErrors).toEqual([
      { field: 'from', message: 'La fecha inicial no puede ser posterior a la final.' },
    ]);
    const malformed = await client(ctx, doctor).get(`/patients/${demoPatient.id}/strategies?from=01/02/2025`);
    expect(malformed.status).toBe(400);
    expect(await json<Problem>(malformed)).toMatchObject({
      message: 'Los parámetros de la consulta no son válidos.',
      fieldErrors: [{ field: 'from', message: 'La fecha "from" debe tener el formato AAAA-MM-DD.' }],
    });
  });
});
