import Dexie, { type EntityTable } from 'dexie';
import { VALUES_STORE } from './db-name';

/** One row per persisted atom or cache blob, keyed by a stable name such as `cart` or `session:co`. */
export interface KeyValueRow {
  key: string;
  value: unknown;
  updatedAt: number;
}

/** The one IndexedDB database of the storefront. Workbox keeps its own queues in a separate database. */
export class StorefrontDatabase extends Dexie {
  kv!: EntityTable<KeyValueRow, 'key'>;

  constructor(name: string) {
    super(name);
    this.version(1).stores({ [VALUES_STORE]: 'key' });
  }
}
