import { countryById } from '../../../src/lib/shared/countries';

const formatters = new Map<number, Intl.NumberFormat>();

/**
 * An amount in the country's unit as the storefront shows it (product §9): es-CO, es-MX or es-PE with the country's
 * currency; MXN and PEN amounts are cents shown with 2 digits, COP whole pesos with none.
 */
export function formatMoney(amount: number, countryId: number): string {
  const country = countryById(countryId);
  if (!country) return String(amount);
  let formatter = formatters.get(countryId);
  if (!formatter) {
    const digits = country.useCents ? 2 : 0;
    formatter = new Intl.NumberFormat(country.intlLocale, {
      style: 'currency',
      currency: country.currency,
      minimumFractionDigits: digits,
      maximumFractionDigits: digits,
    });
    formatters.set(countryId, formatter);
  }
  return formatter.format(country.useCents ? amount / 100 : amount);
}
