import { I18nProvider } from '@lingui/react';
import { render } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { i18n } from '../../../lib/i18n';
import { buildProduct } from '../../../testing/data';
import { ProductGrid } from './product-grid';

function picturesOf(atTop: boolean) {
  const products = Array.from({ length: 6 }, () => buildProduct());
  const { container } = render(
    <I18nProvider i18n={i18n}>
      <MemoryRouter>
        <ProductGrid products={products} country="co" atTop={atTop} />
      </MemoryRouter>
    </I18nProvider>,
  );
  return [...container.querySelectorAll('img')].map((img) => [
    img.getAttribute('loading'),
    img.getAttribute('fetchpriority'),
  ]);
}

describe('ProductGrid', () => {
  it('loads the first row of a list that opens its page first, and the rest lazily', () => {
    expect(picturesOf(true)).toEqual([
      ['eager', 'high'],
      ['eager', 'high'],
      ['eager', 'auto'],
      ['eager', 'auto'],
      ['lazy', 'auto'],
      ['lazy', 'auto'],
    ]);
  });

  it('loads every picture lazily in a list further down a page (the home’s featured products)', () => {
    expect(picturesOf(false).every(([loading, priority]) => loading === 'lazy' && priority === 'auto')).toBe(true);
  });
});
