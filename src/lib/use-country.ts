import { useParams } from 'react-router';
import { resolveCountry, type CountryCode } from './shared/countries';

/** The country of the current route (`:locale`); routes outside a country default to co. */
export function useCountry(): CountryCode {
  return resolveCountry(useParams().locale);
}
