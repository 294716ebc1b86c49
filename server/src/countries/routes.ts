import type { Kysely } from 'kysely';
import type { CountryDto } from '../../../src/lib/shared/api-types';
import type { Database } from '../db/schema';
import type { Api } from '../http/auth';
import { listCountries } from './repo';

export function registerCountryRoutes(api: Api, db: Kysely<Database>): void {
  api.get('/countries', { access: 'public' }, async (c) => {
    const rows = await listCountries(db);
    const countries: CountryDto[] = rows.map((row) => ({
      id: row.id,
      name: row.name,
      code: row.code,
      subdomain: row.subdomain,
      iso: row.iso,
      country_id: row.id,
      currency: row.currency,
      useCents: row.use_cents,
    }));
    return c.json(countries);
  });
}
