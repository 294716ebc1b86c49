import { describe, expect, it } from 'vitest';
import { formatCountryDate } from './dates';

/** Intl separates parts with no-break spaces; compare the visible text. */
const plain = (text: string | null) => text?.replace(/\s/g, ' ');

describe('formatCountryDate', () => {
  it('writes long dates in the store time zone, with the time when asked', () => {
    expect(formatCountryDate('2026-11-20T15:00:00.000Z', 'co')).toBe('20 de noviembre de 2026');
    // 03:00 UTC on the 21st is still the 20th in Bogotá.
    expect(formatCountryDate('2026-11-21T03:00:00.000Z', 'co')).toBe('20 de noviembre de 2026');
    expect(plain(formatCountryDate('2026-11-20T15:00:00.000Z', 'mx', true))).toBe(
      '20 de noviembre de 2026 a las 9:00 a.m.',
    );
    expect(formatCountryDate('no es una fecha', 'pe')).toBeNull();
  });
});
