import { COUNTRIES, COUNTRY_CODES, DEFAULT_COUNTRY, resolveCountry, type CountryCode } from './shared/countries';

const ACTIVE_COUNTRY_KEY = 'activeCountry';
/** The country used last on this device, kept across tabs and launches (the active one is per tab, product §4). */
const LAST_COUNTRY_KEY = 'lastCountry';

/** Top-level route names: a path that starts with one of them lacks its country prefix rather than having a bad one. */
const COUNTRY_ROUTE_NAMES: readonly string[] = [
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
 * Product §2: the country is the first path segment; anything else falls back to co, keeping the rest of the path.
 * Returns the path to redirect to, or null when the path is already canonical.
 */
export function canonicalCountryPath(pathname: string): string | null {
  const segments = pathname.split('/').filter(Boolean);
  const [first, ...rest] = segments;
  if (first !== undefined && (COUNTRY_CODES as readonly string[]).includes(first)) return null;
  // A path without any country (the installed app's start `/`, its shortcuts) opens the country used last; a bad
  // prefix falls back to co as product §2 says.
  if (first === undefined || COUNTRY_ROUTE_NAMES.includes(first)) return `/${[homeCountry(), ...segments].join('/')}`;
  return `/${[resolveCountry(first), ...rest].join('/')}`;
}

/** Replaces the country segment of a canonical path: the country selector keeps the user on the same screen. */
export function switchCountryPath(pathname: string, country: CountryCode): string {
  const [, ...rest] = pathname.split('/').filter(Boolean);
  return `/${[country, ...rest].join('/')}`;
}

/** Product §4: the active country lives in session storage, one per tab. */
export function getActiveCountry(): CountryCode | undefined {
  try {
    const stored = sessionStorage.getItem(ACTIVE_COUNTRY_KEY);
    return stored && stored in COUNTRIES ? (stored as CountryCode) : undefined;
  } catch {
    return undefined;
  }
}

function getLastCountry(): CountryCode | undefined {
  try {
    const stored = localStorage.getItem(LAST_COUNTRY_KEY);
    return stored && stored in COUNTRIES ? (stored as CountryCode) : undefined;
  } catch {
    return undefined;
  }
}

/** Where a path without a country goes: this tab's country, else the one used last on this device, else co. */
export function homeCountry(): CountryCode {
  return getActiveCountry() ?? getLastCountry() ?? DEFAULT_COUNTRY;
}

export function setActiveCountry(country: CountryCode): void {
  try {
    sessionStorage.setItem(ACTIVE_COUNTRY_KEY, country);
    localStorage.setItem(LAST_COUNTRY_KEY, country);
  } catch {
    // Storage can be disabled (private mode); the URL still carries the country.
  }
}

export function languageOf(country: CountryCode): 'es' | 'pe' {
  return COUNTRIES[country].language;
}
