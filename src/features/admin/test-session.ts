import { ROLE_IDS, type ProfileDto } from '../../lib/shared/accounts';
import type { CountryCode } from '../../lib/shared/countries';
import { loggedInAs } from '../../testing/session';

/** The admin's tests start signed in as the demo admin of a country, as a returning admin would. */
export function loggedInAsAdmin(country: CountryCode = 'co'): Promise<ProfileDto> {
  return loggedInAs(country, { role: { id: ROLE_IDS.admin, name: 'admin' }, email: 'admin@demo.test' });
}
