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
 * else Colombia (product §9, default country id 1). An id the database does not know is a 400, not an empty list.
 */
export async function requestCountryId(c: Context, reader: QueryReader, db: Kysely<Database>): Promise<number> {
  const fromQuery = reader.integer('country_id', { min: 1 });
  if (fromQuery !== undefined) {
    if (!(await isKnownCountry(db, fromQuery))) {
      reader.errors.push(`El país ${fromQuery} no está disponible en la tienda.`);
    }
    return fromQuery;
  }
  const header = c.req.header('x-country')?.toLowerCase();
  return isCountryCode(header) ? COUNTRIES[header].countryId : DEFAULT_COUNTRY_ID;
}

/**
 * Countries are seeded and never removed: an id found once is remembered per database, so the catalogue's hot path
 * (every list names its `country_id`) makes no round trip for it.
 */
const knownCountries = new WeakMap<Kysely<Database>, Set<number>>();

async function isKnownCountry(db: Kysely<Database>, id: number): Promise<boolean> {
  const known = knownCountries.get(db) ?? new Set<number>();
  knownCountries.set(db, known);
  if (known.has(id)) return true;
  const found = await db.selectFrom('countries').select('id').where('id', '=', id).executeTakeFirst();
  if (found) known.add(id);
  return found !== undefined;
}

/** The country a session or a login is about: the `x-country` header (co, mx, pe), else Colombia (product §5). */
export function requestCountry(c: Context): CountryCode {
  return resolveCountry(c.req.header('x-country')?.trim().toLowerCase());
}
