import { useAtomValue } from 'jotai';
import type { CountryCode } from '../shared/countries';
import { useCountry } from '../use-country';
import { sessionsAtom, type CountrySession } from './atoms';

/** The session of the route's country (or the one given), null when anonymous there. */
export function useSession(country?: CountryCode): CountrySession | null {
  const routeCountry = useCountry();
  return useAtomValue(sessionsAtom)[country ?? routeCountry];
}
