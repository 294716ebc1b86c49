import { establishSession } from '../lib/session/session';
import { ROLE_IDS, type ProfileDto } from '../lib/shared/accounts';
import type { CountryCode } from '../lib/shared/countries';
import { flushPersistedState } from '../lib/store';
import { acceptSession, buildProfile } from './handlers/auth';

const DAY_MS = 86_400_000;

/** Starts a test already logged in (the server's session cookie and the persisted session), as a returning user would. */
export async function loggedInAs(country: CountryCode, overrides: Partial<ProfileDto> = {}): Promise<ProfileDto> {
  const profile = buildProfile(overrides);
  acceptSession(country, profile);
  establishSession(country, profile, new Date(Date.now() + DAY_MS).toISOString());
  await flushPersistedState();
  return profile;
}

/** The demo patient of Colombia (id 11), logged in: the owner of the fixtures' prescriptions. */
export function loggedInAsPatient(): Promise<ProfileDto> {
  return loggedInAs('co', {
    id: 11,
    uid: 'uid-patient-000000000000001',
    email: 'paciente.co@demo.test',
    role: { id: ROLE_IDS.patient, name: 'patient' },
  });
}
