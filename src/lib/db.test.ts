import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ANSWERS_DATABASE_NAME, DATABASE_MARKER_KEY, DATABASE_NAME } from './db-name';

/** The storage module as a new page load has it (no database opened yet), on the device `indexedDB` stands for. */
async function freshPage() {
  vi.resetModules();
  return import('./db');
}

const storedDatabases = async () => (await indexedDB.databases()).map((database) => database.name);

function deleteDatabase(name: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const deleting = indexedDB.deleteDatabase(name);
    deleting.onsuccess = () => resolve();
    deleting.onerror = () => reject(deleting.error ?? new Error(name));
  });
}

beforeEach(async () => {
  // A device that has never been here. (Dexie is loaded once per file, so the device is emptied rather than
  // replaced: the earlier pages' connections close when their databases are deleted.)
  await deleteDatabase(DATABASE_NAME);
  await deleteDatabase(ANSWERS_DATABASE_NAME);
  localStorage.removeItem(DATABASE_MARKER_KEY);
});

afterEach(() => {
  vi.restoreAllMocks();
  // The browser that cannot list its databases (own property over the factory's method).
  Reflect.deleteProperty(indexedDB, 'databases');
});

describe('the atoms’ database on a first visit', () => {
  it('reads nothing and deletes nothing without creating the database', async () => {
    const db = await freshPage();
    await db.openStoredDatabase();
    expect(await db.readValue('carts')).toBeUndefined();
    await db.deleteValue('checkout');
    await db.deleteValuesStartingWith('session:');
    expect(await storedDatabases()).not.toContain(DATABASE_NAME);
    expect(localStorage.getItem(DATABASE_MARKER_KEY)).toBeNull();
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

  it('is marked by the first value written: the next page load opens it without listing the databases', async () => {
    const first = await freshPage();
    expect(localStorage.getItem(DATABASE_MARKER_KEY)).toBeNull();
    await first.writeValue('sessions', { co: 'uid-1' });
    expect(localStorage.getItem(DATABASE_MARKER_KEY)).not.toBeNull();

    const listed = vi.spyOn(indexedDB, 'databases');
    const next = await freshPage();
    await next.openStoredDatabase();
    expect(await next.readValue('sessions')).toEqual({ co: 'uid-1' });
    expect(listed).not.toHaveBeenCalled();
  });

  it('is found by the listing on a device without the marker (an earlier version, a cleared local storage)', async () => {
    const first = await freshPage();
    await first.writeValue('carts', { pe: [] });
    localStorage.removeItem(DATABASE_MARKER_KEY);

    const next = await freshPage();
    expect(await next.readValue('carts')).toEqual({ pe: [] });
    expect(localStorage.getItem(DATABASE_MARKER_KEY)).not.toBeNull();
  });

  it('is opened as on any device where the browser cannot list its databases', async () => {
    const first = await freshPage();
    await first.writeValue('language', 'en');
    localStorage.removeItem(DATABASE_MARKER_KEY);
    Object.defineProperty(indexedDB, 'databases', { value: undefined, configurable: true });
    const next = await freshPage();
    expect(await next.readValue('language')).toBe('en');
  });
});

describe('the atoms’ database on a returning start', () => {
  it('is read without Dexie, which loads with the first value written', async () => {
    const first = await freshPage();
    await first.writeValue('carts', { co: [{ productId: 3, quantity: 1 }] });

    vi.resetModules();
    let dexieLoads = 0;
    vi.doMock('./db-schema', async (importOriginal) => {
      dexieLoads += 1;
      return importOriginal();
    });
    const next = await import('./db');
    await next.openStoredDatabase();
    expect(await next.readValue('carts')).toEqual({ co: [{ productId: 3, quantity: 1 }] });
    expect(await next.readValue('language')).toBeUndefined();
    expect(dexieLoads).toBe(0);

    await next.writeValue('language', 'en');
    expect(dexieLoads).toBe(1);
    // The reading connection sees what Dexie's wrote.
    expect(await next.readValue('language')).toBe('en');
    vi.doUnmock('./db-schema');
  });

  it('creates nothing where the browser cannot say whether the database is there', async () => {
    Object.defineProperty(indexedDB, 'databases', { value: undefined, configurable: true });
    const db = await freshPage();
    await db.openStoredDatabase();
    expect(await db.readValue('sessions')).toBeUndefined();
    Reflect.deleteProperty(indexedDB, 'databases');
    expect(await storedDatabases()).not.toContain(DATABASE_NAME);
  });

  it('lets go of the database when it is deleted, and reads again afterwards', async () => {
    const first = await freshPage();
    await first.writeValue('favorites', { co: [5] });
    const next = await freshPage();
    expect(await next.readValue('favorites')).toEqual({ co: [5] });

    // A connection that did not close would block the deletion for good.
    await new Promise<void>((resolve, reject) => {
      const deleting = indexedDB.deleteDatabase(DATABASE_NAME);
      deleting.onsuccess = () => resolve();
      deleting.onblocked = () => reject(new Error('the reading connection blocked the deletion'));
      deleting.onerror = () => reject(deleting.error ?? new Error(DATABASE_NAME));
    });
    expect(await next.readValue('favorites')).toBeUndefined();
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
