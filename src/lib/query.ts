import { createAsyncStoragePersister } from '@tanstack/query-async-storage-persister';
import { QueryClient } from '@tanstack/react-query';
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
        // The HTTP layer owns retries (spec §9); a second retry loop here would multiply them.
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
 * The query cache persists to IndexedDB, not localStorage: a 5,000-product catalogue is several megabytes,
 * beyond localStorage's quota, and IndexedDB does not block the main thread while writing.
 */
export const queryPersister = createAsyncStoragePersister({
  key: 'query-cache',
  storage: {
    getItem: async (key) => ((await readValue(key)) as string | undefined) ?? null,
    setItem: (key, value) => writeValue(key, value),
    removeItem: (key) => deleteValue(key),
  },
});

export const QUERY_CACHE_BUSTER = env.appVersion;
