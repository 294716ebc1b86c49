import { isValidPhoneNumber, type CountryCode as PhoneRegion, type MetadataJson } from 'libphonenumber-js/core';
import metadata from './phone-metadata.json';
import { phoneDigits } from './phone-digits';

/**
 * libphonenumber's numbering plans (its `min` set) of the store's three countries only: with every country's the
 * library's chunk was 28.5 KiB gzip of each checkout, registration and account form's first visit, now 9.3 (issue #18).
 * `phone.test.ts` checks they are still the package's own after an upgrade. (A JSON import types its strings as
 * `string`, not as the library's region codes.)
 */
const PHONE_METADATA = metadata as unknown as MetadataJson;

/** The regions the dialling prefixes of the store's countries stand for. */
const REGION_BY_DIAL_CODE: Readonly<Record<string, PhoneRegion>> = { '+57': 'CO', '+52': 'MX', '+51': 'PE' };

/**
 * Whether `number` is a valid phone number of the country of `dialCode` (a landline or a mobile, by the numbering
 * plan). Unknown prefixes are not valid: the checkout only ships to the store's countries.
 */
export function isValidPhone(dialCode: string, number: string): boolean {
  const region = REGION_BY_DIAL_CODE[dialCode.trim()];
  if (!region) return false;
  const digits = phoneDigits(number);
  return digits.length > 0 && isValidPhoneNumber(digits, region, PHONE_METADATA);
}
