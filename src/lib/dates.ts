import { formatLocale } from './i18n';
import type { CountryCode } from './shared/countries';
import { formatStoreDate } from './shared/formats';

/**
 * A long date ('20 de noviembre de 2026'), with the time when asked, in the screen's language for the country and the
 * store's time zone (see `CountryInfo.timeZone`); null for a value that is not a date.
 */
export function formatCountryDate(iso: string, country: CountryCode, withTime = false): string | null {
  return formatStoreDate(iso, country, { locale: formatLocale(country), withTime });
}
