import { ANSWERS_DATABASE_NAME, ANSWERS_STORE, DATABASE_MARKER_KEY, DATABASE_NAME, VALUES_STORE } from './db-name';
import type { KeyValueRow, StorefrontDatabase } from './db-schema';

let opening: Promise<StorefrontDatabase> | undefined;

/**
 * The storefront's Dexie database, loaded on first use: Dexie is a sixth of the JavaScript a first visit would
 * otherwise download, so it is not part of the app's start.
 */
export function getDatabase(): Promise<StorefrontDatabase> {
  opening ??= import('./db-schema').then(({ StorefrontDatabase }) => new StorefrontDatabase(DATABASE_NAME));
  return opening;
}

function markedAsStored(): boolean {
  try {
    return localStorage.getItem(DATABASE_MARKER_KEY) !== null;
  } catch {
    return false;
  }
}

function markAsStored(): void {
  try {
    localStorage.setItem(DATABASE_MARKER_KEY, '1');
  } catch {
    // Storage refused: the next start lists the databases instead.
  }
}

let listing: Promise<boolean> | undefined;

/**
 * Whether the device holds the database. A device that has never stored anything (a first visit that only browses)
 * has nothing to read or delete. The marker answers at once; without it (a first visit, a device updated from a
 * version that did not set it, a cleared local storage) the browser's list of databases answers. Without IndexedDB's
 * listing the database is taken as there: opening it then tells.
 */
function holdsDatabase(): Promise<boolean> {
  if (opening || markedAsStored() || typeof indexedDB === 'undefined' || typeof indexedDB.databases !== 'function') {
    return Promise.resolve(typeof indexedDB !== 'undefined');
  }
  // The start's reads ask together: one listing answers them all.
  listing ??= indexedDB
    .databases()
    .then(
      (databases) => {
        const stored = databases.some((database) => database.name === DATABASE_NAME);
        if (stored) markAsStored();
        return stored;
      },
      () => true,
    )
    .finally(() => {
      listing = undefined;
    });
  return listing;
}

/** Dexie, when the device holds the database: what deletes. */
async function storedDatabase(): Promise<StorefrontDatabase | undefined> {
  return (await holdsDatabase()) ? getDatabase() : undefined;
}

/** Another tab (or Dexie) deleting or upgrading the database: this connection lets go, and the next use opens again. */
function letGoOnVersionChange(database: IDBDatabase, forget: () => void): void {
  database.onversionchange = () => {
    database.close();
    forget();
  };
}

/** One request in its own transaction; resolves with its result once the transaction is committed. */
function storeRequest<T>(
  database: IDBDatabase,
  storeName: string,
  mode: IDBTransactionMode,
  operate: (store: IDBObjectStore) => IDBRequest<T>,
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const transaction = database.transaction(storeName, mode);
    const request = operate(transaction.objectStore(storeName));
    transaction.oncomplete = () => resolve(request.result);
    transaction.onabort = () => reject(transaction.error ?? request.error ?? new Error('IndexedDB'));
  });
}

let reading: Promise<IDBDatabase | undefined> | undefined;

/**
 * A connection for reading the stored values, without Dexie: a returning start reads its language, its sessions and
 * its atoms before the first page renders, and Dexie's module and its open took about 50 ms of that start's main
 * thread (CPU 4×); Dexie now loads with the first value written. Dexie still owns the database and its schema
 * (`db-schema.ts`): this opens whatever version is there, asks for no other, and lets go when Dexie upgrades or
 * deletes it. Undefined when there is nothing to read.
 */
function openForReading(): Promise<IDBDatabase | undefined> {
  reading ??= new Promise<IDBDatabase | undefined>((resolve, reject) => {
    const request = indexedDB.open(DATABASE_NAME);
    // Asked without a version, a database that is not there would be created empty: a read creates nothing.
    request.onupgradeneeded = () => request.transaction?.abort();
    request.onsuccess = () => {
      const database = request.result;
      letGoOnVersionChange(database, () => {
        reading = undefined;
      });
      if (database.objectStoreNames.contains(VALUES_STORE)) resolve(database);
      else {
        database.close();
        reading = undefined;
        resolve(undefined);
      }
    };
    request.onerror = (event) => {
      reading = undefined;
      if (request.error?.name !== 'AbortError') {
        reject(request.error ?? new Error('IndexedDB'));
        return;
      }
      // The creation this read called off: nothing is stored.
      event.preventDefault();
      resolve(undefined);
    };
  });
  return reading;
}

/** Opens the database for reading at once when the device holds it, so a returning visit reads without waiting. */
export async function openStoredDatabase(): Promise<void> {
  if (await holdsDatabase()) await openForReading();
}

export async function readValue(key: string): Promise<unknown> {
  if (!(await holdsDatabase())) return undefined;
  const database = await openForReading();
  if (!database) return undefined;
  const row = await storeRequest(database, VALUES_STORE, 'readonly', (store) => store.get(key));
  return (row as KeyValueRow | undefined)?.value;
}

let marked = false;

export async function writeValue(key: string, value: unknown): Promise<void> {
  await (await getDatabase()).kv.put({ key, value, updatedAt: Date.now() });
  if (!marked) {
    markAsStored();
    marked = true;
  }
}

export async function deleteValue(key: string): Promise<void> {
  await (await storedDatabase())?.kv.delete(key);
}

/** Removes every row whose key starts with `prefix`. */
export async function deleteValuesStartingWith(prefix: string): Promise<void> {
  await (await storedDatabase())?.kv.where('key').startsWith(prefix).delete();
}

/**
 * The device's copy of the server's answers (the query cache) lives in a database of its own, written through
 * IndexedDB directly: it is written on every visit, the first included, and through Dexie that write alone would
 * download Dexie on a first visit that stores nothing else. The values are the persister's JSON text.
 */
let answers: Promise<IDBDatabase> | undefined;

function openAnswers(): Promise<IDBDatabase> {
  answers ??= new Promise<IDBDatabase>((resolve, reject) => {
    const request = indexedDB.open(ANSWERS_DATABASE_NAME, 1);
    request.onupgradeneeded = () => request.result.createObjectStore(ANSWERS_STORE);
    request.onsuccess = () => {
      const database = request.result;
      letGoOnVersionChange(database, () => {
        answers = undefined;
      });
      resolve(database);
    };
    request.onerror = () => reject(request.error ?? new Error('IndexedDB'));
  }).catch((error: unknown) => {
    answers = undefined;
    throw error;
  });
  return answers;
}

async function answersRequest<T>(
  mode: IDBTransactionMode,
  operate: (store: IDBObjectStore) => IDBRequest<T>,
): Promise<T> {
  return storeRequest(await openAnswers(), ANSWERS_STORE, mode, operate);
}

export async function readAnswer(key: string): Promise<string | undefined> {
  const value = await answersRequest('readonly', (store) => store.get(key) as IDBRequest<unknown>);
  return typeof value === 'string' ? value : undefined;
}

export async function writeAnswer(key: string, value: string): Promise<void> {
  await answersRequest('readwrite', (store) => store.put(value, key));
}

export async function deleteAnswer(key: string): Promise<void> {
  await answersRequest('readwrite', (store) => store.delete(key));
}

/** Removes every answer whose key starts with `prefix`. */
export async function deleteAnswersStartingWith(prefix: string): Promise<void> {
  // Every key that starts with the prefix sorts between it and the prefix followed by the highest code unit.
  await answersRequest('readwrite', (store) => store.delete(IDBKeyRange.bound(prefix, `${prefix}\uffff`)));
}
