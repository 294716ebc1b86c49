import { createAsyncStoragePersister } from '@tanstack/query-async-storage-persister';
import { QueryClient, type QueryMeta } from '@tanstack/react-query';
import type { PersistedClient, Persister } from '@tanstack/react-query-persist-client';
import { deleteValue, readValue, writeValue } from './db';
import { env } from './env';

const MINUTE_MS = 60_000;
const DAY_MS = 24 * 60 * MINUTE_MS;
/** How long a cached answer may be shown offline; older caches are discarded on restore. */
export const QUERY_CACHE_MAX_AGE_MS = 7 * DAY_MS;

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        // The HTTP layer owns retries (product §9); a second retry loop here would multiply them.
        retry: false,
        staleTime: 5 * MINUTE_MS,
        gcTime: QUERY_CACHE_MAX_AGE_MS,
        // Answer from the cache while offline instead of pausing; the service worker may still have the data.
        networkMode: 'offlineFirst',
      },
      mutations: { retry: false, networkMode: 'offlineFirst' },
    },
  });
}

/**
 * At most this many answers are saved on the device. Every search, filter and page opened is an answer of its own
 * (a catalogue page of 24 products is ~25 KB) and all of them are written again on each change, so without a cap
 * the copy and the time to write it grow with every day of use, for a week.
 */
export const PERSISTED_QUERIES_MAX = 200;

/** `meta` of the answers that must survive the cap whatever their age (the catalogue kept for offline search). */
export const KEEP_ON_DEVICE_META: QueryMeta = { keepOnDevice: true };

/** The copy to save: the answers marked to keep, then the newest ones, up to `max` in all. */
export function capPersistedClient(client: PersistedClient, max = PERSISTED_QUERIES_MAX): PersistedClient {
  const { queries } = client.clientState;
  if (queries.length <= max) return client;
  const kept = (query: (typeof queries)[number]) => (query.meta?.keepOnDevice === true ? 1 : 0);
  const chosen = [...queries]
    .sort((a, b) => kept(b) - kept(a) || b.state.dataUpdatedAt - a.state.dataUpdatedAt)
    .slice(0, max);
  return { ...client, clientState: { ...client.clientState, queries: chosen } };
}

/**
 * The query cache persists to IndexedDB, not localStorage: a 5,000-product catalogue is several megabytes,
 * beyond localStorage's quota, and IndexedDB does not block the main thread while writing.
 */
/** The IndexedDB key (Dexie `kv`) of the persisted query cache. */
export const QUERY_CACHE_STORAGE_KEY = 'query-cache';

const indexedDbPersister = createAsyncStoragePersister({
  key: QUERY_CACHE_STORAGE_KEY,
  storage: {
    getItem: async (key) => ((await readValue(key)) as string | undefined) ?? null,
    setItem: (key, value) => writeValue(key, value),
    removeItem: (key) => deleteValue(key),
  },
});

export const queryPersister: Persister = {
  persistClient: (client) => indexedDbPersister.persistClient(capPersistedClient(client)),
  restoreClient: () => indexedDbPersister.restoreClient(),
  removeClient: () => indexedDbPersister.removeClient(),
};

export const QUERY_CACHE_BUSTER = env.appVersion;
