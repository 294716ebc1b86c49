import { formatPrice } from '../../lib/money';
import { COUNTRIES, COUNTRY_CODES, countryById, DEFAULT_COUNTRY, type CountryCode } from '../../lib/shared/countries';

/**
 * The country an order was placed in, which decides its currency and formats: a buyer's list may hold orders of
 * another store. An unknown id falls back to the currency, then to the default country.
 */
export function orderCountry(order: { countryId: number; currency?: string }): CountryCode {
  return (
    countryById(order.countryId)?.subdomain ??
    COUNTRY_CODES.find((code) => COUNTRIES[code].currency === order.currency) ??
    DEFAULT_COUNTRY
  );
}

/** An amount of the order in its own country's unit and currency (product §9). */
export function formatOrderAmount(amount: number, order: { countryId: number; currency?: string }): string {
  return formatPrice(amount, orderCountry(order));
}
