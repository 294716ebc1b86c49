import { COUNTRIES, COUNTRY_CODES } from '../shared/countries';

/** The countries a form offers, by their numeric id ('Colombia' → 1). */
export const COUNTRY_CHOICES = COUNTRY_CODES.map((code) => ({
  value: String(COUNTRIES[code].countryId),
  label: COUNTRIES[code].name,
}));

/** The dialling codes a phone field offers, named by their country ('Colombia (+57)'). */
export const DIAL_CODE_CHOICES = COUNTRY_CODES.map((code) => ({
  value: COUNTRIES[code].dialCode,
  label: `${COUNTRIES[code].name} (${COUNTRIES[code].dialCode})`,
}));
