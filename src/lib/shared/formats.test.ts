import { describe, expect, it } from 'vitest';
import { COUNTRIES, COUNTRY_CODES } from './countries';
import { formatMoney, formatQuantity, formatStoreDate } from './formats';

/** Intl separates parts with no-break spaces; compare the visible text. */
const plain = (text: string | null) => text?.replace(/\s/g, ' ');

describe('formatMoney', () => {
  it('shows Colombian pesos whole and the cents of Mexico and Peru, in the country’s Spanish or the asked locale', () => {
    expect(plain(formatMoney(45050, 'co'))).toBe('$ 45.050');
    expect(plain(formatMoney(12350, 'mx'))).toBe('$123.50');
    expect(plain(formatMoney(12350, 'pe'))).toBe('S/ 123.50');
    expect(plain(formatMoney(45050, 'co', 'en'))).toBe('COP 45,050');
  });
});

describe('formatQuantity', () => {
  it('writes decimals as the locale does, rounded to the digits asked, with a sign when asked', () => {
    expect(formatQuantity(0.5, 'es-CO')).toBe('0,5');
    expect(formatQuantity(1.256, 'es-CO')).toBe('1,26');
    expect(formatQuantity(1.25, 'es-CO', 1)).toBe('1,3');
    expect(formatQuantity(1500, 'es-CO', 0, 'exceptZero')).toBe('+1.500');
    expect(formatQuantity(-300, 'es-CO', 0, 'exceptZero')).toBe('-300');
  });
});

describe('formatStoreDate', () => {
  it('dates a moment in the store’s time zone, not the device’s or UTC', () => {
    // 02:30 UTC on the 20th is still the 19th in Bogotá, Mexico City and Lima.
    expect(formatStoreDate('2026-11-20T02:30:00Z', 'co')).toBe('19 de noviembre de 2026');
    expect(formatStoreDate('2026-11-20T02:30:00Z', 'mx')).toBe('19 de noviembre de 2026');
    expect(formatStoreDate(new Date('2026-11-20T02:30:00Z'), 'pe')).toBe('19 de noviembre de 2026');
    expect(plain(formatStoreDate('2026-11-20T15:00:00Z', 'co', { withTime: true }))).toBe(
      '20 de noviembre de 2026 a las 10:00 a. m.',
    );
  });

  it('keeps a calendar day that day in every store, and refuses what is not a date', () => {
    expect(formatStoreDate('2026-11-20', 'co')).toBe('20 de noviembre de 2026');
    expect(formatStoreDate('2026-11-20', 'mx')).toBe('20 de noviembre de 2026');
    expect(formatStoreDate('2026-11-20', 'pe', { locale: 'en' })).toBe('November 20, 2026');
    expect(formatStoreDate('no es una fecha', 'co')).toBeNull();
  });
});

/**
 * The prices, counts and calendar days written without Intl (`WRITTEN_LOCALES`) must be what Intl writes: compared
 * here with this Node's ICU over every boundary of the grouping and a spread of other values, and in Chromium by
 * `intl-free-formats.spec.ts`.
 */
describe('what is written without Intl', () => {
  const boundaries = [0, 1, 9, 10, 99, 100, 999, 1000, 9999, 10_000, 99_999, 100_000, 999_999, 1_000_000, 1_234_567];
  // A spread of magnitudes up to 10^15 (the last safe integers), deterministic.
  const spread = Array.from({ length: 400 }, (_, index) =>
    Math.floor(Math.abs(Math.sin(index + 1)) * 10 ** (index % 16)),
  );
  const integers = [...boundaries, ...spread, Number.MAX_SAFE_INTEGER].flatMap((value) => [value, -value]);

  it('writes prices as Intl does for each country, in its Spanish and in English, negative zero included', () => {
    for (const country of COUNTRY_CODES) {
      const { currency, useCents, intlLocale } = COUNTRIES[country];
      const digits = useCents ? 2 : 0;
      for (const locale of [intlLocale, 'en']) {
        const intl = new Intl.NumberFormat(locale, {
          style: 'currency',
          currency,
          minimumFractionDigits: digits,
          maximumFractionDigits: digits,
        });
        // Intl gets cents divided by 100, a double: beyond 10^13 its last digit is the division's rounding.
        for (const amount of [...integers.filter((value) => Math.abs(value) < 1e13), -0]) {
          expect(formatMoney(amount, country, locale)).toBe(intl.format(useCents ? amount / 100 : amount));
        }
      }
    }
  });

  it('writes whole counts as Intl does in the store’s locales', () => {
    for (const locale of ['es-CO', 'es-MX', 'es-PE', 'en']) {
      const intl = new Intl.NumberFormat(locale, { maximumFractionDigits: 2 });
      for (const value of integers) expect(formatQuantity(value, locale)).toBe(intl.format(value));
    }
  });

  it('writes every calendar day of 2024–2031 long as Intl does (Peru’s “setiembre” included)', () => {
    const first = Date.UTC(2024, 0, 1);
    const last = Date.UTC(2031, 11, 31);
    for (const [country, locale] of [
      ['co', 'es-CO'],
      ['mx', 'es-MX'],
      ['pe', 'es-PE'],
      ['co', 'en'],
    ] as const) {
      const intl = new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' });
      for (let day = first; day <= last; day += 86_400_000) {
        const iso = new Date(day).toISOString().slice(0, 10);
        expect(formatStoreDate(iso, country, { locale })).toBe(intl.format(day));
      }
    }
  });

  it('leaves to Intl what it does not write itself: fractions, a sign asked for, other locales, a moment', () => {
    expect(plain(formatMoney(12.5, 'co'))).toBe('$ 13');
    expect(formatQuantity(1500, 'es-CO', 0, 'exceptZero')).toBe('+1.500');
    // Plain Spanish groups from five digits.
    expect(formatQuantity(1500, 'es')).toBe('1500');
    expect(formatStoreDate('2026-11-20', 'co', { dateStyle: 'medium' })).toBe(
      new Intl.DateTimeFormat('es-CO', { dateStyle: 'medium', timeZone: 'UTC' }).format(Date.UTC(2026, 10, 20)),
    );
  });
});
