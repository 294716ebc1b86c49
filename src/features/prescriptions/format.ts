import { formatLocale } from '../../lib/i18n';
import type { CountryCode } from '../../lib/shared/countries';

const NOON = 'T12:00:00';
const formatters = new Map<string, Intl.DateTimeFormat>();

/**
 * A long date ('20 de noviembre de 2026') in the country's Spanish. Dates only (`YYYY-MM-DD`) are read as that
 * calendar day, not as midnight UTC, which the device's time zone would shift to the day before.
 */
export function formatDate(iso: string | null | undefined, country: CountryCode): string {
  if (!iso) return '';
  const dateOnly = /^\d{4}-\d{2}-\d{2}$/.test(iso);
  // Noon of that day: no time zone moves it to another date.
  const date = new Date(dateOnly ? `${iso}${NOON}` : iso);
  if (Number.isNaN(date.getTime())) return iso;
  const locale = formatLocale(country);
  let formatter = formatters.get(locale);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat(locale, { dateStyle: 'long' });
    formatters.set(locale, formatter);
  }
  return formatter.format(date);
}

/** A quantity as people write it in the country ('0,5', '2'). */
export function formatQuantity(value: number, country: CountryCode): string {
  return new Intl.NumberFormat(formatLocale(country), { maximumFractionDigits: 2 }).format(value);
}
