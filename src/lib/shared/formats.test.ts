import { describe, expect, it } from 'vitest';
import { intlFreeCases, type IntlFreeCase } from '../../testing/intl-free-cases';
import { formatMoney, formatQuantity, formatStoreDate } from './formats';

/** What this Node's Intl writes for a case. */
function formatWithIntl({ kind, locale, options }: IntlFreeCase['intl'], value: number): string {
  return kind === 'number'
    ? new Intl.NumberFormat(locale, options).format(value)
    : new Intl.DateTimeFormat(locale, options).format(value);
}

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
 * here with this Node's ICU, and in Chromium by `intl-free-formats.spec.ts`, over the same cases.
 */
describe('what is written without Intl', () => {
  it('writes prices, whole counts and calendar days (Peru’s “setiembre” included) as Intl does', () => {
    const cases = intlFreeCases({ spreadSize: 400, years: [2024, 2031] });
    const mismatches = cases.flatMap(({ label, written, intl, value }) => {
      const node = formatWithIntl(intl, value);
      return written === node ? [] : [{ label, written, node }];
    });
    expect(cases.length).toBeGreaterThan(15_000);
    expect(mismatches).toEqual([]);
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
