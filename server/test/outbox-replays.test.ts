import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ApiErrorBody } from '../../src/lib/shared/api-types';
import { EXPECTED_USER_HEADER } from '../../src/lib/shared/outbox';
import type { CreatePatientResponseDto, PrescriptionDetailDto } from '../../src/lib/shared/prescriptions';
import { OTHER_ACCOUNT_MESSAGE } from '../src/http/auth';
import { rawRequestHash } from '../src/http/idempotency';
import { PATIENT_REF_RUNNING_MESSAGE, PATIENT_REF_UNKNOWN_MESSAGE } from '../src/prescriptions/create';
import type { UserRow } from '../src/db/schema';
import { jsonRequest, sessionFor, userByEmail } from './helpers';
import { client, json, patientBody, patientsNamed, productIdOf, tool } from './prescriptions-fixtures';
import { demoCaller, testContextForFile } from './support/file-context';

// What the storefront's service worker sends when it replays a write kept offline (sw/outbox.ts).

const ctx = testContextForFile();
const doctor = demoCaller(ctx, 'doctor');
let doctorRow: UserRow;
let magnesium: number;

beforeAll(async () => {
  doctorRow = await userByEmail(ctx, 'medico.co@demo.test');
  magnesium = await productIdOf(ctx, 'magnesio-bisglicinato-400-mg');
});

/** A replay with no page open: the session cookie of its country, no bearer token, sent by the service worker. */
function cookieReplay(path: string, body: unknown, headers: Record<string, string>) {
  return ctx.app.request(
    `/api${path}`,
    jsonRequest('POST', body, {
      cookie: `sso_token_co=${doctor.token}`,
      'x-country': 'co',
      'sec-fetch-site': 'same-origin',
      ...headers,
    }),
  );
}

describe('replays of writes kept offline', () => {
  it('authenticates a replay by the session cookie from the storefront, guarded by the expected account', async () => {
    const body = patientBody({ last_name: 'Replay Cookie' });
    const key = { 'idempotency-key': randomUUID() };
    // A cross-site page could make the browser send the cookie, never from the storefront's own origin.
    const forged = await cookieReplay('/patients', body, { ...key, 'sec-fetch-site': 'cross-site' });
    expect(forged.status).toBe(403);
    const otherAccount = await cookieReplay('/patients', body, {
      ...key,
      [EXPECTED_USER_HEADER]: 'uid-de-otra-cuenta',
    });
    expect(otherAccount.status).toBe(401);
    expect((await json<ApiErrorBody>(otherAccount)).message).toBe(OTHER_ACCOUNT_MESSAGE);
    const replay = await cookieReplay('/patients', body, { ...key, [EXPECTED_USER_HEADER]: doctorRow.uid });
    expect(replay.status).toBe(201);
    expect(await patientsNamed(ctx, 'Replay Cookie')).toBe(1);
  });

  it("refuses, as unauthenticated, a replay sent under another account's session", async () => {
    const body = patientBody({ last_name: 'Replay Otra Cuenta' });
    const colleague = { token: await sessionFor(ctx, 'profesional.co@demo.test') };
    const response = await client(ctx, colleague).send('POST', '/patients', body, {
      'idempotency-key': randomUUID(),
      [EXPECTED_USER_HEADER]: doctorRow.uid,
    });
    expect(response.status).toBe(401);
    expect((await json<ApiErrorBody>(response)).message).toBe(OTHER_ACCOUNT_MESSAGE);
    expect(await patientsNamed(ctx, 'Replay Otra Cuenta')).toBe(0);
  });

  it('creates a prescription for a patient created offline, named by the key of its creation', async () => {
    const patientKey = randomUUID();
    const prescriptionKey = randomUUID();
    const prescription = { patientRef: patientKey, tools: [tool(magnesium)], notes: '' };
    const send = () =>
      client(ctx, doctor).send('POST', '/prescriptions', prescription, {
        'idempotency-key': prescriptionKey,
        [EXPECTED_USER_HEADER]: doctorRow.uid,
      });

    // The patient has not reached the server: the reference is unknown.
    const early = await send();
    expect(early.status).toBe(422);
    expect((await json<ApiErrorBody>(early)).message).toBe(PATIENT_REF_UNKNOWN_MESSAGE);

    const created = await client(ctx, doctor).send(
      'POST',
      '/patients',
      patientBody({ last_name: 'Paciente Offline' }),
      {
        'idempotency-key': patientKey,
      },
    );
    expect(created.status).toBe(201);
    const patient = (await json<CreatePatientResponseDto>(created)).patient;

    const first = await send();
    expect(first.status).toBe(201);
    const detail = await json<PrescriptionDetailDto>(first);
    expect(detail.patient.id).toBe(patient.id);
    // Replayed (an answer lost on the way): the same prescription, not a second one.
    const again = await send();
    expect(again.status).toBe(200);
    expect((await json<PrescriptionDetailDto>(again)).id).toBe(detail.id);
    const stored = await ctx.database.db
      .selectFrom('prescriptions')
      .select('id')
      .where('patient_id', '=', patient.id)
      .execute();
    expect(stored).toHaveLength(1);
  });

  it('asks to come back later while the patient it needs is still being created', async () => {
    const patientKey = randomUUID();
    // The creation's claim, not answered yet (its request still runs).
    await ctx.database.db
      .insertInto('idempotent_requests')
      .values({ user_id: doctorRow.id, key: patientKey, request_hash: 'en-curso' })
      .execute();
    const response = await client(ctx, doctor).send(
      'POST',
      '/prescriptions',
      { patientRef: patientKey, tools: [tool(magnesium)], notes: '' },
      { 'idempotency-key': randomUUID() },
    );
    expect(response.status).toBe(409);
    expect(response.headers.get('retry-after')).toBe('5');
    expect((await json<ApiErrorBody>(response)).message).toBe(PATIENT_REF_RUNNING_MESSAGE);
  });

  it('tells a replaying client to come back while the same write still runs, never for a reused key', async () => {
    const body = patientBody({ last_name: 'Replay En Curso' });
    const running = randomUUID();
    const reusedKey = randomUUID();
    const hash = rawRequestHash('POST', '/api/patients', new TextEncoder().encode(JSON.stringify(body)));
    await ctx.database.db
      .insertInto('idempotent_requests')
      .values([
        { user_id: doctorRow.id, key: running, request_hash: hash },
        { user_id: doctorRow.id, key: reusedKey, request_hash: 'otro contenido' },
      ])
      .execute();
    const again = await client(ctx, doctor).send('POST', '/patients', body, { 'idempotency-key': running });
    expect(again.status).toBe(409);
    expect(again.headers.get('retry-after')).toBe('5');
    // Another content under a used key is the client's mistake: no Retry-After, the outbox reports it.
    const reused = await client(ctx, doctor).send('POST', '/patients', body, { 'idempotency-key': reusedKey });
    expect(reused.status).toBe(409);
    expect(reused.headers.get('retry-after')).toBeNull();
  });
});
