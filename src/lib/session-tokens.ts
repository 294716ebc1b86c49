import type { CountryCode } from './shared/countries';

// Spec §9: cookie `sso_token_<country>`, 1 day, path /, secure, sameSite strict; localStorage when cookies fail.
const TOKEN_PREFIX = 'sso_token';
const TOKEN_LIFETIME_S = 86_400;
/** Spec §9: with no country to go by, the generic token, then co, pe, mx. */
const FALLBACK_ORDER: readonly (CountryCode | null)[] = [null, 'co', 'pe', 'mx'];

function tokenName(country: CountryCode | null): string {
  return country ? `${TOKEN_PREFIX}_${country}` : TOKEN_PREFIX;
}

function readCookie(name: string): string | undefined {
  const prefix = `${name}=`;
  for (const part of document.cookie.split(';')) {
    const trimmed = part.trim();
    if (trimmed.startsWith(prefix)) return decodeURIComponent(trimmed.slice(prefix.length)) || undefined;
  }
  return undefined;
}

function readStorage(name: string): string | undefined {
  try {
    return localStorage.getItem(name) ?? undefined;
  } catch {
    return undefined;
  }
}

export function readToken(country: CountryCode | null): string | undefined {
  const name = tokenName(country);
  return readCookie(name) ?? readStorage(name);
}

export function storeToken(country: CountryCode, token: string): void {
  const name = tokenName(country);
  document.cookie = `${name}=${encodeURIComponent(token)}; Max-Age=${TOKEN_LIFETIME_S}; Path=/; Secure; SameSite=Strict`;
  try {
    // Browsers that refuse the cookie (insecure origin, cookies blocked) keep the token here instead.
    if (readCookie(name) === token) localStorage.removeItem(name);
    else localStorage.setItem(name, token);
  } catch {
    // Nothing more to do: the session simply will not survive a reload.
  }
}

export function clearToken(country: CountryCode): void {
  const name = tokenName(country);
  document.cookie = `${name}=; Max-Age=0; Path=/; Secure; SameSite=Strict`;
  try {
    localStorage.removeItem(name);
  } catch {
    // Storage disabled: there was nothing stored there either.
  }
}

/**
 * The bearer token of a request. A known country uses only its own token, so sessions of two countries never mix;
 * the spec's fallback chain applies only when no country is known.
 */
export function pickToken(country: CountryCode | undefined): string | undefined {
  if (country) return readToken(country);
  for (const candidate of FALLBACK_ORDER) {
    const token = readToken(candidate);
    if (token) return token;
  }
  return undefined;
}
