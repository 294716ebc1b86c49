import type { Kysely } from 'kysely';
import type { ContactSettingsDto } from '../../../src/lib/shared/contact';
import { COUNTRIES, COUNTRY_CODES, type CountryCode } from '../../../src/lib/shared/countries';
import { storedCountryIds } from '../countries/repo';
import type { Database } from '../db/schema';
import { DEMO_CONTACT_SETTINGS } from '../db/seed/contact-data';

export async function contactSettings(db: Kysely<Database>, country: CountryCode): Promise<ContactSettingsDto> {
  const row = await db
    .selectFrom('contact_settings')
    .select(['phone', 'chat_number', 'updated_at'])
    .where('country_id', '=', COUNTRIES[country].countryId)
    .executeTakeFirst();
  return {
    country,
    phone: row?.phone ?? null,
    chatNumber: row?.chat_number ?? null,
    updatedAt: row?.updated_at.toISOString() ?? null,
  };
}

/** An admin's channels for one country, written whole (an emptied one stays empty). */
export async function saveContactSettings(
  db: Kysely<Database>,
  country: CountryCode,
  settings: { phone: string | null; chatNumber: string | null; updatedBy: number },
): Promise<void> {
  const values = {
    phone: settings.phone,
    chat_number: settings.chatNumber,
    updated_by: settings.updatedBy,
    updated_at: new Date(),
  };
  await db
    .insertInto('contact_settings')
    .values({ country_id: COUNTRIES[country].countryId, ...values })
    .onConflict((conflict) => conflict.column('country_id').doUpdateSet(values))
    .execute();
}

/** The demo channels, once: a country an admin saved (even emptied) is never overwritten. */
export async function seedContactSettingsIfEmpty(db: Kysely<Database>, { demoUsers = true } = {}): Promise<void> {
  if (!demoUsers) return;
  const countryIds = await storedCountryIds(db);
  const rows = COUNTRY_CODES.filter((code) => countryIds.has(COUNTRIES[code].countryId)).map((code) => ({
    country_id: COUNTRIES[code].countryId,
    phone: DEMO_CONTACT_SETTINGS[code].phone,
    chat_number: DEMO_CONTACT_SETTINGS[code].chatNumber,
  }));
  if (rows.length === 0) return;
  await db
    .insertInto('contact_settings')
    .values(rows)
    .onConflict((conflict) => conflict.column('country_id').doNothing())
    .execute();
}
