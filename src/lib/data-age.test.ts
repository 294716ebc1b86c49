import { describe, expect, it } from 'vitest';
import { updatedAgoText } from './data-age';

const NOW = Date.parse('2026-11-25T12:00:00Z');
const MINUTE_MS = 60_000;

describe('updatedAgoText', () => {
  it('says the age of kept data in Spanish figures', () => {
    expect(updatedAgoText(NOW - 20_000, NOW)).toBe('Actualizado hace un momento');
    expect(updatedAgoText(NOW - 5 * MINUTE_MS, NOW)).toBe('Actualizado hace 5 minutos');
    expect(updatedAgoText(NOW - 3 * 60 * MINUTE_MS, NOW)).toBe('Actualizado hace 3 horas');
    expect(updatedAgoText(NOW - 24 * 60 * MINUTE_MS, NOW)).toBe('Actualizado hace 1 día');
    expect(updatedAgoText(NOW - 2 * 24 * 60 * MINUTE_MS - MINUTE_MS, NOW)).toBe('Actualizado hace 2 días');
  });

  it('never shows an age in the future (a device clock set back)', () => {
    expect(updatedAgoText(NOW + 60 * MINUTE_MS, NOW)).toBe('Actualizado hace un momento');
  });
});
