import { gunzipSync } from 'node:zlib';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProfileDto } from '../../src/lib/shared/accounts';
import type { OrderSummaryDto, PagedDto } from '../../src/lib/shared/orders';
import type { MemberVersions } from '../src/db/member-versions';
import { apiAnswerHeaders, isCompleteAnswer } from '../src/http/answer-headers';
import type { AppEnv } from '../src/http/app-env';
import { securityHeaderSets } from '../src/http/security-headers';
import { MemberAnswers, memberListAnswer, VersionedMemberAnswers } from '../src/http/member-answers';
import { SessionCache, VersionedSessionCache, type ActiveSession } from '../src/sessions/repo';
import { authHeaders, createTestContext, sessionFor, userByEmail, type TestContext } from './helpers';

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const IDLE_MS = 8 * HOUR_MS;

function activeSession(lastSeen: Date, expires: Date): ActiveSession {
  return {
    user: { id: 7, first_name: 'Ana' } as ActiveSession['user'],
    session: {
      id: 3,
      user_id: 7,
      country_id: 1,
      last_seen_at: lastSeen,
      expires_at: expires,
    } as ActiveSession['session'],
    country: 'co',
  };
}

describe('SessionCache', () => {
  it('keeps a session only while nothing was written, and checks the clock on every use', () => {
    let writes = 0;
    const cache = new SessionCache(() => writes, 2);
    const now = new Date();
    const found = activeSession(now, new Date(now.getTime() + HOUR_MS));

    // Read before a write, kept after it: not kept.
    const early = cache.mark();
    writes += 1;
    cache.set('a', early, found);
    expect(cache.get('a', now, 8 * HOUR_MS)).toBeUndefined();

    cache.set('a', cache.mark(), found);
    const hit = cache.get('a', now, 8 * HOUR_MS);
    expect(hit).toEqual(found);
    // A copy: what a request does to it is not what the next one gets.
    hit!.user.first_name = 'Otra';
    expect(cache.get('a', now, 8 * HOUR_MS)?.user.first_name).toBe('Ana');

    // Idle, expired, or due its last_seen_at update: the database decides.
    expect(cache.get('a', now, 0)).toBeUndefined();
    expect(cache.get('a', new Date(now.getTime() + 2 * HOUR_MS), 8 * HOUR_MS)).toBeUndefined();
    expect(cache.get('a', new Date(now.getTime() + 2 * MINUTE_MS), 8 * HOUR_MS)).toBeUndefined();

    // Any write empties it; it holds at most its bound, the least recently read going first.
    writes += 1;
    expect(cache.get('a', now, 8 * HOUR_MS)).toBeUndefined();
    for (const token of ['a', 'b', 'c']) cache.set(token, cache.mark(), found);
    expect(cache.size).toBe(2);
    expect(cache.get('a', now, 8 * HOUR_MS)).toBeUndefined();
    expect(cache.get('c', now, 8 * HOUR_MS)).toBeDefined();
  });
});

describe('MemberAnswers', () => {
  it('answers from memory only while nothing was written, within its bounds', async () => {
    let writes = 0;
    let built = 0;
    const answers = new MemberAnswers(() => writes, { maxEntries: 2, maxBytes: 40 });
    const build = (value: string) => () => Promise.resolve({ value, built: (built += 1) });

    expect((await answers.json('a', build('uno'))).text).toBe('{"value":"uno","built":1}');
    expect((await answers.json('a', build('uno'))).text).toBe('{"value":"uno","built":1}');
    writes += 1;
    expect((await answers.json('a', build('uno'))).text).toBe('{"value":"uno","built":2}');

    // Built while a write happened: given, not kept.
    const during = answers.json('b', async () => {
      writes += 1;
      return { value: 'dos' };
    });
    expect((await during).text).toBe('{"value":"dos"}');
    expect(answers.size.entries).toBe(0);

    await answers.json('c', build('tres'));
    await answers.json('d', build('cuatro'));
    expect(answers.size.entries).toBe(1);
    expect(answers.size.bytes).toBeLessThanOrEqual(40);
    await answers.json('e', build('x'.repeat(100)));
    expect(answers.size.bytes).toBeLessThanOrEqual(40);
  });
});

describe('a member list answered from its kept copy', () => {
  const app = new Hono<AppEnv>();
  app.use(apiAnswerHeaders(securityHeaderSets({ distDir: '/no-build', publicUrl: undefined })));
  const rows = Array.from({ length: 60 }, (_, index) => ({ index, name: `Paciente ${index}` }));
  app.get('/list', (c) => memberListAnswer(c, new MemberAnswers(() => 0), 'k', async () => ({ rows }), 'data'));

  it('is made with every header in place, gzip from the copy made once when the client takes it', async () => {
    const zipped = await app.request('/list', { headers: { 'accept-encoding': 'gzip, br' } });
    const plain = await app.request('/list');
    for (const response of [zipped, plain]) {
      expect(isCompleteAnswer(response)).toBe(true);
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      expect(response.headers.get('cache-control')).toBe('no-store');
      expect(response.headers.get('vary')).toBe('Accept-Encoding');
    }
    expect(zipped.headers.get('content-encoding')).toBe('gzip');
    expect(JSON.parse(gunzipSync(new Uint8Array(await zipped.arrayBuffer())).toString())).toEqual({ rows });
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(await plain.json()).toEqual({ rows });
  });
});

const versions = (session: string, data = '1', register = '1'): MemberVersions => ({ session, data, register });

describe('VersionedSessionCache', () => {
  it('gives a kept session only under the session version it was read under, with the versions read now', async () => {
    let current: MemberVersions | undefined = versions('10', '20', '30');
    const reads: number[] = [];
    const cache = new VersionedSessionCache(async (userId) => {
      reads.push(userId);
      return current;
    }, 2);
    const now = new Date();
    const found = activeSession(now, new Date(now.getTime() + HOUR_MS));
    cache.set('a', found, versions('10'));

    const hit = await cache.get('a', now, IDLE_MS);
    expect(hit?.user).toEqual(found.user);
    // The versions of this request, for its answer: not the ones the session was kept with.
    expect(hit?.versions).toEqual(versions('10', '20', '30'));
    expect(reads).toEqual([7]);
    // A copy: what a request does to it is not what the next one gets.
    hit!.user.first_name = 'Otra';
    expect((await cache.get('a', now, IDLE_MS))?.user.first_name).toBe('Ana');

    // Any write to the user's sessions or row moved the version (a logout on another instance): the database decides.
    current = versions('11', '20', '30');
    expect(await cache.get('a', now, IDLE_MS)).toBeUndefined();
    // A user without a version row: nothing kept is given.
    current = undefined;
    expect(await cache.get('a', now, IDLE_MS)).toBeUndefined();

    // Idle, expired, or due its last_seen_at update: the database decides, without even reading the versions.
    current = versions('10');
    reads.length = 0;
    expect(await cache.get('a', now, 0)).toBeUndefined();
    expect(await cache.get('a', new Date(now.getTime() + 2 * HOUR_MS), IDLE_MS)).toBeUndefined();
    expect(await cache.get('a', new Date(now.getTime() + 2 * MINUTE_MS), IDLE_MS)).toBeUndefined();
    expect(reads).toEqual([]);

    // Bounded, the least recently read going first.
    for (const token of ['a', 'b', 'c']) cache.set(token, found, versions('10'));
    expect(cache.size).toBe(2);
    expect(await cache.get('a', now, IDLE_MS)).toBeUndefined();
    expect(await cache.get('c', now, IDLE_MS)).toBeDefined();
  });
});

describe('VersionedMemberAnswers', () => {
  it('gives an answer again only under the version it was built under, within its bounds', async () => {
    let built = 0;
    const answers = new VersionedMemberAnswers({ maxEntries: 2, maxBytes: 40 });
    const build = (value: string) => () => Promise.resolve({ value, built: (built += 1) });

    expect((await answers.json('a', '5', build('uno'))).text).toBe('{"value":"uno","built":1}');
    expect((await answers.json('a', '5', build('uno'))).text).toBe('{"value":"uno","built":1}');
    expect((await answers.json('a', '6', build('uno'))).text).toBe('{"value":"uno","built":2}');
    // Back to an older version (an instance that read it before a write): built again, never the newer one given.
    expect((await answers.json('a', '5', build('uno'))).text).toBe('{"value":"uno","built":3}');
    // No version (a user without a version row): built, not kept.
    expect((await answers.json('b', undefined, build('dos'))).text).toBe('{"value":"dos","built":4}');
    expect((await answers.json('b', undefined, build('dos'))).text).toBe('{"value":"dos","built":5}');

    await answers.json('c', '1', build('tres'));
    await answers.json('d', '1', build('cuatro'));
    expect(answers.size.entries).toBeLessThanOrEqual(2);
    expect(answers.size.bytes).toBeLessThanOrEqual(40);
    await answers.json('e', '1', build('x'.repeat(100)));
    expect(answers.size.bytes).toBeLessThanOrEqual(40);
  });
});

describe('sessions and lists kept between writes (PGlite)', () => {
  let ctx: TestContext;

  beforeAll(async () => {
    ctx = await createTestContext();
  });

  afterAll(async () => {
    await ctx?.close();
  });

  const profile = (token: string) => ctx.app.request('/api/auth/profile', { headers: authHeaders(token, 'co') });

  it('sees a change of the user and a revocation written straight to the database on the next request', async () => {
    const token = await sessionFor(ctx, 'paciente.co@demo.test');
    const user = await userByEmail(ctx, 'paciente.co@demo.test');
    expect((await profile(token)).status).toBe(200);
    expect((await profile(token)).status).toBe(200);

    await ctx.database.db.updateTable('users').set({ first_name: 'Renombrada' }).where('id', '=', user.id).execute();
    const renamed = await profile(token);
    expect(((await renamed.json()) as ProfileDto).first_name).toBe('Renombrada');

    await ctx.database.db
      .updateTable('sessions')
      .set({ revoked_at: new Date() })
      .where('user_id', '=', user.id)
      .where('revoked_at', 'is', null)
      .execute();
    expect((await profile(token)).status).toBe(401);
    await ctx.database.db.updateTable('users').set({ first_name: user.first_name }).where('id', '=', user.id).execute();
  });

  it('shows a change of an order written straight to the database in the next list', async () => {
    const token = await sessionFor(ctx, 'paciente.co@demo.test');
    const list = async () => {
      const response = await ctx.app.request('/api/orders?page=1', { headers: authHeaders(token, 'co') });
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toContain('application/json');
      return (await response.json()) as PagedDto<OrderSummaryDto>;
    };
    const first = await list();
    expect(await list()).toEqual(first);
    const [order] = first.data;
    expect(order).toBeDefined();
    await ctx.database.db
      .updateTable('orders')
      .set({ total: order!.total + 1 })
      .where('id', '=', order!.id)
      .execute();
    expect((await list()).data[0]?.total).toBe(order!.total + 1);
    await ctx.database.db.updateTable('orders').set({ total: order!.total }).where('id', '=', order!.id).execute();
  });
});
