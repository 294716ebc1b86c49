import { describe, expect, it } from 'vitest';
import { formatOrderAmount, orderCountry } from './order-format';

/** Intl separates the symbol with a no-break space; compare the visible text. */
const plain = (text: string | null) => text?.replace(/\s/g, ' ');

describe('order formatting', () => {
  it('formats each amount in its own country: whole pesos for co, cents for mx and pe', () => {
    expect(plain(formatOrderAmount(242_300, { countryId: 1 }))).toBe('$ 242.300');
    expect(plain(formatOrderAmount(123_450, { countryId: 2 }))).toBe('$1,234.50');
    expect(plain(formatOrderAmount(8_990, { countryId: 3 }))).toBe('S/ 89.90');
  });

  it('falls back to the currency when the country id is not a store', () => {
    expect(orderCountry({ countryId: 9, currency: 'MXN' })).toBe('mx');
    expect(orderCountry({ countryId: 9, currency: 'USD' })).toBe('co');
  });
});
