import { plural } from '@lingui/core/macro';
import { formatLocale } from './i18n';
import { COUNTRIES, DEFAULT_COUNTRY_ID, type CountryCode } from './shared/countries';

/** One formatter per country and language ('co:es-CO', 'co:en'). */
const formatters = new Map<string, Intl.NumberFormat>();

function formatterFor(country: CountryCode): Intl.NumberFormat {
  const locale = formatLocale(country);
  const key = `${country}:${locale}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    const info = COUNTRIES[country];
    const digits = info.useCents ? 2 : 0;
    formatter = new Intl.NumberFormat(locale, {
      style: 'currency',
      currency: info.currency,
      minimumFractionDigits: digits,
      maximumFractionDigits: digits,
    });
    formatters.set(key, formatter);
  }
  return formatter;
}

/**
 * Product §9: es-{COUNTRY} (English when chosen, issue #19) with the country's currency; amounts of cent-using countries (MX, PE) arrive in cents and
 * are shown with 2 digits, Colombian pesos with none.
 */
export function formatPrice(amount: number, country: CountryCode): string {
  const value = COUNTRIES[country].useCents ? amount / 100 : amount;
  return formatterFor(country).format(value);
}

interface PointValue {
  countryId: number;
  pointValue: number;
}

/** Product §9: amount × the pointValue of the matching country, country 1 when there is no match. */
export function toPoints(amount: number, countryId: number, pointValues: readonly PointValue[]): number {
  const match =
    pointValues.find((entry) => entry.countryId === countryId) ??
    pointValues.find((entry) => entry.countryId === DEFAULT_COUNTRY_ID);
  return amount * (match?.pointValue ?? 0);
}

/** Product §9: the label is 'puntos'. */
export function formatPoints(points: number, country: CountryCode): string {
  const amount = new Intl.NumberFormat(formatLocale(country), { maximumFractionDigits: 0 }).format(points);
  return plural(Math.abs(points), { one: `${amount} punto`, other: `${amount} puntos` });
}
