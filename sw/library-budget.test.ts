import { describe, expect, it } from 'vitest';
import { trimToBudget, type BudgetCache } from './library-budget';

const MB = 1024 * 1024;

/** A cache of files of these sizes (MB), stored in this order; half of them declare their length. */
function fakeCache(sizes: number[]): BudgetCache & { urls: () => string[] } {
  let entries = sizes.map((size, index) => ({
    request: new Request(`http://localhost/api/documents/${index + 1}/file`),
    response: new Response(new Uint8Array(size * MB), {
      headers: index % 2 === 0 ? { 'content-length': String(size * MB) } : {},
    }),
  }));
  return {
    keys: () => Promise.resolve(entries.map((entry) => entry.request)),
    match: (request) => Promise.resolve(entries.find((entry) => entry.request.url === request.url)?.response),
    delete: (request) => {
      const before = entries.length;
      entries = entries.filter((entry) => entry.request.url !== request.url);
      return Promise.resolve(entries.length < before);
    },
    urls: () => entries.map((entry) => new URL(entry.request.url).pathname),
  };
}

describe('the library cache’s byte budget', () => {
  it('deletes the files stored first until the rest fits', async () => {
    const cache = fakeCache([4, 3, 2, 5]);
    expect(await trimToBudget(cache, 8 * MB)).toBe(2);
    expect(cache.urls()).toEqual(['/api/documents/3/file', '/api/documents/4/file']);
  });

  it('keeps everything within the budget', async () => {
    const cache = fakeCache([1, 2, 3]);
    expect(await trimToBudget(cache, 6 * MB)).toBe(0);
    expect(cache.urls()).toHaveLength(3);
  });

  it('never deletes the file just stored, even alone above the budget', async () => {
    const cache = fakeCache([1, 9]);
    expect(await trimToBudget(cache, 5 * MB)).toBe(1);
    expect(cache.urls()).toEqual(['/api/documents/2/file']);
  });
});
