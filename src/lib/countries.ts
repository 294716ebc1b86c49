import { COUNTRIES, COUNTRY_CODES, resolveCountry, type CountryCode } from './shared/countries';

const ACTIVE_COUNTRY_KEY = 'activeCountry';

/** Top-level route names: a path that starts with one of them lacks its country prefix rather than having a bad one. */
export const COUNTRY_ROUTE_NAMES: readonly string[] = [
  'herramientas',
  'bolsa',
  'nosotros',
  'articulos',
  'iniciar-sesion',
  'registro',
  'terminos-y-condiciones',
  'mi-cuenta',
  'admin',
];

/**
 * Spec §2: the country is the first path segment; anything else falls back to co, keeping the rest of the path.
 * Returns the path to redirect to, or null when the path is already canonical.
 */
export function canonicalCountryPath(pathname: string): string | null {
  const segments = pathname.split('/').filter(Boolean);
  const [first, ...rest] = segments;
  if (first !== undefined && (COUNTRY_CODES as readonly string[]).includes(first)) return null;
  const keep = first !== undefined && COUNTRY_ROUTE_NAMES.includes(first) ? segments : rest;
  return `/${[resolveCountry(first), ...keep].join('/')}`;
}

/** Replaces the country segment of a canonical path: the country selector keeps the user on the same screen. */
export function switchCountryPath(pathname: string, country: CountryCode): string {
  const [, ...rest] = pathname.split('/').filter(Boolean);
  return `/${[country, ...rest].join('/')}`;
}

/** Spec §4: the active country lives in session storage, one per tab. */
export function getActiveCountry(): CountryCode | undefined {
  try {
    const stored = sessionStorage.getItem(ACTIVE_COUNTRY_KEY);
    return stored && stored in COUNTRIES ? (stored as CountryCode) : undefined;
  } catch {
    return undefined;
  }
}

export function setActiveCountry(country: CountryCode): void {
  try {
    sessionStorage.setItem(ACTIVE_COUNTRY_KEY, country);
  } catch {
    // Storage can be disabled (private mode); the URL still carries the country.
  }
}

export function languageOf(country: CountryCode): 'es' | 'pe' {
  return COUNTRIES[country].language;
}
