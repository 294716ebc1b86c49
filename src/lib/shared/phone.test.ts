import { describe, expect, it } from 'vitest';
import { isValidPhone, phoneDigits } from './phone';

describe('isValidPhone', () => {
  it('accepts mobiles and landlines of each country, however they are typed', () => {
    expect(isValidPhone('+57', '300 123 4567')).toBe(true);
    expect(isValidPhone('+57', '601 234 5678')).toBe(true);
    expect(isValidPhone('+52', '55 1234 5678')).toBe(true);
    expect(isValidPhone('+51', '912-345-678')).toBe(true);
  });

  it('refuses numbers of the wrong length or plan, and prefixes the store does not serve', () => {
    expect(isValidPhone('+57', '300 123')).toBe(false);
    expect(isValidPhone('+51', '123456789')).toBe(false);
    expect(isValidPhone('+52', '')).toBe(false);
    expect(isValidPhone('+1', '2025550123')).toBe(false);
  });
});

describe('phoneDigits', () => {
  it('keeps the digits alone', () => {
    expect(phoneDigits('(601) 234-56.78')).toBe('6012345678');
  });
});
