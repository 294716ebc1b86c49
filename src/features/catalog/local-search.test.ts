import { describe, expect, it } from 'vitest';
import { buildProduct } from '../../testing/data';
import { searchLocally } from './local-search';

const catalogue = [
  buildProduct({ id: 1, name: 'Magnesio Bisglicinato 400 mg', tag: 'Sueño' }),
  buildProduct({ id: 2, name: 'Vitamina D3 + K2', tag: 'Huesos', category_id: 2 }),
  buildProduct({ id: 3, name: 'Ácido Alfa Lipoico', tag: 'Metabolismo', price: null }),
  buildProduct({ id: 4, name: 'Magnesio L-Treonato', tag: 'Memoria' }),
];

describe('search on the device', () => {
  it('matches every word ignoring accents and case, in any order', () => {
    expect(searchLocally(catalogue, { search: 'MAGNESIO' }).map((product) => product.id)).toEqual([1, 4]);
    expect(searchLocally(catalogue, { search: 'glicinato magnesio' }).map((product) => product.id)).toEqual([1]);
    expect(searchLocally(catalogue, { search: 'sueno' }).map((product) => product.id)).toEqual([1]);
  });

  it('filters by category, leaves out what has no price here, and sorts', () => {
    expect(searchLocally(catalogue, { categoryId: 2 }).map((product) => product.id)).toEqual([2]);
    expect(searchLocally(catalogue, {}).map((product) => product.id)).toEqual([1, 4, 2]);
    expect(searchLocally(catalogue, { orderBy: 'name', order: 'desc' }).map((product) => product.id)).toEqual([
      2, 4, 1,
    ]);
  });
});
