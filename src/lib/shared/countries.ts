// Country data of product §3, shared by the storefront, the service worker and the server seed.

export const COUNTRY_CODES = ['co', 'mx', 'pe'] as const;
export type CountryCode = (typeof COUNTRY_CODES)[number];
export const DEFAULT_COUNTRY: CountryCode = 'co';

export interface CountryInfo {
  name: string;
  /** The spec's `code` column, kept verbatim. */
  code: number;
  subdomain: CountryCode;
  iso: string;
  countryId: number;
  currency: 'COP' | 'MXN' | 'PEN';
  useCents: boolean;
  /** BCP 47 tag for Intl; `pe` alone is not a language tag. */
  intlLocale: 'es-CO' | 'es-MX' | 'es-PE';
  /** Lingui catalogue that serves this country. */
  language: 'es' | 'pe';
  /** International dialling prefix for phone numbers. */
  dialCode: '+57' | '+52' | '+51';
  /**
   * The store's IANA time zone. Dates are shown and searched in it, not in the device's: an order paid at 21:00 in
   * Bogotá is paid that day, whoever looks at it and from wherever (UTC is already tomorrow).
   */
  timeZone: 'America/Bogota' | 'America/Mexico_City' | 'America/Lima';
}

export const COUNTRIES: Record<CountryCode, CountryInfo> = {
  co: {
    name: 'Colombia',
    code: 32,
    subdomain: 'co',
    iso: 'COL',
    countryId: 1,
    currency: 'COP',
    useCents: false,
    intlLocale: 'es-CO',
    language: 'es',
    dialCode: '+57',
    timeZone: 'America/Bogota',
  },
  mx: {
    name: 'México',
    code: 31,
    subdomain: 'mx',
    iso: 'MX',
    countryId: 2,
    currency: 'MXN',
    useCents: true,
    intlLocale: 'es-MX',
    language: 'es',
    dialCode: '+52',
    timeZone: 'America/Mexico_City',
  },
  pe: {
    name: 'Perú',
    code: 33,
    subdomain: 'pe',
    iso: 'PE',
    countryId: 3,
    currency: 'PEN',
    useCents: true,
    intlLocale: 'es-PE',
    language: 'pe',
    dialCode: '+51',
    timeZone: 'America/Lima',
  },
};

/** The utilities' id-to-name map also knows countries the store does not serve (product §3). */
export const COUNTRY_NAMES_BY_ID: Readonly<Record<number, string>> = {
  1: 'Colombia',
  2: 'México',
  3: 'Perú',
  4: 'Ecuador',
  5: 'Chile',
  6: 'Argentina',
};

export const DEFAULT_COUNTRY_ID = 1;

export function isCountryCode(value: unknown): value is CountryCode {
  return typeof value === 'string' && (COUNTRY_CODES as readonly string[]).includes(value);
}

/** Product §5: the country segment must be co, pe or mx, else co. */
export function resolveCountry(value: unknown): CountryCode {
  return isCountryCode(value) ? value : DEFAULT_COUNTRY;
}

export function countryById(countryId: number): CountryInfo | undefined {
  return Object.values(COUNTRIES).find((country) => country.countryId === countryId);
}

/** The code of a stored country id; the default country for an id the store does not serve. */
export function countryCodeById(countryId: number): CountryCode {
  return countryById(countryId)?.subdomain ?? DEFAULT_COUNTRY;
}
