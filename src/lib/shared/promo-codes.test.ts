import { describe, expect, it } from 'vitest';
import { schemaProblems } from '../../testing/schema-problems';
import { promoCodeInputSchema } from './promo-codes';

const CODE = {
  code: ' BIENVENIDA10 ',
  discountType: 'percentage',
  value: 10,
  active: true,
  maxUses: null,
  maxUsesPerUser: 1,
  countries: [{ countryId: 1, validFrom: '2026-12-01T00:00:00-05:00', validUntil: '2026-12-31T23:59:59-05:00' }],
};

describe('promoCodeInputSchema', () => {
  it('takes a percentage for one country in a window, the code trimmed', () => {
    expect(promoCodeInputSchema.parse(CODE).code).toBe('BIENVENIDA10');
  });

  it('keeps a percentage within 100 and a window that ends after it starts', () => {
    const window = { countryId: 1, validFrom: '2026-12-31T00:00:00Z', validUntil: '2026-12-01T00:00:00Z' };
    expect(schemaProblems(promoCodeInputSchema, { ...CODE, value: 150, countries: [window] })).toEqual([
      ['countries.0.validUntil', 'La fecha final debe ser posterior a la inicial.'],
      ['value', 'Un porcentaje va de 1 a 100.'],
    ]);
  });

  it('gives a fixed value in one country’s currency, each country once, and refuses a broken code', () => {
    const country = { countryId: 2, validFrom: null, validUntil: null };
    expect(schemaProblems(promoCodeInputSchema, { ...CODE, discountType: 'fixed', countries: [] })).toEqual([
      ['countries', 'Un valor fijo se da en la moneda de un solo país: elige un país.'],
    ]);
    expect(schemaProblems(promoCodeInputSchema, { ...CODE, countries: [country, country] })).toEqual([
      ['countries', 'Cada país va una sola vez.'],
    ]);
    expect(
      schemaProblems(promoCodeInputSchema, { ...CODE, code: 'a b', countries: [{ ...country, countryId: 9 }] }),
    ).toEqual([
      ['code', 'Usa de 3 a 40 letras, números, guiones o guiones bajos.'],
      ['countries.0.countryId', 'El país no es válido.'],
    ]);
  });
});
