import { formatLocale } from './i18n';
import { COUNTRIES, type CountryCode } from './shared/countries';

const formatters = new Map<string, Intl.DateTimeFormat>();

/**
 * A long date ('20 de noviembre de 2026'), with the time when asked, in the country's locale and the store's time
 * zone (see `CountryInfo.timeZone`); null for a value that is not a date.
 */
export function formatCountryDate(iso: string, country: CountryCode, withTime = false): string | null {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return null;
  const locale = formatLocale(country);
  const key = `${country}:${locale}:${withTime}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat(locale, {
      dateStyle: 'long',
      ...(withTime ? { timeStyle: 'short' } : {}),
      timeZone: COUNTRIES[country].timeZone,
    });
    formatters.set(key, formatter);
  }
  return formatter.format(date);
}
