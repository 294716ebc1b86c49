import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';

/** Every country the shop serves, in the order of their ids. */
export function listCountries(db: Kysely<Database>) {
  return db.selectFrom('countries').selectAll().orderBy('id').execute();
}

/** The ids of the countries the database holds (a seed writes only for those). */
export async function storedCountryIds(db: Kysely<Database>): Promise<Set<number>> {
  return new Set((await db.selectFrom('countries').select('id').execute()).map((row) => row.id));
}
