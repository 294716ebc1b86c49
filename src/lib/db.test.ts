import { IDBFactory } from 'fake-indexeddb';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DATABASE_NAME } from './db-name';

/** The storage module as a new page load has it (no database opened yet), on the device `indexedDB` stands for. */
async function freshPage() {
  vi.resetModules();
  return import('./db');
}

const storedDatabases = async () => (await indexedDB.databases()).map((database) => database.name);

beforeEach(() => {
  // A device that has never been here.
  vi.stubGlobal('indexedDB', new IDBFactory());
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the atoms’ database on a first visit', () => {
  it('reads nothing and deletes nothing without creating the database', async () => {
    const db = await freshPage();
    await db.openStoredDatabase();
    expect(await db.readValue('carts')).toBeUndefined();
    await db.deleteValue('checkout');
    await db.deleteValuesStartingWith('session:');
    expect(await storedDatabases()).not.toContain(DATABASE_NAME);
  });

  it('is created by the first value written, which the next page load reads back', async () => {
    const first = await freshPage();
    await first.writeValue('carts', { co: [{ productId: 7, quantity: 2 }] });
    expect(await storedDatabases()).toContain(DATABASE_NAME);

    const next = await freshPage();
    await next.openStoredDatabase();
    expect(await next.readValue('carts')).toEqual({ co: [{ productId: 7, quantity: 2 }] });
    await next.deleteValue('carts');
    expect(await next.readValue('carts')).toBeUndefined();
  });

  it('is opened as on any device where the browser cannot list its databases', async () => {
    const first = await freshPage();
    await first.writeValue('language', 'en');
    vi.stubGlobal('indexedDB', Object.assign(indexedDB, { databases: undefined }));
    const next = await freshPage();
    expect(await next.readValue('language')).toBe('en');
  });
});

describe('the answers’ copy', () => {
  it('keeps text under its key, and removes one key or every key of a prefix', async () => {
    const db = await freshPage();
    expect(await db.readAnswer('query-cache')).toBeUndefined();
    await db.writeAnswer('query-cache', '{"clientState":{}}');
    await db.writeAnswer('query-apart-["catalogue"]', 'catálogo');
    await db.writeAnswer('query-apart-["patients"]', 'registro');
    await db.writeAnswer('query-apartado', 'otra clave');

    await db.deleteAnswersStartingWith('query-apart-');
    expect(await db.readAnswer('query-apart-["catalogue"]')).toBeUndefined();
    expect(await db.readAnswer('query-apart-["patients"]')).toBeUndefined();
    expect(await db.readAnswer('query-apartado')).toBe('otra clave');
    expect(await db.readAnswer('query-cache')).toBe('{"clientState":{}}');

    await db.deleteAnswer('query-cache');
    expect(await db.readAnswer('query-cache')).toBeUndefined();
    // Written without Dexie: the atoms' database is still not on the device.
    expect(await storedDatabases()).not.toContain(DATABASE_NAME);
  });
});
