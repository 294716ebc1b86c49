import type { ContactSettingsDto } from '../../../src/lib/shared/contact';
import { contactSettingsInputSchema } from '../../../src/lib/shared/contact-schemas';
import { COUNTRY_CODES, isCountryCode, type CountryCode } from '../../../src/lib/shared/countries';
import { viewerOf, type Api } from '../http/auth';
import type { AppContext } from '../http/app-env';
import { notFound } from '../refusal';
import type { Services } from '../http/services';
import { contactSettings, saveContactSettings } from './repo';

export const CONTACT_COUNTRY_NOT_FOUND_MESSAGE = 'No atendemos ese país: usa co, mx o pe.';

function countryOf(c: AppContext): CountryCode {
  const code = c.req.param('country');
  if (!isCountryCode(code)) throw notFound(CONTACT_COUNTRY_NOT_FOUND_MESSAGE);
  return code;
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
    await saveContactSettings(db, country, { phone, chatNumber, updatedBy: viewerOf(c).user.id });
    return c.json<ContactSettingsDto>(await contactSettings(db, country));
  });
}
