import { act } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { invalidatedKeys, renderWithQueryClient, seedQueries } from '../../testing/mutation-hooks';
import {
  DEFAULT_HISTORY_FILTERS,
  listOf,
  normalizeHistoryPage,
  parseEntryType,
  parsePage,
  pointsQueries,
  useRefreshPoints,
} from './api';

describe('points api shapes', () => {
  it('reads a history page with `items` and `totalPages`', () => {
    const entry = { id: 1 };
    expect(
      normalizeHistoryPage(
        { items: [entry], data: [entry], total: 11, limit: 10, page: 2, totalPages: 2 },
        DEFAULT_HISTORY_FILTERS,
      ),
    ).toEqual({ items: [entry], total: 11, limit: 10, page: 2, totalPages: 2 });
  });

  it('reads a history page with `data` and `pageCount` (product §7 alternatives)', () => {
    const entry = { id: 1 };
    expect(
      normalizeHistoryPage({ data: [entry], total: 31, limit: 10, page: 4, pageCount: 4 }, DEFAULT_HISTORY_FILTERS),
    ).toEqual({
      items: [entry],
      total: 31,
      limit: 10,
      page: 4,
      totalPages: 4,
    });
  });

  it('derives what a page leaves out from what was asked', () => {
    expect(normalizeHistoryPage({ data: [], total: 25 }, { type: null, page: 3, limit: 10 })).toEqual({
      items: [],
      total: 25,
      limit: 10,
      page: 3,
      totalPages: 3,
    });
    expect(normalizeHistoryPage(null, DEFAULT_HISTORY_FILTERS)).toEqual({
      items: [],
      total: 0,
      limit: 10,
      page: 1,
      totalPages: 0,
    });
  });

  it('history defaults are page 1 and limit 10 (product §3, §9)', () => {
    expect(DEFAULT_HISTORY_FILTERS).toEqual({ type: null, page: 1, limit: 10 });
  });

  it('reads lists as arrays or `{ data }`', () => {
    expect(listOf([1, 2])).toEqual([1, 2]);
    expect(listOf({ data: [3] })).toEqual([3]);
    expect(listOf({ message: 'x' })).toEqual([]);
  });

  it('parses the URL’s type and page, ignoring what cannot be one', () => {
    expect(parseEntryType('combo')).toBe('combo');
    expect(parseEntryType('otro')).toBeNull();
    expect(parseEntryType(null)).toBeNull();
    expect(parsePage('3')).toBe(3);
    expect(parsePage('0')).toBe(1);
    expect(parsePage('2.5')).toBe(1);
    expect(parsePage(null)).toBe(1);
  });
});

describe('useRefreshPoints', () => {
  it('marks every points answer of that country stale, and nothing of another country or feature', async () => {
    const { result, client } = renderWithQueryClient(() => useRefreshPoints('co'));
    const balance = pointsQueries.balance('co', 7).queryKey;
    const config = pointsQueries.config('co').queryKey;
    const catalogue = pointsQueries.catalogue('co', 'event').queryKey;
    seedQueries(client, [balance, config, catalogue, pointsQueries.balance('pe', 7).queryKey, ['orders', 'co']]);

    await act(() => result.current());

    expect(invalidatedKeys(client)).toEqual([balance, config, catalogue]);
  });
});
