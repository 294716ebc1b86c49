import { sql, type Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { InvitationDto } from '../../src/lib/shared/accounts';
import type { PatientDto, PatientListDto } from '../../src/lib/shared/prescriptions';
import { up as catchUpRegisters } from '../src/db/migrations/0030-register-caught-up';
import { authHeaders, createUser, jsonRequest, userByEmail } from './helpers';
import { client, createPatient, json } from './prescriptions-fixtures';
import { demoCaller, testContextForFile } from './support/file-context';
import { invitationTokenOf, registerInvitedPatient } from './support/registration';

/**
 * Issue #18: a professional's register no longer catches up on every read. What registration, a profile's change or
 * a record's edit changes is in the register when they answer, before anybody reads it; migration 0030 caught up
 * what earlier servers had left for their next read.
 */
const ctx = testContextForFile();
const doctor = demoCaller(ctx, 'doctor');
let sequence = 0;

const db = () => ctx.database.db;
const unique = () => `${Date.now().toString(36)}${(sequence += 1)}`;

const row = (id: number) => db().selectFrom('patients').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

/** The invited patient registers through the invitation's link with `fields`, and is answered 201. */
async function registerThrough(
  link: Parameters<typeof invitationTokenOf>[0],
  fields: Parameters<typeof registerInvitedPatient>[2],
) {
  const registered = await registerInvitedPatient(ctx, invitationTokenOf(link), fields);
  expect(registered.status, await registered.clone().text()).toBe(201);
  return registered;
}

describe('registration brings the account into the register at once', () => {
  it('records the accepted invitation and completes the record, with no read of the register in between', async () => {
    const email = `al.registrarse.${unique()}@prueba.test`;
    const created = await createPatient(ctx, doctor, {
      email,
      gender: null,
      document_type_id: '',
      country_code: undefined,
    });
    await registerThrough(created.invitation.link, {
      email,
      document_type_id: '2',
      document_number: created.patient.document_number,
      gender: 'femenino',
      birth_date: '1988-06-15',
      phone_number: '3105550101',
      country_code: '+57',
    });
    const account = await userByEmail(ctx, email);

    // The row as stored, not as a read would make it.
    expect(await row(created.patient.id)).toMatchObject({
      user_id: account.id,
      consent_status: 'confirmed',
      gender: 'femenino',
      document_type_id: 2,
      country_code: '+57',
    });
    const listed = await json<PatientListDto>(await client(ctx, doctor).get(`/patients?search=${email}`));
    expect(listed.data).toHaveLength(1);
    expect(listed.data[0]).toMatchObject({ id: created.patient.id, account_status: 'active', complete: true });
  });

  it('takes in an account invited outside the register, linked to the professional who invited it', async () => {
    const email = `fuera.del.registro.${unique()}@prueba.test`;
    const invited = await ctx.app.request(
      '/api/invitations',
      jsonRequest('POST', { email, firstName: 'Tomás' }, authHeaders(doctor.token, 'co')),
    );
    expect(invited.status).toBe(201);
    const { link } = await json<InvitationDto>(invited);
    await registerThrough(link, {
      email,
      first_name: 'Tomás',
      last_name: 'Rincón',
      document_type_id: '1',
      document_number: `81${String(Date.now()).slice(-6)}`,
      birth_date: '1990-01-31',
      phone_number: '3205550000',
    });
    const account = await userByEmail(ctx, email);
    const doctorRow = await userByEmail(ctx, 'medico.co@demo.test');

    const record = await db()
      .selectFrom('patients as p')
      .innerJoin('patient_links as l', 'l.patient_id', 'p.id')
      .select(['p.id', 'p.created_by', 'p.consent_status', 'l.professional_id'])
      .where('p.user_id', '=', account.id)
      .executeTakeFirstOrThrow();
    expect(record).toMatchObject({
      created_by: doctorRow.id,
      professional_id: doctorRow.id,
      consent_status: 'confirmed',
    });
    const listed = await json<PatientListDto>(await client(ctx, doctor).get(`/patients?search=${email}`));
    expect(listed.data.map((patient) => patient.id)).toEqual([record.id]);
  });
});

describe('later changes reach the record when they are made', () => {
  it('fills an empty field from the profile the patient completes, and again when the professional empties it', async () => {
    const email = `perfil.${unique()}@prueba.test`;
    const created = await createPatient(ctx, doctor, { email, gender: null });
    const registered = await registerThrough(created.invitation.link, {
      email,
      document_type_id: '1',
      document_number: created.patient.document_number,
      birth_date: '1988-06-15',
      phone_number: '3105550101',
    });
    const { token: patientToken } = await json<{ token: string }>(registered);
    expect((await row(created.patient.id)).gender).toBeNull();

    const profile = await ctx.app.request(
      '/api/auth/profile',
      jsonRequest('PATCH', { gender: 'otro' }, authHeaders(patientToken, 'co')),
    );
    expect(profile.status, await profile.clone().text()).toBe(200);
    expect((await row(created.patient.id)).gender).toBe('otro');

    // The professional's own value stays theirs; emptied, the field takes the account's value again.
    const corrected = await client(ctx, doctor).send('PATCH', `/patients/${created.patient.id}`, {
      gender: 'femenino',
    });
    expect((await json<PatientDto>(corrected)).gender).toBe('femenino');
    const emptied = await client(ctx, doctor).send('PATCH', `/patients/${created.patient.id}`, { gender: '' });
    expect(emptied.status, await emptied.clone().text()).toBe(200);
    expect((await json<PatientDto>(emptied)).gender).toBe('otro');
    expect((await row(created.patient.id)).gender).toBe('otro');
  });
});

describe('migration 0030', () => {
  it('catches up what earlier servers left for the next read of the register', async () => {
    const doctorRow = await userByEmail(ctx, 'medico.co@demo.test');
    // An invitation accepted, its row not yet told (an earlier server recorded it at the professional's next read).
    const accepted = await createPatient(ctx, doctor, { email: `antes.${unique()}@prueba.test`, gender: null });
    const claimant = await createUser(ctx, { role: 'patient', email: accepted.patient.email, doctorId: doctorRow.id });
    await db().updateTable('users').set({ gender: 'masculino' }).where('id', '=', claimant.id).execute();
    await db()
      .updateTable('invitations')
      .set({ used_at: new Date(), used_by: claimant.id })
      .where('id', '=', accepted.invitation.id)
      .execute();
    // An account invited outside the register, not yet in it.
    const outside = await createUser(ctx, { role: 'patient', doctorId: doctorRow.id, firstName: 'Adoptada' });

    await catchUpRegisters(db() as unknown as Kysely<unknown>);

    expect(await row(accepted.patient.id)).toMatchObject({
      user_id: claimant.id,
      consent_status: 'confirmed',
      gender: 'masculino',
    });
    const adopted = await db()
      .selectFrom('patients as p')
      .innerJoin('patient_links as l', 'l.patient_id', 'p.id')
      .select(['p.created_by', 'p.search_text', 'l.professional_id'])
      .where('p.user_id', '=', outside.id)
      .executeTakeFirstOrThrow();
    expect(adopted).toMatchObject({ created_by: doctorRow.id, professional_id: doctorRow.id });
    expect(adopted.search_text).toContain('adoptada');
    // Run again (as on a database migrated twice by mistake): nothing more to do, nothing doubled.
    await catchUpRegisters(db() as unknown as Kysely<unknown>);
    const rows = await sql<{ count: string | number }>`select count(*) as count from patients
      where user_id = ${outside.id}`.execute(db());
    expect(Number(rows.rows[0]?.count)).toBe(1);
  });
});
