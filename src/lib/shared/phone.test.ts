import packageMetadata from 'libphonenumber-js/metadata.min.json';
import { describe, expect, it } from 'vitest';
import { isValidPhone } from './phone';
import { phoneDigits } from './phone-digits';
import metadata from './phone-metadata.json';

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

describe('the numbering plans kept (phone-metadata.json)', () => {
  it('are the installed libphonenumber-js metadata of Colombia, Mexico and Peru', () => {
    // After an upgrade of the package, regenerate the file from its metadata.min.json for these three countries.
    expect(metadata).toEqual({
      version: packageMetadata.version,
      country_calling_codes: {
        '51': packageMetadata.country_calling_codes['51'],
        '52': packageMetadata.country_calling_codes['52'],
        '57': packageMetadata.country_calling_codes['57'],
      },
      countries: {
        CO: packageMetadata.countries.CO,
        MX: packageMetadata.countries.MX,
        PE: packageMetadata.countries.PE,
      },
      nonGeographic: {},
    });
  });
});
