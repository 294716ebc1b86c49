import { plural } from '@lingui/core/macro';
import { formatCountryDate } from '../../lib/dates';
import { formatLocale } from '../../lib/i18n';
import { formatPrice } from '../../lib/money';
import { COUNTRIES, type CountryCode } from '../../lib/shared/countries';
import { formatQuantity } from '../../lib/shared/formats';
import { pointsConfigFor, pointsToMoney, type PointsConfigDto } from '../../lib/shared/points';

/** '20 de noviembre de 2026' (with the time when asked); '—' for a date that is not one. */
export function formatPointsDate(iso: string, country: CountryCode, withTime = false): string {
  return formatCountryDate(iso, country, withTime) ?? '—';
}

/** '+1.500 puntos' for points earned, '−300 puntos' for points spent (product §9 label). */
export function formatSignedPoints(points: number, country: CountryCode): string {
  const amount = formatQuantity(points, formatLocale(country), 0, 'exceptZero');
  return plural(Math.abs(points), { one: `${amount} punto`, other: `${amount} puntos` });
}

/**
 * Product §9: what `points` are worth in the country's money (points × the country's `pointValue`, country 1's when
 * the country has none), formatted in its currency; null while there is no config at all.
 */
export function pointsMoneyValue(
  points: number,
  configs: readonly PointsConfigDto[] | undefined,
  country: CountryCode,
): string | null {
  const config = configs && pointsConfigFor(configs, COUNTRIES[country].countryId);
  if (!config) return null;
  return formatPrice(pointsToMoney(points, config.pointValue), country);
}

/**
 * Date and time in the device's own time zone: what the admin's `datetime-local` inputs show and take, so the list
 * and the dialog agree.
 */
export function formatDeviceDateTime(iso: string, country: CountryCode): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '—';
  return new Intl.DateTimeFormat(formatLocale(country), { dateStyle: 'medium', timeStyle: 'short' }).format(date);
}
