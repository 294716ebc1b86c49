import { createAsyncStoragePersister } from '@tanstack/query-async-storage-persister';
import { QueryClient, type QueryKey, type QueryMeta, type QueryPersister } from '@tanstack/react-query';
import {
  experimental_createQueryPersister,
  persistQueryClientSave,
  type PersistedClient,
  type Persister,
} from '@tanstack/react-query-persist-client';
import {
  deleteAnswer,
  deleteAnswersStartingWith,
  deleteValue,
  deleteValuesStartingWith,
  readAnswer,
  readValue,
  writeAnswer,
} from './db';
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
const PERSISTED_QUERIES_MAX = 200;

/** `meta` of the answers that must survive the cap whatever their age (the catalogue kept for offline search). */
export const KEEP_ON_DEVICE_META: QueryMeta = { keepOnDevice: true };

/** `meta` of an answer saved in its own row instead of the shared copy (see `persistedApart`). */
const PERSIST_APART_META: QueryMeta = { persistApart: true };

/**
 * The copy to save: the answers marked to keep, then the newest ones, up to `max` in all. The answers kept apart
 * have their own rows and are left out.
 */
export function capPersistedClient(client: PersistedClient, max = PERSISTED_QUERIES_MAX): PersistedClient {
  const queries = client.clientState.queries.filter((query) => query.meta?.persistApart !== true);
  if (queries.length === client.clientState.queries.length && queries.length <= max) return client;
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
/** The key of the persisted query cache among the device's answers (`readAnswer`). */
export const QUERY_CACHE_STORAGE_KEY = 'query-cache';

/**
 * Writes are throttled (one a second), so a write asked for before the copy is forgotten could land after it and put
 * the forgotten answers back: each write carries the generation it was asked in, and only the current generation is
 * written.
 */
let generation = 0;
let writingGeneration = 0;
const GENERATION = Symbol('generation');
type TaggedClient = PersistedClient & { [GENERATION]?: number };

/**
 * Until session 25 the answers were rows of the atoms' database (Dexie `kv`, same keys). A device updated since
 * finds its copy there once: it is moved, so the first offline start after the update still has it, and the old row
 * is removed (the logout removes both places).
 */
async function readSavedAnswer(key: string): Promise<string | null> {
  const saved = await readAnswer(key);
  if (saved !== undefined) return saved;
  const legacy = await readValue(key);
  if (typeof legacy !== 'string') return null;
  await writeAnswer(key, legacy);
  await deleteValue(key);
  return legacy;
}

/**
 * A change is written at most once a second (each write is the whole copy); leaving the page writes at once
 * (`saveQueryCacheNow`).
 */
const PERSIST_THROTTLE_MS = 1000;

/** The shared copy's writer, throttled or not: the same row, the same generation check. */
const copyPersister = (throttleTime: number) =>
  createAsyncStoragePersister({
    key: QUERY_CACHE_STORAGE_KEY,
    throttleTime,
    storage: {
      getItem: readSavedAnswer,
      setItem: async (key, value) => {
        if (writingGeneration !== generation) return;
        await writeAnswer(key, value);
      },
      removeItem: (key) => deleteAnswer(key),
    },
    serialize: (client: TaggedClient) => {
      if (client[GENERATION] !== generation) throw new Error('A write asked for before the copy was forgotten');
      writingGeneration = generation;
      return JSON.stringify(client);
    },
  });

/** The copy as it is saved: capped, and tagged with the generation it was asked in. */
const taggedCopy = (client: PersistedClient): TaggedClient => ({
  ...capPersistedClient(client),
  [GENERATION]: generation,
});

const indexedDbPersister = copyPersister(PERSIST_THROTTLE_MS);
const immediatePersister = copyPersister(0);

export const QUERY_CACHE_BUSTER = env.appVersion;

/** The keys of the answers kept apart (`readAnswer`): this prefix, a dash and the query's hash. */
export const APART_QUERY_PREFIX = 'query-apart';

const apartPersister = experimental_createQueryPersister<string>({
  storage: {
    getItem: readSavedAnswer,
    setItem: async (key, value) => {
      const asked = generation;
      await writeAnswer(key, value);
      // Forgotten while it was being written (a logout): it must not stay on the device.
      if (asked !== generation) await deleteAnswer(key);
    },
    removeItem: (key) => deleteAnswer(key),
  },
  buster: QUERY_CACHE_BUSTER,
  maxAge: QUERY_CACHE_MAX_AGE_MS,
  prefix: APART_QUERY_PREFIX,
});

/**
 * Options of an answer of megabytes (the whole catalogue for searching offline): saved in its own row after each
 * fetch and read back only when a screen asks for it. In the shared copy it was read and parsed at every start
 * (4.6 MB for 5,000 products: about 100 ms on a mid-range phone, before any screen showed), and written again in
 * full after any other answer changed.
 */
export function persistedApart<T, K extends QueryKey>(): { persister: QueryPersister<T, K>; meta: QueryMeta } {
  return { persister: apartPersister.persisterFn, meta: PERSIST_APART_META };
}

export const queryPersister: Persister = {
  persistClient: (client) => indexedDbPersister.persistClient(taggedCopy(client)),
  restoreClient: () => indexedDbPersister.restoreClient(),
  removeClient: () => indexedDbPersister.removeClient(),
};

/**
 * Writes the copy now, without waiting for the throttle: the page is being left (a phone switching apps, the tab
 * closing), and an answer that arrived within the last second (the patient register fetched once the screen was idle)
 * would otherwise not be on the device at the next start, offline. Called only once the copy has been restored: an
 * earlier write would replace it with an empty cache.
 */
export function saveQueryCacheNow(queryClient: QueryClient): Promise<void> {
  return persistQueryClientSave({
    queryClient,
    persister: { ...queryPersister, persistClient: (client) => immediatePersister.persistClient(taggedCopy(client)) },
    buster: QUERY_CACHE_BUSTER,
  });
}

/**
 * Removes the device's copy of the query cache now, and drops every write asked for before (logout; tests). Writes
 * asked for afterwards, by a query client still mounted, go to disk as usual.
 */
export async function forgetPersistedQueryCache(): Promise<void> {
  generation += 1;
  await Promise.all([
    deleteAnswer(QUERY_CACHE_STORAGE_KEY),
    deleteAnswersStartingWith(`${APART_QUERY_PREFIX}-`),
    deleteValue(QUERY_CACHE_STORAGE_KEY),
    deleteValuesStartingWith(`${APART_QUERY_PREFIX}-`),
  ]);
}
