import { dehydrate, hashKey } from '@tanstack/react-query';
import type { PersistedClient } from '@tanstack/react-query-persist-client';
import { describe, expect, it, vi } from 'vitest';
import { readAnswer, readValue, writeValue } from './db';
import {
  APART_QUERY_PREFIX,
  capPersistedClient,
  createQueryClient,
  forgetPersistedQueryCache,
  KEEP_ON_DEVICE_META,
  persistedApart,
  queryPersister,
  QUERY_CACHE_STORAGE_KEY,
  saveQueryCacheNow,
} from './query';

type DehydratedQuery = PersistedClient['clientState']['queries'][number];

function answer(name: string, dataUpdatedAt: number, meta?: DehydratedQuery['meta']): DehydratedQuery {
  return {
    queryKey: [name],
    queryHash: JSON.stringify([name]),
    dehydratedAt: dataUpdatedAt,
    ...(meta && { meta }),
    state: {
      data: name,
      dataUpdateCount: 1,
      dataUpdatedAt,
      error: null,
      errorUpdateCount: 0,
      errorUpdatedAt: 0,
      fetchFailureCount: 0,
      fetchFailureReason: null,
      fetchMeta: null,
      isInvalidated: false,
      status: 'success',
      fetchStatus: 'idle',
    },
  };
}

function client(queries: DehydratedQuery[]): PersistedClient {
  return { timestamp: 1, buster: 'v1', clientState: { queries, mutations: [] } };
}

const names = (persisted: PersistedClient) => persisted.clientState.queries.map((query) => query.queryKey[0]);

describe('capPersistedClient', () => {
  it('saves everything while the cache is within the cap', () => {
    const small = client([answer('a', 1), answer('b', 2)]);
    expect(capPersistedClient(small, 2)).toBe(small);
  });

  it('keeps the newest answers when there are more than the cap', () => {
    const capped = capPersistedClient(client([answer('old', 1), answer('newest', 3), answer('newer', 2)]), 2);
    expect(names(capped)).toEqual(['newest', 'newer']);
    expect(capped.buster).toBe('v1');
  });

  it('keeps an answer marked to keep on the device even when it is the oldest', () => {
    const capped = capPersistedClient(
      client([answer('a', 5), answer('catalogue', 1, KEEP_ON_DEVICE_META), answer('b', 4), answer('c', 3)]),
      2,
    );
    expect(names(capped)).toEqual(['catalogue', 'a']);
  });
});

describe('persistedApart', () => {
  const key = ['catalogue-snapshot'] as const;
  const row = `${APART_QUERY_PREFIX}-${hashKey(key)}`;

  it('keeps a large answer in its own row, out of the shared copy, read back only when asked for', async () => {
    const fetched = vi.fn(() => Promise.resolve({ products: 5000 }));
    const options = () => ({
      queryKey: key,
      queryFn: fetched,
      staleTime: 60_000,
      ...persistedApart<{ products: number }, typeof key>(),
    });
    const first = createQueryClient();
    await first.fetchQuery(options());
    await vi.waitFor(async () => expect(await readAnswer(row)).toEqual(expect.stringContaining('"products":5000')));
    const shared = capPersistedClient({ timestamp: 1, buster: 'v1', clientState: dehydrate(first) });
    expect(shared.clientState.queries.map((query) => query.queryHash)).not.toContain(hashKey(key));

    // A new start: the answer comes from its row, not from the network.
    const second = createQueryClient();
    await expect(second.fetchQuery(options())).resolves.toEqual({ products: 5000 });
    expect(fetched).toHaveBeenCalledTimes(1);
  });

  it('is forgotten with the rest of the copy (logout)', async () => {
    const first = createQueryClient();
    await first.fetchQuery({
      queryKey: key,
      queryFn: () => Promise.resolve('catálogo'),
      ...persistedApart<string, typeof key>(),
    });
    await vi.waitFor(async () => expect(await readAnswer(row)).toBeDefined());
    await forgetPersistedQueryCache();
    expect(await readAnswer(row)).toBeUndefined();
  });
});

describe('forgetPersistedQueryCache', () => {
  it('removes the copy, and a throttled write asked for before it never lands', async () => {
    await queryPersister.persistClient(client([answer('before', 1)]));
    expect(names((await queryPersister.restoreClient())!)).toEqual(['before']);

    // Within the throttle's second: this write waits, holding a patient's answer.
    const pending = queryPersister.persistClient(client([answer('patient', 2)]));
    await forgetPersistedQueryCache();
    await pending;
    expect(await queryPersister.restoreClient()).toBeUndefined();

    await queryPersister.persistClient(client([answer('after', 3)]));
    expect(names((await queryPersister.restoreClient())!)).toEqual(['after']);
  });
});

describe('saveQueryCacheNow (the page is being left)', () => {
  it('writes the copy at once, while the throttled write of the same change still waits', async () => {
    await queryPersister.persistClient(client([answer('before', 1)]));
    const queryClient = createQueryClient();
    queryClient.setQueryData(['register'], 'patients');
    const throttled = queryPersister.persistClient({
      timestamp: Date.now(),
      buster: 'v1',
      clientState: dehydrate(queryClient),
    });
    await saveQueryCacheNow(queryClient);
    expect(names((await queryPersister.restoreClient())!)).toEqual(['register']);
    await throttled;
    expect(names((await queryPersister.restoreClient())!)).toEqual(['register']);
  });
});

describe('a copy saved before session 25, among the persisted atoms', () => {
  it('is read once, moved to the answers and removed from the atoms’ database', async () => {
    const saved = JSON.stringify(client([answer('antes', 1)]));
    await writeValue(QUERY_CACHE_STORAGE_KEY, saved);

    expect(names((await queryPersister.restoreClient())!)).toEqual(['antes']);
    expect(await readAnswer(QUERY_CACHE_STORAGE_KEY)).toBe(saved);
    expect(await readValue(QUERY_CACHE_STORAGE_KEY)).toBeUndefined();
    // The next start reads the moved copy.
    expect(names((await queryPersister.restoreClient())!)).toEqual(['antes']);
  });

  it('goes with the logout even when it was never read', async () => {
    await writeValue(QUERY_CACHE_STORAGE_KEY, JSON.stringify(client([answer('paciente', 1)])));
    await writeValue(`${APART_QUERY_PREFIX}-["patients"]`, 'registro');
    await forgetPersistedQueryCache();
    expect(await readValue(QUERY_CACHE_STORAGE_KEY)).toBeUndefined();
    expect(await readValue(`${APART_QUERY_PREFIX}-["patients"]`)).toBeUndefined();
  });
});
