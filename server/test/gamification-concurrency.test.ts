import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { insufficientPointsMessage, type RedemptionResponseDto } from '../../src/lib/shared/points';
import { appendEntry, lockBalance } from '../src/gamification/ledger';
import { authHeaders, createUser, jsonRequest, sessionFor } from './helpers';
import { testContextForFile } from './support/file-context';

const REQUESTS = 100;

const ctx = testContextForFile();
let admin: string;

beforeAll(async () => {
  admin = await sessionFor(ctx, 'admin@demo.test');
});

async function professionalWith(points: number) {
  const user = await createUser(ctx, { role: 'health_professional' });
  await ctx.database.db.transaction().execute(async (tx) => {
    await appendEntry(tx, await lockBalance(tx, user.id), {
      userId: user.id,
      countryId: 1,
      delta: points,
      type: 'adjustment',
    });
  });
  return { user, token: await sessionFor(ctx, user.email) };
}

async function createPointsItem(path: string, body: Record<string, unknown>): Promise<number> {
  const response = await ctx.app.request(`/api/gamification/${path}`, jsonRequest('POST', body, authHeaders(admin)));
  expect(response.status).toBe(201);
  return ((await response.json()) as { id: number }).id;
}

async function post(path: string, token: string, body: unknown, key: string) {
  const response = await ctx.app.request(
    `/api/gamification/${path}`,
    jsonRequest('POST', body, { ...authHeaders(token, 'co'), 'idempotency-key': key }),
  );
  return { status: response.status, body: (await response.json()) as RedemptionResponseDto & { message?: string } };
}

/** The user's balance row and what their ledger adds up to, with the lowest balance it ever recorded. */
async function books(userId: number) {
  const { db } = ctx.database;
  const balance = await db
    .selectFrom('points_balances')
    .select('balance')
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  const ledger = await db
    .selectFrom('points_ledger')
    .select([
      sql<string>`sum(delta)`.as('sum'),
      sql<number>`min(balance_after)`.as('lowest'),
      sql<string>`count(*)`.as('entries'),
    ])
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return {
    balance: balance.balance,
    ledgerSum: Number(ledger.sum),
    lowest: Number(ledger.lowest),
    entries: Number(ledger.entries),
  };
}

describe(`${REQUESTS} concurrent redemptions against one balance`, () => {
  it('never go below zero, and the ledger adds up to the balance', async () => {
    const price = 30;
    const start = 1_000;
    const { user, token } = await professionalWith(start);
    const productId = await createPointsItem('products', { name: 'Bolígrafo', priceInPoints: price, countries: [1] });

    const results = await Promise.all(
      Array.from({ length: REQUESTS }, (_, index) =>
        post('products/redeem', token, { productId, quantity: 1 }, `carrera-${index}`),
      ),
    );
    const served = results.filter((result) => result.status === 200);
    const refused = results.filter((result) => result.status !== 200);
    const affordable = Math.floor(start / price);
    expect(served).toHaveLength(affordable);
    expect(refused.every((result) => result.status === 422)).toBe(true);
    expect(refused.every((result) => result.body.message === insufficientPointsMessage(start % price, price))).toBe(
      true,
    );
    // Each success saw the one before it: the remainders are exactly start − price, start − 2·price, ...
    expect(served.map((result) => result.body.remaining).sort((a, b) => b - a)).toEqual(
      Array.from({ length: affordable }, (_, index) => start - price * (index + 1)),
    );
    expect(await books(user.id)).toEqual({
      balance: start % price,
      ledgerSum: start % price,
      lowest: start % price,
      entries: affordable + 1,
    });
  });

  it('spend once per Idempotency-Key, each retry answered like the first', async () => {
    const keys = 20;
    const price = 25;
    const start = 10_000;
    const { user, token } = await professionalWith(start);
    const productId = await createPointsItem('products', { name: 'Agenda', priceInPoints: price, countries: [1] });

    const results = await Promise.all(
      Array.from({ length: REQUESTS }, (_, index) =>
        post('products/redeem', token, { productId, quantity: 1 }, `reintento-${index % keys}`).then((result) => ({
          key: index % keys,
          ...result,
        })),
      ),
    );
    expect(results.every((result) => result.status === 200)).toBe(true);
    for (let key = 0; key < keys; key += 1) {
      const answers = new Set(results.filter((result) => result.key === key).map((result) => result.body.remaining));
      expect(answers.size, `clave ${key}`).toBe(1);
    }
    expect(await books(user.id)).toEqual({
      balance: start - keys * price,
      ledgerSum: start - keys * price,
      lowest: start - keys * price,
      entries: keys + 1,
    });
  });

  it('join one event once, whatever the keys', async () => {
    const { user, token } = await professionalWith(5_000);
    const eventId = await createPointsItem('events', {
      name: 'Cupo único',
      requiredPoints: 100,
      countries: [1],
      startDate: new Date(Date.now() - 60_000).toISOString(),
      endDate: new Date(Date.now() + 86_400_000).toISOString(),
    });
    const results = await Promise.all(
      Array.from({ length: REQUESTS }, (_, index) => post('participate-event', token, { eventId }, `evento-${index}`)),
    );
    expect(results.filter((result) => result.status === 200)).toHaveLength(1);
    expect(results.filter((result) => result.status === 409)).toHaveLength(REQUESTS - 1);
    expect(await books(user.id)).toMatchObject({ balance: 4_900, ledgerSum: 4_900, entries: 2 });
  });

  it('keep every balance equal to its ledger', async () => {
    const mismatches = await sql<{ user_id: number }>`
      select b.user_id from points_balances b
      left join (select user_id, sum(delta) as total from points_ledger group by user_id) l on l.user_id = b.user_id
      where b.balance <> coalesce(l.total, 0)
    `.execute(ctx.database.db);
    expect(mismatches.rows).toEqual([]);
  });
});
