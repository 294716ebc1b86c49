import type { Kysely } from 'kysely';
import type { ContactSettingsDto } from '../../../src/lib/shared/contact';
import { contactSettingsInputSchema } from '../../../src/lib/shared/contact-schemas';
import { COUNTRIES, COUNTRY_CODES, isCountryCode, type CountryCode } from '../../../src/lib/shared/countries';
import type { Database } from '../db/schema';
import { DEMO_CONTACT_SETTINGS } from '../db/seed/contact-data';
import { viewerOf, type Api, type AppContext } from '../http/auth';
import { notFound } from '../http/errors';
import type { Services } from '../http/services';

export const CONTACT_COUNTRY_NOT_FOUND_MESSAGE = 'No atendemos ese país: usa co, mx o pe.';

function countryOf(c: AppContext): CountryCode {
  const code = c.req.param('country');
  if (!isCountryCode(code)) throw notFound(CONTACT_COUNTRY_NOT_FOUND_MESSAGE);
  return code;
}

async function contactSettings(db: Kysely<Database>, country: CountryCode): Promise<ContactSettingsDto> {
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

/** The demo channels, once: a country an admin saved (even emptied) is never overwritten. */
export async function seedContactSettingsIfEmpty(db: Kysely<Database>, { demoUsers = true } = {}): Promise<void> {
  if (!demoUsers) return;
  const countryIds = new Set((await db.selectFrom('countries').select('id').execute()).map((row) => row.id));
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

export function registerContactRoutes(api: Api, services: Services): void {
  const { db } = services;

  // Public: the chat button, the footer and the no-invitation dialog read it before anyone logs in.
  api.get('/contact-settings/:country', { access: 'public' }, async (c) =>
    c.json<ContactSettingsDto>(await contactSettings(db, countryOf(c))),
  );

  api.get('/admin/contact-settings', { access: ['admin'] }, async (c) =>
    c.json<{ data: ContactSettingsDto[] }>({
      data: await Promise.all(COUNTRY_CODES.map((code) => contactSettings(db, code))),
    }),
  );

  api.put('/admin/contact-settings/:country', { access: ['admin'], body: contactSettingsInputSchema }, async (c) => {
    const country = countryOf(c);
    const { phone, chatNumber } = c.req.valid('json');
    const { user } = viewerOf(c);
    const values = { phone, chat_number: chatNumber, updated_by: user.id, updated_at: new Date() };
    await db
      .insertInto('contact_settings')
      .values({ country_id: COUNTRIES[country].countryId, ...values })
      .onConflict((conflict) => conflict.column('country_id').doUpdateSet(values))
      .execute();
    return c.json<ContactSettingsDto>(await contactSettings(db, country));
  });
}
