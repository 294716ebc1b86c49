import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { migrateToLatest } from '../src/db/migrate';
import { pointsItems, STARTING_BALANCE_POINTS } from '../src/db/seed/points-data';
import { seedIfEmpty } from '../src/db/seed/seed';
import { seedPointsIfEmpty } from '../src/gamification/seed';
import { revertMigrationsThrough, userByEmail } from './helpers';
import { testContextForFile } from './support/file-context';

const ctx = testContextForFile();

const POINTS_TABLES = [
  'points_balances',
  'points_config',
  'points_item_countries',
  'points_items',
  'points_ledger',
  'points_redemptions',
];

async function pointsTables(): Promise<string[]> {
  const { rows } = await sql<{ name: string }>`
    select table_name as name from information_schema.tables where table_name like 'points\\_%' order by table_name
  `.execute(ctx.database.db);
  return rows.map((row) => row.name);
}

/** Everything the seed wrote, to compare runs. */
async function snapshot() {
  const { db } = ctx.database;
  return {
    config: await db.selectFrom('points_config').select(['country_id', 'point_value']).orderBy('country_id').execute(),
    items: await db.selectFrom('points_items').select(['id', 'kind', 'name']).orderBy('id').execute(),
    ledger: await db.selectFrom('points_ledger').select(['id', 'user_id', 'delta']).orderBy('id').execute(),
  };
}

describe('the points seed', () => {
  it('wrote the config of each country, the sample catalogue and the demo starting balances', async () => {
    const seeded = await snapshot();
    expect(seeded.config.map((row) => [row.country_id, Number(row.point_value)])).toEqual([
      [1, 10],
      [2, 5],
      [3, 1],
    ]);
    expect(seeded.items.map((item) => item.name)).toEqual(pointsItems.map((item) => item.name));
    // Two approved professionals per country.
    expect(seeded.ledger).toHaveLength(6);
    expect(seeded.ledger.every((entry) => entry.delta === STARTING_BALANCE_POINTS)).toBe(true);
  });

  it('changes nothing when it runs again', async () => {
    const before = await snapshot();
    await seedPointsIfEmpty(ctx.database.db);
    await seedIfEmpty(ctx.database.db);
    expect(await snapshot()).toEqual(before);
  });
});

describe('the ledger', () => {
  it('refuses updates and deletes', async () => {
    const doctor = await userByEmail(ctx, 'medico.co@demo.test');
    const { db } = ctx.database;
    await expect(
      sql`update points_ledger set delta = 1000000 where user_id = ${doctor.id}`.execute(db),
    ).rejects.toThrow(/solo admite inserciones/);
    await expect(sql`delete from points_ledger where user_id = ${doctor.id}`.execute(db)).rejects.toThrow(
      /solo admite inserciones/,
    );
  });
});

describe('0005-points', () => {
  it('can be reverted and applied again; a database seeded before it gets the programme on the next seed', async () => {
    // Later migrations are reverted first, and applied again after it.
    const reverted = await revertMigrationsThrough(ctx.database.db, '0005-points');
    expect(await pointsTables()).toEqual([]);
    expect(await migrateToLatest(ctx.database.db)).toEqual(reverted.reverse());
    expect(await pointsTables()).toEqual(POINTS_TABLES);
    expect((await snapshot()).items).toEqual([]);

    expect(await seedIfEmpty(ctx.database.db)).toEqual({ seeded: false, products: 0 });
    const reseeded = await snapshot();
    expect(reseeded.config).toHaveLength(3);
    expect(reseeded.items).toHaveLength(pointsItems.length);
    expect(reseeded.ledger).toHaveLength(6);
  });
});
