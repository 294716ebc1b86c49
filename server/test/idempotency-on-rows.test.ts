import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ApiErrorBody } from '../../src/lib/shared/api-types';
import type { CredentialsStatusDto } from '../../src/lib/shared/accounts';
import type { CreatePatientResponseDto, TemplateDto } from '../../src/lib/shared/prescriptions';
import { renderTextPdf } from '../src/documents/pdf';
import { STORED_ANSWER_RETENTION_MS } from '../src/db/idempotent-requests';
import { ABANDONED_CLAIM_MS } from '../src/http/idempotency';
import { createUser, sessionFor, userByEmail } from './helpers';
import { client, json, patientBody, productIdOf, tool } from './prescriptions-fixtures';
import { demoCaller, testContextForFile } from './support/file-context';
import { invitationTokenOf } from './support/registration';

/**
 * A write that committed but whose process died before its answer was stored leaves its Idempotency-Key claimed with
 * no answer. Each way that can look is made by hand on the claim's row: still unanswered (the retry comes at once),
 * unanswered and old (taken over), or gone (a claim freed after the commit). The retry must answer the row written
 * the first time, with the first answer's status and shape, and write nothing again.
 */
const ctx = testContextForFile();
const doctor = demoCaller(ctx, 'doctor');
let doctorId: number;

beforeAll(async () => {
  doctorId = (await userByEmail(ctx, 'medico.co@demo.test')).id;
});

type Loss = 'unanswered' | 'abandoned' | 'forgotten';
const LOSSES: Loss[] = ['unanswered', 'abandoned', 'forgotten'];

/** Makes the claim of `key` look as a process that died right after its write's commit left it. */
async function loseAnswer(userId: number, key: string, loss: Loss): Promise<void> {
  const db = ctx.database.db;
  if (loss === 'forgotten') {
    await db.deleteFrom('idempotent_requests').where('user_id', '=', userId).where('key', '=', key).execute();
    return;
  }
  await db
    .updateTable('idempotent_requests')
    .set({ status: null, content_type: null, response_body: null })
    .where('user_id', '=', userId)
    .where('key', '=', key)
    .execute();
  if (loss === 'abandoned') {
    // The creation moment is the database's own: only raw SQL moves it back.
    const longAgo = new Date(Date.now() - ABANDONED_CLAIM_MS - 1000);
    await sql`update idempotent_requests set created_at = ${longAgo} where user_id = ${userId} and key = ${key}`.execute(
      db,
    );
  }
}

async function storedStatus(userId: number, key: string): Promise<number | null | undefined> {
  const row = await ctx.database.db
    .selectFrom('idempotent_requests')
    .select('status')
    .where('user_id', '=', userId)
    .where('key', '=', key)
    .executeTakeFirst();
  return row?.status;
}

describe('a write committed whose answer was never stored is answered from its row, not written again', () => {
  it('keeps the first answer of a patient creation inside its own transaction', async () => {
    const key = randomUUID();
    const created = await client(ctx, doctor).send('POST', '/patients', patientBody(), { 'idempotency-key': key });
    expect(created.status).toBe(201);
    const stored = await ctx.database.db
      .selectFrom('idempotent_requests')
      .select(['status', 'response_body'])
      .where('user_id', '=', doctorId)
      .where('key', '=', key)
      .executeTakeFirstOrThrow();
    expect(stored.status).toBe(201);
    expect(JSON.parse(stored.response_body ?? 'null')).toEqual(await json<CreatePatientResponseDto>(created));
    const row = await ctx.database.db
      .selectFrom('patients')
      .select(['idempotency_key', 'created_by'])
      .where('email', '=', (JSON.parse(stored.response_body ?? '{}') as CreatePatientResponseDto).patient.email)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ idempotency_key: key, created_by: doctorId });
  });

  it.each(LOSSES)('patient creation, claim %s: the same patient, one row, a working link', async (loss) => {
    const key = randomUUID();
    const body = patientBody();
    const send = () => client(ctx, doctor).send('POST', '/patients', body, { 'idempotency-key': key });
    const first = await send();
    expect(first.status).toBe(201);
    const firstAnswer = await json<CreatePatientResponseDto>(first);
    await loseAnswer(doctorId, key, loss);

    const retry = await send();
    expect(retry.status, await retry.clone().text()).toBe(201);
    expect(retry.headers.get('idempotent-replayed')).toBe('true');
    const answer = await json<CreatePatientResponseDto>(retry);
    // The link was stored only as a hash: a new invitation carries a new one, e-mailed again, the rest is the same.
    const { invitation_id: _firstInvitation, ...firstPatient } = firstAnswer.patient as typeof firstAnswer.patient & {
      invitation_id?: unknown;
    };
    expect(answer.patient).toEqual(firstPatient);
    expect(answer.patientCreated).toBe(true);
    expect(Object.keys(answer.invitation).sort()).toEqual(Object.keys(firstAnswer.invitation).sort());
    expect(answer.invitation.link).toMatch(/\/co\/registro\?invitacion=/);
    const preview = await ctx.app.request(
      `/api/invitations/${encodeURIComponent(invitationTokenOf(answer.invitation.link))}`,
    );
    expect(preview.status).toBe(200);
    const rows = await ctx.database.db.selectFrom('patients').select('id').where('email', '=', body.email).execute();
    expect(rows).toEqual([{ id: firstAnswer.patient.id }]);
    expect(await storedStatus(doctorId, key)).toBe(201);

    // Stored now: the next retry is the plain replay of it.
    const again = await send();
    expect(again.status).toBe(201);
    expect(await json<CreatePatientResponseDto>(again)).toEqual(answer);
  });

  it('refuses the key of a committed patient with other content, though its answer was lost', async () => {
    const key = randomUUID();
    const first = await client(ctx, doctor).send('POST', '/patients', patientBody(), { 'idempotency-key': key });
    expect(first.status).toBe(201);
    await loseAnswer(doctorId, key, 'forgotten');
    const other = patientBody({ last_name: 'Otra Clave' });
    const refused = await client(ctx, doctor).send('POST', '/patients', other, { 'idempotency-key': key });
    expect(refused.status).toBe(409);
    expect((await json<ApiErrorBody>(refused)).message).toBe(
      'Este identificador de envío (Idempotency-Key) ya se usó con otros datos: envía la solicitud con uno nuevo.',
    );
    const rows = await ctx.database.db.selectFrom('patients').select('id').where('email', '=', other.email).execute();
    expect(rows).toEqual([]);
  });

  it('a prescription for a patient created offline finds the patient by its key while its answer is missing', async () => {
    const key = randomUUID();
    const first = await client(ctx, doctor).send('POST', '/patients', patientBody(), { 'idempotency-key': key });
    expect(first.status).toBe(201);
    const patient = (await json<CreatePatientResponseDto>(first)).patient;
    await loseAnswer(doctorId, key, 'unanswered');
    const zinc = await productIdOf(ctx, 'zinc-picolinato-30-mg');
    const prescribed = await client(ctx, doctor).send(
      'POST',
      '/prescriptions',
      { patientRef: key, notes: '', tools: [tool(zinc)] },
      { 'idempotency-key': randomUUID() },
    );
    expect(prescribed.status, await prescribed.clone().text()).toBe(201);
    expect((await json<{ patient: { id: number } }>(prescribed)).patient.id).toBe(patient.id);
  });

  it.each(LOSSES)('credential upload, claim %s: the same answer, one credential, one stored file', async (loss) => {
    const professional = await createUser(ctx, { role: 'doctor', approval: 'pending' });
    const token = await sessionFor(ctx, professional.email);
    const key = randomUUID();
    const pdf = renderTextPdf({ title: 'Tarjeta', paragraphs: [`Tarjeta profesional ${key}`] });
    const upload = () => {
      const form = new FormData();
      form.append('userId', String(professional.id));
      form.append('documentType', 'tarjeta-profesional');
      form.append('contactNumber', '3105550199');
      form.append('files', new File([new Uint8Array(pdf)], 'tarjeta.pdf', { type: 'application/pdf' }));
      return ctx.app.request('/api/credentials', {
        method: 'POST',
        body: form,
        headers: { authorization: `Bearer ${token}`, 'x-country': 'co', 'idempotency-key': key },
      });
    };
    const first = await upload();
    expect(first.status, await first.clone().text()).toBe(201);
    const firstAnswer = await json<CredentialsStatusDto>(first);
    await loseAnswer(professional.id, key, loss);

    const retry = await upload();
    expect(retry.status, await retry.clone().text()).toBe(201);
    expect(retry.headers.get('idempotent-replayed')).toBe('true');
    expect(await json<CredentialsStatusDto>(retry)).toEqual(firstAnswer);
    const credentials = await ctx.database.db
      .selectFrom('credentials as c')
      .innerJoin('credential_files as f', 'f.credential_id', 'c.id')
      .select(['c.id', 'c.idempotency_key', 'f.stored_name'])
      .where('c.user_id', '=', professional.id)
      .execute();
    expect(credentials).toHaveLength(1);
    expect(credentials[0]!.idempotency_key).toBe(key);
    expect(await ctx.app.services.uploads.list('credentials')).toContain(credentials[0]!.stored_name);
    expect(await storedStatus(professional.id, key)).toBe(201);
  });

  it.each(LOSSES)('template, claim %s: the same template, one row', async (loss) => {
    const magnesium = await productIdOf(ctx, 'magnesio-bisglicinato-400-mg');
    const key = randomUUID();
    const body = { name: `Plantilla ${key}`, tools: [tool(magnesium)] };
    const send = () => client(ctx, doctor).send('POST', '/prescription-templates', body, { 'idempotency-key': key });
    const first = await send();
    expect(first.status, await first.clone().text()).toBe(201);
    const firstAnswer = await json<TemplateDto>(first);
    await loseAnswer(doctorId, key, loss);

    const retry = await send();
    expect(retry.status).toBe(201);
    expect(retry.headers.get('idempotent-replayed')).toBe('true');
    expect(await json<TemplateDto>(retry)).toEqual(firstAnswer);
    const rows = await ctx.database.db
      .selectFrom('prescription_templates')
      .select('id')
      .where('name', '=', body.name)
      .execute();
    expect(rows).toEqual([{ id: firstAnswer.id }]);
  });
});

describe('stored answers do not outlive their retention', () => {
  it('the sweep deletes answers older than 30 days, keeps newer ones, and an old key is still answered from its row', async () => {
    const magnesium = await productIdOf(ctx, 'magnesio-bisglicinato-400-mg');
    const oldKey = randomUUID();
    const newKey = randomUUID();
    const bodyOf = (key: string) => ({ name: `Plantilla ${key}`, tools: [tool(magnesium)] });
    const send = (key: string) =>
      client(ctx, doctor).send('POST', '/prescription-templates', bodyOf(key), { 'idempotency-key': key });
    const first = await send(oldKey);
    expect(first.status).toBe(201);
    const firstAnswer = await json<TemplateDto>(first);
    expect((await send(newKey)).status).toBe(201);
    const longAgo = new Date(Date.now() - STORED_ANSWER_RETENTION_MS - 1000);
    await sql`update idempotent_requests set created_at = ${longAgo} where user_id = ${doctorId} and key = ${oldKey}`.execute(
      ctx.database.db,
    );

    expect(await ctx.app.purgeStoredAnswers()).toBeGreaterThanOrEqual(1);
    expect(await storedStatus(doctorId, oldKey)).toBeUndefined();
    expect(await storedStatus(doctorId, newKey)).toBe(201);

    const late = await send(oldKey);
    expect(late.status).toBe(201);
    expect(await json<TemplateDto>(late)).toEqual(firstAnswer);
  });
});
