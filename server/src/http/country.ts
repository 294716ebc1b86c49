import type { Context } from 'hono';
import type { Kysely } from 'kysely';
import {
  COUNTRIES,
  DEFAULT_COUNTRY_ID,
  isCountryCode,
  resolveCountry,
  type CountryCode,
} from '../../../src/lib/shared/countries';
import type { Database } from '../db/schema';
import type { QueryReader } from './query-params';

/**
 * The country a request is about: `country_id` in the query, else the `x-country` header the storefront sends,
 * else Colombia (spec §9, default country id 1). An id the database does not know is a 400, not an empty list.
 */
export async function requestCountryId(c: Context, reader: QueryReader, db: Kysely<Database>): Promise<number> {
  const fromQuery = reader.integer('country_id', { min: 1 });
  if (fromQuery !== undefined) {
    const known = await db.selectFrom('countries').select('id').where('id', '=', fromQuery).executeTakeFirst();
    if (!known) reader.errors.push(`El país ${fromQuery} no está disponible en la tienda.`);
    return fromQuery;
  }
  const header = c.req.header('x-country')?.toLowerCase();
  return isCountryCode(header) ? COUNTRIES[header].countryId : DEFAULT_COUNTRY_ID;
}

/** The country a session or a login is about: the `x-country` header (co, mx, pe), else Colombia (spec §5). */
export function requestCountry(c: Context): CountryCode {
  return resolveCountry(c.req.header('x-country')?.trim().toLowerCase());
}
