import { I18nProvider } from '@lingui/react';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { i18n } from '../../../lib/i18n';
import { buildProduct } from '../../../testing/data';
import { discountedAmount, ProductPrice } from './product-price';

const plain = (text: string | null) => (text ?? '').replace(/\s/g, ' ');

describe('professional prices', () => {
  it('applies the first discount of the product, rounded to the country unit', () => {
    expect(discountedAmount(buildProduct({ discounts: [{ discount_value: 15, discount_type: 'percent' }] }))).toBe(
      75_650,
    );
    expect(discountedAmount(buildProduct({ discounts: [] }))).toBeNull();
    expect(
      discountedAmount(buildProduct({ price: null, discounts: [{ discount_value: 10, discount_type: 'percent' }] })),
    ).toBeNull();
  });

  it('shows the discounted price beside the list price', () => {
    const product = buildProduct({ discounts: [{ discount_value: 10, discount_type: 'percent' }] }, 2);
    render(
      <I18nProvider i18n={i18n}>
        <ProductPrice product={product} country="mx" className="price" />
      </I18nProvider>,
    );
    expect(plain(screen.getByTestId('product-price').textContent)).toBe('$413.91');
    expect(plain(screen.getByRole('deletion').textContent)).toBe('$459.90');
    expect(screen.getByText('-10% profesional')).toBeTruthy();
  });
});
