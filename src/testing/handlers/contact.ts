import { http, HttpResponse } from 'msw';
import type { ContactSettingsDto } from '../../lib/shared/contact';
import { contactSettingsInputSchema } from '../../lib/shared/contact-schemas';
import { COUNTRY_CODES, isCountryCode, type CountryCode } from '../../lib/shared/countries';
import { TEST_API } from '../api-url';
import { formRefusal } from './http-shapes';

// A fake of the contact settings (server/src/contact/routes.ts): the public read, and the admin's list and edit,
// which validate with the same shared schema as the server.

function emptySettings(): Record<CountryCode, ContactSettingsDto> {
  return Object.fromEntries(
    COUNTRY_CODES.map((country) => [country, { country, phone: null, chatNumber: null, updatedAt: null }]),
  ) as Record<CountryCode, ContactSettingsDto>;
}

/** No channel in any country unless a test sets one (the build's VITE_CHAT_NUMBER is then the fallback). */
export const contactFixtures = { settings: emptySettings(), saved: [] as { country: string; body: unknown }[] };

export function resetContactFixtures(): void {
  contactFixtures.settings = emptySettings();
  contactFixtures.saved = [];
}

export function setContactSettings(country: CountryCode, values: Partial<ContactSettingsDto>): void {
  contactFixtures.settings[country] = { ...contactFixtures.settings[country], ...values };
}

const notFound = () => HttpResponse.json({ message: 'No atendemos ese país: usa co, mx o pe.' }, { status: 404 });

export const contactHandlers = [
  http.get(`${TEST_API}/contact-settings/:country`, ({ params }) =>
    isCountryCode(params.country) ? HttpResponse.json(contactFixtures.settings[params.country]) : notFound(),
  ),
  http.get(`${TEST_API}/admin/contact-settings`, () =>
    HttpResponse.json({ data: COUNTRY_CODES.map((country) => contactFixtures.settings[country]) }),
  ),
  http.put(`${TEST_API}/admin/contact-settings/:country`, async ({ params, request }) => {
    if (!isCountryCode(params.country)) return notFound();
    const body = await request.json();
    contactFixtures.saved.push({ country: params.country, body });
    const parsed = contactSettingsInputSchema.safeParse(body);
    if (!parsed.success) {
      const fieldErrors = parsed.error.issues.map((issue) => ({ field: issue.path.join('.'), message: issue.message }));
      return formRefusal(fieldErrors);
    }
    setContactSettings(params.country, { ...parsed.data, updatedAt: new Date().toISOString() });
    return HttpResponse.json(contactFixtures.settings[params.country]);
  }),
];
