import { PGlite } from '@electric-sql/pglite';
import { Kysely, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PGliteDialect } from '../src/db/pglite-dialect';

interface TestDatabase {
  counter: { id: number; value: number };
  items: { id: number; label: string };
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

// The dialect exists only for embedded PGlite; when the suite runs against PostgreSQL (DATABASE_URL) the server
// uses Kysely's own PostgresDialect with a pool, so there is nothing of ours to test here.
describe.skipIf(!!process.env.DATABASE_URL)('PGliteDialect', () => {
  let db: Kysely<TestDatabase>;

  beforeAll(async () => {
    db = new Kysely<TestDatabase>({ dialect: new PGliteDialect(new PGlite('memory://')) });
    await sql`create table counter (id integer primary key, value integer not null)`.execute(db);
    await sql`create table items (id integer primary key, label text not null unique)`.execute(db);
  });

  afterAll(async () => {
    await db?.destroy();
  });

  async function resetCounter() {
    await db.deleteFrom('counter').execute();
    await db.insertInto('counter').values({ id: 1, value: 0 }).execute();
  }

  async function counterValue() {
    return (await db.selectFrom('counter').select('value').where('id', '=', 1).executeTakeFirstOrThrow()).value;
  }

  /** Read, yield to the event loop, write: interleaved transactions would lose updates. */
  function increment(fail = false) {
    return db.transaction().execute(async (trx) => {
      const { value } = await trx.selectFrom('counter').select('value').where('id', '=', 1).executeTakeFirstOrThrow();
      await sleep(1);
      await trx
        .updateTable('counter')
        .set({ value: value + 1 })
        .where('id', '=', 1)
        .execute();
      if (fail) throw new Error('fallo a propósito');
    });
  }

  it('serialises concurrent read-modify-write transactions', async () => {
    await resetCounter();
    await Promise.all(Array.from({ length: 25 }, () => increment()));
    expect(await counterValue()).toBe(25);
  });

  it('keeps the committed ones and drops the failed ones when they run concurrently', async () => {
    await resetCounter();
    const results = await Promise.allSettled(Array.from({ length: 20 }, (_, index) => increment(index % 2 === 1)));
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(10);
    expect(results.filter((result) => result.status === 'rejected')).toHaveLength(10);
    expect(await counterValue()).toBe(10);
  });

  it('a statement outside the transaction waits for it to finish', async () => {
    await db.deleteFrom('items').execute();
    const events: string[] = [];
    let open!: () => void;
    const gate = new Promise<void>((resolve) => {
      open = resolve;
    });
    let inserted!: () => void;
    const insertedSignal = new Promise<void>((resolve) => {
      inserted = resolve;
    });
    const transaction = db.transaction().execute(async (trx) => {
      await trx.insertInto('items').values({ id: 1, label: 'dentro' }).execute();
      inserted();
      await gate;
      events.push('commit');
    });
    await insertedSignal;
    const outside = db
      .selectFrom('items')
      .selectAll()
      .execute()
      .then((rows) => {
        events.push('select');
        return rows;
      });
    await sleep(20);
    // The select has not run on the shared connection while the transaction holds it.
    expect(events).toEqual([]);
    open();
    await transaction;
    const rows = await outside;
    expect(events).toEqual(['commit', 'select']);
    expect(rows).toEqual([{ id: 1, label: 'dentro' }]);
  });

  it('a rollback leaves no trace and the connection stays usable', async () => {
    await db.deleteFrom('items').execute();
    const failure = new Error('deshacer');
    await expect(
      db.transaction().execute(async (trx) => {
        await trx.insertInto('items').values({ id: 10, label: 'temporal' }).execute();
        const seen = await trx.selectFrom('items').selectAll().execute();
        expect(seen).toHaveLength(1);
        throw failure;
      }),
    ).rejects.toBe(failure);
    expect(await db.selectFrom('items').selectAll().execute()).toEqual([]);
    // Not left inside the transaction that wrote: a lone select in autocommit has no transaction id assigned.
    const status = await sql<{ xid: unknown }>`select txid_current_if_assigned() as xid`.execute(db);
    expect(status.rows[0]?.xid).toBeNull();
    await db.insertInto('items').values({ id: 11, label: 'después' }).execute();
    expect(await db.selectFrom('items').select('label').execute()).toEqual([{ label: 'después' }]);
  });

  it('a failing statement inside a transaction rolls everything back', async () => {
    await db.deleteFrom('items').execute();
    await db.insertInto('items').values({ id: 1, label: 'existente' }).execute();
    await expect(
      db.transaction().execute(async (trx) => {
        await trx.insertInto('items').values({ id: 2, label: 'nuevo' }).execute();
        await trx.insertInto('items').values({ id: 3, label: 'existente' }).execute();
      }),
    ).rejects.toThrow(/unique|duplicate|duplicad/i);
    expect(await db.selectFrom('items').select('label').orderBy('id').execute()).toEqual([{ label: 'existente' }]);
    // The next transaction starts cleanly (no "current transaction is aborted").
    await db.transaction().execute((trx) => trx.insertInto('items').values({ id: 4, label: 'otro' }).execute());
    expect(await db.selectFrom('items').select('id').orderBy('id').execute()).toEqual([{ id: 1 }, { id: 4 }]);
  });

  it('plain concurrent queries all complete', async () => {
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, index) => sql<{ n: number }>`select ${index}::int as n`.execute(db)),
    );
    expect(results.map((result) => result.rows[0]?.n)).toEqual(Array.from({ length: 50 }, (_, index) => index));
  });
});
