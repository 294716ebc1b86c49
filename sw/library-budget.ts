import type { WorkboxPlugin } from 'workbox-core';

/** The part of Cache Storage the budget needs: a cache's entries in insertion order, their sizes, and deletion. */
export interface BudgetCache {
  keys(): Promise<readonly Request[]>;
  match(request: Request): Promise<Response | undefined>;
  delete(request: Request): Promise<boolean>;
}

/** A cached answer's size: its Content-Length, else its body's. */
async function sizeOf(response: Response): Promise<number> {
  const declared = Number(response.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > 0) return declared;
  return (await response.clone().blob()).size;
}

/**
 * Deletes the oldest entries until the cache holds at most `maxBytes`. Cache Storage lists entries in the order they
 * were stored (a file downloaded again goes to the end), so the files used last stay; the newest is never deleted.
 * Returns how many entries went.
 */
export async function trimToBudget(cache: BudgetCache, maxBytes: number): Promise<number> {
  const requests = await cache.keys();
  const sizes = await Promise.all(
    requests.map(async (request) => {
      const response = await cache.match(request);
      return response ? sizeOf(response) : 0;
    }),
  );
  let total = sizes.reduce((sum, size) => sum + size, 0);
  let deleted = 0;
  for (let index = 0; index < requests.length - 1 && total > maxBytes; index += 1) {
    await cache.delete(requests[index] as Request);
    total -= sizes[index] ?? 0;
    deleted += 1;
  }
  return deleted;
}

/** Keeps a runtime cache within `maxBytes` after each file it stores (Workbox's expiration counts entries only). */
export function byteBudgetPlugin(maxBytes: number): WorkboxPlugin {
  return {
    cacheDidUpdate: async ({ cacheName }) => {
      await trimToBudget(await caches.open(cacheName), maxBytes);
    },
  };
}
