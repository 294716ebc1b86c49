import { createStore } from 'jotai';
import { describe, expect, it } from 'vitest';
import { filterMenuAtom, INITIAL_FILTER_MENU } from './atoms';

describe('filter menu state (product §3, §5)', () => {
  it('accepts a numeric id and a string name, or nulls', () => {
    const store = createStore();
    store.set(filterMenuAtom, { filterId: 4, filterName: 'Probióticos', isCollapsed: false });
    expect(store.get(filterMenuAtom)).toEqual({ filterId: 4, filterName: 'Probióticos', isCollapsed: false });
    store.set(filterMenuAtom, { filterId: null, filterName: null });
    expect(store.get(filterMenuAtom)).toEqual({ filterId: null, filterName: null, isCollapsed: false });
  });

  it('rejects anything else and keeps the state', () => {
    const store = createStore();
    store.set(filterMenuAtom, { filterId: '4' });
    store.set(filterMenuAtom, { filterName: 7 });
    store.set(filterMenuAtom, { filterId: Number.NaN });
    store.set(filterMenuAtom, { isCollapsed: 'sí' });
    expect(store.get(filterMenuAtom)).toEqual(INITIAL_FILTER_MENU);
  });
});
