import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import type { RequestData } from 'workbox-background-sync/lib/StorableRequest.js';
import type { OutboxItem } from '../src/lib/shared/outbox';

/** An outbox item with the request to send: headers without the bearer token, and the body's bytes. */
export interface OutboxEntry extends OutboxItem {
  request: RequestData;
  /**
   * Failures of the server in a row (5xx, 408, 429, timeouts): what the backoff grows with. An unreachable network
   * does not count: the connection coming back is the signal to send, and a write that spent a morning offline must
   * not wait minutes for its first server error. Absent in records kept by earlier versions (read as 0).
   */
  serverFailures?: number;
}

export interface OutboxStore {
  all(): Promise<unknown[]>;
  get(id: string): Promise<unknown>;
  put(entry: OutboxEntry): Promise<void>;
  delete(id: string): Promise<void>;
}

interface OutboxSchema extends DBSchema {
  entries: { key: string; value: OutboxEntry };
}

/** Its own database, apart from the storefront's (Dexie) and Workbox's: a page's cleanup never reaches it. */
const OUTBOX_DB_NAME = 'dispensario-outbox';
const OUTBOX_DB_VERSION = 1;

/**
 * The outbox in IndexedDB. An entry is written before the page is told it was kept and deleted only on the user's
 * word (discard) or once delivered and old: a worker stopped at any moment loses nothing. Reads return `unknown`:
 * a stored record is checked before it is trusted (see `readEntry`).
 */
export function idbOutboxStore(name = OUTBOX_DB_NAME): OutboxStore {
  let opening: Promise<IDBPDatabase<OutboxSchema>> | undefined;
  const db = () =>
    (opening ??= openDB<OutboxSchema>(name, OUTBOX_DB_VERSION, {
      upgrade(database) {
        database.createObjectStore('entries', { keyPath: 'id' });
      },
    }));
  return {
    all: async () => (await db()).getAll('entries'),
    get: async (id) => (await db()).get('entries', id),
    put: async (entry) => {
      await (await db()).put('entries', entry);
    },
    delete: async (id) => {
      await (await db()).delete('entries', id);
    },
  };
}
