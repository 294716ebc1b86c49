import { afterEach, describe, expect, it } from 'vitest';
import { activateLocale } from './i18n';
import { formatPoints, formatPrice, toPoints } from './money';

// Intl separates currency and amount with a no-break space; compare with plain spaces.
const plain = (text: string) => text.replace(/\s/g, ' ');

describe('formatPrice (product §9)', () => {
  it('formats Colombian pesos with es-CO and no decimals', () => {
    expect(plain(formatPrice(89_000, 'co'))).toBe('$ 89.000');
    expect(plain(formatPrice(1_234_567, 'co'))).toBe('$ 1.234.567');
  });

  it('divides Mexican amounts by 100 and shows 2 decimals with es-MX', () => {
    expect(plain(formatPrice(45_990, 'mx'))).toBe('$459.90');
    expect(plain(formatPrice(123_456_7, 'mx'))).toBe('$12,345.67');
  });

  it('divides Peruvian amounts by 100 and shows 2 decimals in soles with es-PE', () => {
    expect(plain(formatPrice(8_990, 'pe'))).toBe('S/ 89.90');
    expect(plain(formatPrice(5, 'pe'))).toBe('S/ 0.05');
  });
});

describe('formatPrice in English (issue #19)', () => {
  afterEach(() => activateLocale('es'));

  it('formats with English separators and keeps each country’s currency', async () => {
    await activateLocale('en');
    expect(plain(formatPrice(1_234_567, 'co'))).toBe('COP 1,234,567');
    expect(plain(formatPrice(123_456_7, 'mx'))).toBe('MX$12,345.67');
    expect(plain(formatPrice(8_990, 'pe'))).toBe('PEN 89.90');
    expect(formatPoints(1500, 'co')).toBe('1,500 points');
  });

  it('goes back to the country’s Spanish when Spanish is active again', async () => {
    await activateLocale('en');
    expect(plain(formatPrice(89_000, 'co'))).toBe('COP 89,000');
    await activateLocale('es');
    expect(plain(formatPrice(89_000, 'co'))).toBe('$ 89.000');
  });
});

describe('points (product §9)', () => {
  const values = [
    { countryId: 1, pointValue: 0.01 },
    { countryId: 2, pointValue: 0.5 },
  ];

  it('multiplies the amount by the pointValue of the matching country', () => {
    expect(toPoints(1000, 2, values)).toBe(500);
  });

  it('uses country 1 when the country has no entry', () => {
    expect(toPoints(1000, 3, values)).toBe(10);
  });

  it('labels points as "puntos"', () => {
    expect(plain(formatPoints(1500, 'co'))).toBe('1.500 puntos');
    // Plural-correct copy (issue #16).
    expect(plain(formatPoints(1, 'co'))).toBe('1 punto');
  });
});
