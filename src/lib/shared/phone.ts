import { isValidPhoneNumber, type CountryCode as PhoneRegion } from 'libphonenumber-js/min';

/** The regions the dialling prefixes of the store's countries stand for. */
const REGION_BY_DIAL_CODE: Readonly<Record<string, PhoneRegion>> = { '+57': 'CO', '+52': 'MX', '+51': 'PE' };

/** Digits only: people type spaces, dashes, dots and parentheses. */
export function phoneDigits(value: string): string {
  return value.replace(/\D/g, '');
}

/**
 * Whether `number` is a valid phone number of the country of `dialCode` (a landline or a mobile, by the numbering
 * plan). Unknown prefixes are not valid: the checkout only ships to the store's countries.
 */
export function isValidPhone(dialCode: string, number: string): boolean {
  const region = REGION_BY_DIAL_CODE[dialCode.trim()];
  if (!region) return false;
  const digits = phoneDigits(number);
  return digits.length > 0 && isValidPhoneNumber(digits, region);
}
