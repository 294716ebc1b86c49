import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { ApiErrorBody } from '../../src/lib/shared/api-types';
import type { CreatePatientResponseDto } from '../../src/lib/shared/prescriptions';
import { renderTextPdf } from '../src/documents/pdf';
import { ABANDONED_CLAIM_MS, rawRequestHash } from '../src/http/idempotency';
import { createUser, sessionFor, userByEmail } from './helpers';
import { client, json, patientBody, patientsNamed } from './prescriptions-fixtures';
import { demoCaller, testContextForFile } from './support/file-context';

const ctx = testContextForFile();
const doctor = demoCaller(ctx, 'doctor');

describe('Idempotency-Key on queued writes', () => {
  it('creates a patient once however many times the same request is replayed, answering the first result', async () => {
    const body = patientBody({ last_name: 'Idempotente Uno' });
    const send = () =>
      client(ctx, doctor).send('POST', '/patients', body, { 'idempotency-key': 'clave-paciente-0001' });
    const first = await send();
    expect(first.status).toBe(201);
    const created = await json<CreatePatientResponseDto>(first);
    const replays = await Promise.all([send(), send(), send()]);
    for (const replay of replays) {
      expect([201, 409]).toContain(replay.status);
      if (replay.status === 201) {
        expect(replay.headers.get('idempotent-replayed')).toBe('true');
        expect((await json<CreatePatientResponseDto>(replay)).patient.id).toBe(created.patient.id);
      }
    }
    const last = await send();
    expect(last.status).toBe(201);
    expect(last.headers.get('idempotent-replayed')).toBe('true');
    expect(await patientsNamed(ctx, 'Idempotente Uno')).toBe(1);
  });

  it('refuses the same key with other content, keeps keys per user, and frees a key whose request failed', async () => {
    const key = { 'idempotency-key': 'clave-paciente-0002' };
    const ok = await client(ctx, doctor).send('POST', '/patients', patientBody({ last_name: 'Idempotente Dos' }), key);
    expect(ok.status).toBe(201);
    const other = await client(ctx, doctor).send('POST', '/patients', patientBody({ last_name: 'Otro Dos' }), key);
    expect(other.status).toBe(409);
    expect((await json<ApiErrorBody>(other)).message).toBe(
      'Este identificador de envío (Idempotency-Key) ya se usó con otros datos: envía la solicitud con uno nuevo.',
    );
    // Another professional may use the same key for their own patient.
    const colleague = { token: await sessionFor(ctx, 'profesional.co@demo.test') };
    const theirs = await client(ctx, colleague).send(
      'POST',
      '/patients',
      patientBody({ last_name: 'Colega Dos' }),
      key,
    );
    expect(theirs.status).toBe(201);
    expect(theirs.headers.get('idempotent-replayed')).toBeNull();

    // A refused request does not keep its key: corrected and sent again with it, it is created.
    const retryKey = { 'idempotency-key': 'clave-paciente-0003' };
    const invalid = patientBody({ last_name: 'Idempotente Tres', email: 'no-es-correo' });
    expect((await client(ctx, doctor).send('POST', '/patients', invalid, retryKey)).status).toBe(400);
    const fixed = await client(ctx, doctor).send(
      'POST',
      '/patients',
      { ...invalid, email: 'tres@prueba.test' },
      retryKey,
    );
    expect(fixed.status).toBe(201);

    const malformed = await client(ctx, doctor).send('POST', '/patients', patientBody(), { 'idempotency-key': 'x' });
    expect(malformed.status).toBe(400);
  });

  it('takes over a claim left unanswered by a request that died, instead of answering "en curso" forever', async () => {
    const key = 'clave-huerfana-0001';
    const body = patientBody({ last_name: 'Idempotente Huérfano' });
    const send = () => client(ctx, doctor).send('POST', '/patients', body, { 'idempotency-key': key });
    const user = await userByEmail(ctx, 'medico.co@demo.test');
    // The claim of a request that died before answering: its key and hash, no answer.
    const hash = rawRequestHash('POST', '/api/patients', new TextEncoder().encode(JSON.stringify(body)));
    await ctx.database.db
      .insertInto('idempotent_requests')
      .values({ user_id: user.id, key, request_hash: hash })
      .execute();
    // A claim a moment old is a request still running.
    const running = await send();
    expect(running.status).toBe(409);
    expect((await json<ApiErrorBody>(running)).message).toBe(
      'Esta misma solicitud todavía se está procesando. Espera un momento y vuelve a intentarlo.',
    );
    expect(await patientsNamed(ctx, 'Idempotente Huérfano')).toBe(0);

    // The creation moment is the database's own: only raw SQL moves it back.
    const longAgo = new Date(Date.now() - ABANDONED_CLAIM_MS - 1000);
    await sql`update idempotent_requests set created_at = ${longAgo} where key = ${key}`.execute(ctx.database.db);
    const takenOver = await send();
    expect(takenOver.status).toBe(201);
    const claims = await ctx.database.db.selectFrom('idempotent_requests').selectAll().where('key', '=', key).execute();
    expect(claims.map((claim) => claim.status)).toEqual([201]);
    // The answer is now kept: the next replay gets it without running again.
    const replay = await send();
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect(await patientsNamed(ctx, 'Idempotente Huérfano')).toBe(1);
  });

  it('stores a credential upload once when the same files are sent again with the same key', async () => {
    const professional = await createUser(ctx, { role: 'doctor', approval: 'pending' });
    const token = await sessionFor(ctx, professional.email);
    const upload = () => {
      // A new FormData each time, as a browser retry makes: another multipart boundary, the same content.
      const form = new FormData();
      form.append('userId', String(professional.id));
      form.append('documentType', 'tarjeta-profesional');
      form.append('contactNumber', '3105550199');
      form.append('countryCode', '+57');
      const pdf = renderTextPdf({ title: 'Tarjeta', paragraphs: ['Tarjeta profesional'] });
      form.append('files', new File([new Uint8Array(pdf)], 'tarjeta.pdf', { type: 'application/pdf' }));
      return ctx.app.request('/api/credentials', {
        method: 'POST',
        body: form,
        headers: { authorization: `Bearer ${token}`, 'x-country': 'co', 'idempotency-key': 'clave-credencial-01' },
      });
    };
    const first = await upload();
    expect(first.status, await first.clone().text()).toBeLessThan(300);
    const second = await upload();
    expect(second.status).toBe(first.status);
    expect(second.headers.get('idempotent-replayed')).toBe('true');
    const stored = await ctx.database.db
      .selectFrom('credentials')
      .select('id')
      .where('user_id', '=', professional.id)
      .execute();
    expect(stored).toHaveLength(1);
  });
});
