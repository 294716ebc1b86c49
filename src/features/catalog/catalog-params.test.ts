import { describe, expect, it } from 'vitest';
import { filtersFromParams } from './catalog-params';

describe('catalogue filters from the URL', () => {
  it('reads category, form, search and sort', () => {
    expect(
      filtersFromParams(new URLSearchParams('categoria=2&forma=1&buscar=%20magnesio%20&orden=price-desc')),
    ).toEqual({
      sort: 'price-desc',
      orderBy: 'price',
      order: 'desc',
      search: 'magnesio',
      categoryId: 2,
      pharmaceuticalFormId: 1,
    });
  });

  it('ignores ids that are not positive numbers and unknown sorts', () => {
    expect(filtersFromParams(new URLSearchParams('categoria=abc&forma=-3&orden=peso'))).toEqual({
      sort: 'name-asc',
      orderBy: 'name',
      order: 'asc',
    });
    expect(filtersFromParams(new URLSearchParams('categoria=99999999999')).categoryId).toBeUndefined();
  });
});
