import { plural } from '@lingui/core/macro';
import { formatLocale } from './i18n';
import { DEFAULT_COUNTRY_ID, type CountryCode } from './shared/countries';
import { formatMoney, formatQuantity } from './shared/formats';

/**
 * Product §9: es-{COUNTRY} (English when chosen, issue #19) with the country's currency; amounts of cent-using
 * countries (MX, PE) arrive in cents and are shown with 2 digits, Colombian pesos with none.
 */
export function formatPrice(amount: number, country: CountryCode): string {
  return formatMoney(amount, country, formatLocale(country));
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
  const amount = formatQuantity(points, formatLocale(country), 0);
  return plural(Math.abs(points), { one: `${amount} punto`, other: `${amount} puntos` });
}
