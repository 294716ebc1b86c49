import type { Context } from 'hono';
import { getCookie, setCookie } from 'hono/cookie';
import type { CountryCode } from '../../../src/lib/shared/countries';

/** Product §9: `sso_token_<country>`, one day, path /, Secure, SameSite Strict; HttpOnly so no page script reads it. */
const SESSION_COOKIE_MAX_AGE_S = 86_400;
const COOKIE_PREFIX = 'sso_token';

function sessionCookieName(country: CountryCode | null): string {
  return country ? `${COOKIE_PREFIX}_${country}` : COOKIE_PREFIX;
}

function writeCookie(c: Context, country: CountryCode, value: string, maxAge: number): void {
  setCookie(c, sessionCookieName(country), value, {
    httpOnly: true,
    secure: true,
    sameSite: 'Strict',
    path: '/',
    maxAge,
  });
}

/** Every answer that opens a session hands its token to the browser this way, and only this way. */
export function setSessionCookie(c: Context, country: CountryCode, token: string): void {
  writeCookie(c, country, token, SESSION_COOKIE_MAX_AGE_S);
}

export function clearSessionCookie(c: Context, country: CountryCode): void {
  writeCookie(c, country, '', 0);
}

/**
 * The session cookies a request may use: only its own country's when it names one (`x-country`), so two countries'
 * sessions never mix; without a header (an `<img>` or a link opening a private file), the spec's fallback order
 * (generic, co, pe, mx).
 */
export function sessionCookieTokens(c: Context, country: CountryCode | undefined): string[] {
  const cookies = getCookie(c);
  const names = country
    ? [sessionCookieName(country)]
    : [sessionCookieName(null), ...(['co', 'pe', 'mx'] as const).map(sessionCookieName)];
  return names.map((name) => cookies[name]).filter((value): value is string => Boolean(value));
}
