import { randomUUID } from 'node:crypto';
import { sql, type Transaction } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProfileDto } from '../../src/lib/shared/accounts';
import type { OrderSummaryDto, PagedDto } from '../../src/lib/shared/orders';
import type { PatientListDto } from '../../src/lib/shared/prescriptions';
import { batchedReader, memberVersionsReader, type VersionsRow } from '../src/db/member-versions';
import type { Database } from '../src/db/schema';
import type { App } from '../src/http/app';
import { orderBody } from './orders-fixtures';
import { authHeaders, createTestContext, jsonRequest, sessionFor, userByEmail, type TestContext } from './helpers';

const MAGNESIO = 'magnesio-bisglicinato-400-mg';

describe('batchedReader', () => {
  it('answers each read with a statement that started after it was asked, reads asked meanwhile together', async () => {
    const statements: { userIds: number[]; answer: (rows: VersionsRow[]) => void; fail: (error: Error) => void }[] = [];
    // At most two statements under way at once.
    const read = batchedReader(
      (userIds) =>
        new Promise((answer, fail) => {
          statements.push({ userIds, answer, fail });
        }),
      2,
    );
    const row = (userId: number, version: string): VersionsRow => ({
      user_id: userId,
      session_version: version,
      data_version: version,
      register_version: version,
    });
    const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

    // Under the bound: each read goes at once.
    const first = read(1);
    const second = read(2);
    expect(statements.map((statement) => statement.userIds)).toEqual([[1], [2]]);
    // Asked while both are under way (user 1 again too): not answered by them, since a write may have committed
    // between their start and this request; they go together in the next statement, once one ends.
    const again = read(1);
    const third = read(3);
    const missing = read(4);
    expect(statements).toHaveLength(2);
    statements[1]!.answer([row(2, '20')]);
    expect((await second)?.data).toBe('20');
    await settle();
    expect(statements.map((statement) => statement.userIds)).toEqual([[1], [2], [1, 3, 4]]);
    statements[0]!.answer([row(1, '10')]);
    expect(await first).toEqual({ session: '10', data: '10', register: '10' });
    statements[2]!.answer([row(1, '11'), row(3, '30')]);
    expect(await again).toEqual({ session: '11', data: '11', register: '11' });
    expect((await third)?.data).toBe('30');
    // A user without a version row: undefined, so nothing of theirs is kept.
    expect(await missing).toBeUndefined();

    // A failed statement fails its own reads only.
    const failing = read(5);
    statements[3]!.fail(new Error('sin conexión'));
    await expect(failing).rejects.toThrow('sin conexión');
    const after = read(5);
    statements[4]!.answer([row(5, '50')]);
    expect((await after)?.session).toBe('50');
  });
});

/**
 * Two instances on one database, each keeping sessions and lists under versions (PostgreSQL: two apps with their own
 * pools, as two processes; PGlite: two apps on its one handle, asked to keep by versions as PostgreSQL does).
 */
describe('sessions and lists kept by versions, across two instances', () => {
  let ctx: TestContext;
  let one: App;
  let two: App;

  beforeAll(async () => {
    ctx = await createTestContext({ app: { memberCaches: 'versions' } });
    one = ctx.app;
    two = await ctx.openInstance();
  });

  afterAll(async () => {
    await ctx?.close();
  });

  const profile = (app: App, token: string) => app.request('/api/auth/profile', { headers: authHeaders(token, 'co') });

  const orders = async (app: App, token: string) => {
    const response = await app.request('/api/orders?page=1', { headers: authHeaders(token, 'co') });
    expect(response.status).toBe(200);
    return (await response.json()) as PagedDto<OrderSummaryDto>;
  };

  const register = async (app: App, token: string) => {
    const response = await app.request('/api/patients?page=1&limit=50', { headers: authHeaders(token, 'co') });
    expect(response.status).toBe(200);
    return (await response.json()) as PatientListDto;
  };

  /**
   * A write that moves no version (triggers off for its transaction): what an instance answers after it shows
   * whether the answer came from memory. Only tests can do this; every writer of the application goes through the
   * triggers.
   */
  const unversioned = (write: (trx: Transaction<Database>) => Promise<unknown>) =>
    ctx.database.db.transaction().execute(async (trx) => {
      await sql`set local session_replication_role = replica`.execute(trx);
      await write(trx);
    });

  it('ends a session on every instance at once: a logout on one, a revocation written by another process', async () => {
    const token = await sessionFor(ctx, 'paciente.co@demo.test');
    for (const app of [one, two, one, two]) expect((await profile(app, token)).status).toBe(200);

    const logout = await two.request('/api/auth/logout', { method: 'POST', headers: authHeaders(token, 'co') });
    expect(logout.status).toBeLessThan(300);
    expect((await profile(one, token)).status).toBe(401);
    expect((await profile(two, token)).status).toBe(401);

    const other = await sessionFor(ctx, 'paciente.co@demo.test');
    for (const app of [one, two, one, two]) expect((await profile(app, other)).status).toBe(200);
    await ctx.database.db
      .updateTable('sessions')
      .set({ revoked_at: new Date() })
      .where('token_hash', 'is not', null)
      .where('revoked_at', 'is', null)
      .where('user_id', '=', (await userByEmail(ctx, 'paciente.co@demo.test')).id)
      .execute();
    expect((await profile(one, other)).status).toBe(401);
    expect((await profile(two, other)).status).toBe(401);
  });

  it('serves a kept session from memory, and a change of the user on the next request', async () => {
    const user = await userByEmail(ctx, 'medico.co@demo.test');
    const token = await sessionFor(ctx, user.email);
    expect((await profile(one, token)).status).toBe(200);
    expect((await profile(one, token)).status).toBe(200);

    // Kept: a change that moved no version is not seen (what proves the session came from memory)...
    await unversioned((trx) =>
      trx.updateTable('users').set({ first_name: 'Sin versión' }).where('id', '=', user.id).execute(),
    );
    expect(((await (await profile(one, token)).json()) as ProfileDto).first_name).toBe(user.first_name);
    // ...and any versioned change of the user is, on both instances: here the approval is withdrawn.
    await ctx.database.db.updateTable('users').set({ approval_status: 'pending' }).where('id', '=', user.id).execute();
    expect(((await (await profile(one, token)).json()) as ProfileDto).first_name).toBe('Sin versión');
    for (const app of [one, two]) {
      expect((await app.request('/api/patients', { headers: authHeaders(token, 'co') })).status).toBe(403);
    }
    await ctx.database.db
      .updateTable('users')
      .set({ approval_status: 'approved', first_name: user.first_name })
      .where('id', '=', user.id)
      .execute();
    expect((await two.request('/api/patients', { headers: authHeaders(token, 'co') })).status).toBe(200);
  });

  it("shows a patient's new order on the next request, on the other instance", async () => {
    const patient = await userByEmail(ctx, 'paciente.co@demo.test');
    const token = await sessionFor(ctx, patient.email);
    const before = await orders(one, token);
    expect(await orders(one, token)).toEqual(before);
    expect(await orders(two, token)).toEqual(before);

    const product = await ctx.database.db
      .selectFrom('products')
      .select('id')
      .where('slug', '=', MAGNESIO)
      .executeTakeFirstOrThrow();
    const body = orderBody({ items: [{ productId: product.id, quantity: 1 }] });
    const created = await two.request(
      '/api/orders',
      jsonRequest('POST', body, { ...authHeaders(token, 'co'), 'idempotency-key': String(body.sourceId) }),
    );
    expect(created.status).toBe(201);
    const after = await orders(one, token);
    expect(after.total).toBe(before.total + 1);
    expect(after.data[0]?.sourceId).toBe(body.sourceId);
    expect(await orders(two, token)).toEqual(after);

    // Kept: an order total changed without moving the version is not seen, on either instance.
    const [newest] = after.data;
    await unversioned((trx) =>
      trx
        .updateTable('orders')
        .set({ total: newest!.total + 1 })
        .where('id', '=', newest!.id)
        .execute(),
    );
    expect((await orders(one, token)).data[0]?.total).toBe(newest!.total);
    expect((await orders(two, token)).data[0]?.total).toBe(newest!.total);
    await unversioned((trx) =>
      trx.updateTable('orders').set({ total: newest!.total }).where('id', '=', newest!.id).execute(),
    );

    // Another user's order moves only that user's version: the patient's list stays kept.
    const other = await userByEmail(ctx, 'admin@demo.test');
    const otherVersion = () =>
      ctx.database.db
        .selectFrom('member_versions')
        .select('data_version')
        .where('user_id', '=', other.id)
        .executeTakeFirst();
    const mine = () =>
      ctx.database.db
        .selectFrom('member_versions')
        .select('data_version')
        .where('user_id', '=', patient.id)
        .executeTakeFirstOrThrow();
    const [mineBefore, otherBefore] = [await mine(), await otherVersion()];
    const adminToken = await sessionFor(ctx, other.email);
    const adminBody = orderBody({ sourceId: randomUUID(), items: [{ productId: product.id, quantity: 1 }] });
    const adminOrder = await one.request(
      '/api/orders',
      jsonRequest('POST', adminBody, {
        ...authHeaders(adminToken, 'co'),
        'idempotency-key': String(adminBody.sourceId),
      }),
    );
    expect(adminOrder.status).toBe(201);
    expect(await mine()).toEqual(mineBefore);
    expect(await otherVersion()).not.toEqual(otherBefore);
  });

  it("shows a change of a doctor's register made through the other instance, or by another process", async () => {
    const doctor = await userByEmail(ctx, 'medico.co@demo.test');
    const token = await sessionFor(ctx, doctor.email);
    const before = await register(one, token);
    const [row] = before.data;
    expect(row).toBeDefined();
    expect(await register(one, token)).toEqual(before);
    expect(await register(two, token)).toEqual(before);

    // Kept: a change that moved no version is not seen.
    await unversioned((trx) =>
      trx.updateTable('patients').set({ phone_number: '300 000 0000' }).where('id', '=', row!.id).execute(),
    );
    expect((await register(one, token)).data[0]?.phone_number).toBe(row!.phone_number);
    await unversioned((trx) =>
      trx.updateTable('patients').set({ phone_number: row!.phone_number }).where('id', '=', row!.id).execute(),
    );

    const renamed = await two.request(
      `/api/patients/${row!.id}`,
      jsonRequest('PATCH', { first_name: 'Renombrado' }, authHeaders(token, 'co')),
    );
    expect(renamed.status, await renamed.clone().text()).toBe(200);
    expect((await register(one, token)).data.find((patient) => patient.id === row!.id)?.first_name).toBe('Renombrado');

    // A purchase by one of the patients, written by another process: the register's adherence reads orders.
    const registerVersion = () =>
      ctx.database.db.selectFrom('register_version').select('version').executeTakeFirstOrThrow();
    const seen = await registerVersion();
    await ctx.database.db.updateTable('orders').set({ paid_at: new Date() }).where('id', '=', -1).execute();
    // A statement that changed no row moves nothing (the sweeps run such statements every minute).
    expect(await registerVersion()).toEqual(seen);
    await ctx.database.db
      .updateTable('patients')
      .set({ first_name: row!.first_name })
      .where('id', '=', row!.id)
      .execute();
    expect(await registerVersion()).not.toEqual(seen);
    expect((await register(two, token)).data.find((patient) => patient.id === row!.id)?.first_name).toBe(
      row!.first_name,
    );

    // The products' presentations (the adherence's units per container) move the catalogue's version, which the
    // register's includes.
    const read = memberVersionsReader(ctx.database);
    const versionsBefore = await read(doctor.id);
    const presentation = await ctx.database.db
      .selectFrom('product_presentations')
      .select(['id', 'quantity'])
      .orderBy('id')
      .executeTakeFirstOrThrow();
    await ctx.database.db
      .updateTable('product_presentations')
      .set({ quantity: presentation.quantity })
      .where('id', '=', presentation.id)
      .execute();
    const versionsAfter = await read(doctor.id);
    expect(versionsAfter?.register).not.toBe(versionsBefore?.register);
    expect(versionsAfter?.data).toBe(versionsBefore?.data);
  });
});
