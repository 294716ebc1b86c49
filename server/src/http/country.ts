import type { Context } from 'hono';
import {
  COUNTRIES,
  DEFAULT_COUNTRY_ID,
  isCountryCode,
  resolveCountry,
  type CountryCode,
} from '../../../src/lib/shared/countries';

/**
 * The country a request is about: `country_id` of its query (one of the store's, checked by its schema), else the
 * `x-country` header the storefront sends, else Colombia (product §9, default country id 1).
 */
export function requestCountryId(c: Context, fromQuery: number | undefined): number {
  if (fromQuery !== undefined) return fromQuery;
  const header = c.req.header('x-country')?.toLowerCase();
  return isCountryCode(header) ? COUNTRIES[header].countryId : DEFAULT_COUNTRY_ID;
}

/** The country a session or a login is about: the `x-country` header (co, mx, pe), else Colombia (product §5). */
export function requestCountry(c: Context): CountryCode {
  return resolveCountry(c.req.header('x-country')?.trim().toLowerCase());
}
