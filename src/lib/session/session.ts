import { t } from '@lingui/core/macro';
import type { createStore } from 'jotai';
import { ApiError, authClient, requestDetail } from '../http';
import type { LoginResponseDto, ProfileDto, ValidateResponseDto } from '../shared/accounts';
import { COUNTRY_CODES, type CountryCode } from '../shared/countries';
import { CACHE_NAMES } from '../shared/sw-contract';
import { appStore, flushPersistedState } from '../store';
import { expiredSessionNoticeAtom, sessionsAtom, toSessionUser } from './atoms';

type Store = ReturnType<typeof createStore>;

/** Product §4: while logging out, session validation skips; the flag clears itself after 3 s. */
const LOGGING_OUT_FLAG = 'isLoggingOut';
export const LOGGING_OUT_FLAG_MS = 3000;

export function isLoggingOut(): boolean {
  try {
    return sessionStorage.getItem(LOGGING_OUT_FLAG) === 'true';
  } catch {
    return false;
  }
}

function setLoggingOut(active: boolean): void {
  try {
    if (active) sessionStorage.setItem(LOGGING_OUT_FLAG, 'true');
    else sessionStorage.removeItem(LOGGING_OUT_FLAG);
  } catch {
    // Storage disabled: validation may run during logout, which only re-reads a session being closed.
  }
}

/**
 * Marks the country's session authenticated with the user's profile. The token itself stays in the server's HttpOnly
 * cookie: no script of the page can read it, so none can steal it.
 */
export function establishSession(
  country: CountryCode,
  profile: ProfileDto,
  expiresAt: string,
  store: Store = appStore,
): void {
  store.set(sessionsAtom, (sessions) => ({
    ...sessions,
    [country]: { country, isAuthenticated: true, user: toSessionUser(profile), lastActivity: Date.now(), expiresAt },
  }));
}

/** Whether this page knows of a session in the country (its token is the server's cookie, out of the page's reach). */
export function hasSession(country: CountryCode, store: Store = appStore): boolean {
  return Boolean(store.get(sessionsAtom)[country]);
}

/** Forgets the country's session on this page; other countries keep theirs. */
export function clearSession(country: CountryCode, store: Store = appStore): void {
  store.set(sessionsAtom, (sessions) => ({ ...sessions, [country]: null }));
}

/** Product §4: a 401 clears that country's session and shows the session-expired message. */
export function expireSession(country: CountryCode, store: Store = appStore): void {
  clearSession(country, store);
  store.set(expiredSessionNoticeAtom, country);
}

/**
 * Product §5: an e-mail already logged in another country is refused. The server enforces it too; checking here
 * first spares a round trip and keeps the message the same when the browser already knows.
 */
function assertNotLoggedElsewhere(country: CountryCode, email: string, store: Store = appStore): void {
  const sessions = store.get(sessionsAtom);
  const elsewhere = COUNTRY_CODES.some(
    (other) => other !== country && sessions[other]?.user.email.toLowerCase() === email.trim().toLowerCase(),
  );
  if (elsewhere) {
    throw new ApiError(
      t`Este usuario ya está logueado en otro país`,
      'http',
      requestDetail('POST', '/auth/email-login', 409),
      409,
    );
  }
}

export type LoginCredentials =
  { method: 'email'; email: string; password: string } | { method: 'document'; document: string; password: string };

export async function login(country: CountryCode, credentials: LoginCredentials, store: Store = appStore) {
  if (credentials.method === 'email') assertNotLoggedElsewhere(country, credentials.email, store);
  const answer =
    credentials.method === 'email'
      ? await authClient.request<LoginResponseDto>('/auth/email-login', {
          method: 'POST',
          country,
          body: { email: credentials.email.trim(), password: credentials.password },
          unauthorizedMeansExpiredSession: false,
        })
      : await authClient.request<LoginResponseDto>('/auth/document-login', {
          method: 'POST',
          country,
          body: { document: credentials.document.trim(), password: credentials.password },
          unauthorizedMeansExpiredSession: false,
        });
  if (!answer?.sessionToken) {
    throw new ApiError(t`Token de sesión no generado`, 'http', requestDetail('POST', '/auth/login', 200));
  }
  establishSession(country, answer.profile, answer.expiresAt, store);
  // A session must be on disk before the next page load reads it: wait for the write, not just start it.
  await flushPersistedState();
  return answer;
}

/**
 * Product §4: logout tells the server (which revokes the session and clears its cookie), then always clears the
 * country's session, whatever the server answered; the flag keeps validation from resurrecting it meanwhile. This
 * device's push subscription goes first (decisions.md, re-purchase reminders).
 */
export async function logout(country: CountryCode, store: Store = appStore): Promise<void> {
  setLoggingOut(true);
  const signedIn = hasSession(country, store);
  try {
    // While the session still works: this device stops getting the account's re-purchase reminders. The push code
    // loads here, not with the app shell every first visit downloads (the service worker keeps it for offline).
    if (signedIn) await (await import('../push')).forgetDevicePush(country);
    // Sent even without a known session: the cookie may outlive what this page remembers.
    await authClient.request('/auth/logout', { method: 'POST', country, body: {} });
  } catch {
    // Offline or already expired: the local session goes anyway; the server's expires by itself within a day.
  } finally {
    clearSession(country, store);
    // On disk before anything navigates: a page loaded meanwhile would restore the session from the old copy, and
    // the logging-out flag below keeps it from being validated away.
    await flushPersistedState();
    // Library files kept for offline reading are for signed-in professionals: the next person on this device
    // must not open them from the cache.
    void globalThis.caches?.delete(CACHE_NAMES.library).catch(() => false);
    setTimeout(() => setLoggingOut(false), LOGGING_OUT_FLAG_MS);
  }
}

/**
 * Re-reads one country's session from the server. Offline keeps the stored session; 401 expires it. A device that
 * says it has no network is not asked at all: the request could only fail, on the offline start beside the first
 * render's work; the sessions are read again when the connection returns (see `Providers`).
 */
export async function validateCountrySession(country: CountryCode, store: Store = appStore): Promise<void> {
  if (!hasSession(country, store) || isLoggingOut() || navigator.onLine === false) return;
  try {
    const answer = await authClient.request<ValidateResponseDto>('/auth/sso/validate', { country });
    // A logout while the answer travelled wins: writing it back would put the user in the header again after the
    // logout had cleared them (seen when the start-up validation answered just after a logout).
    if (!hasSession(country, store) || isLoggingOut()) return;
    store.set(sessionsAtom, (sessions) => ({
      ...sessions,
      [country]: {
        country,
        isAuthenticated: true,
        user: toSessionUser(answer.user),
        lastActivity: Date.now(),
        expiresAt: answer.expiresAt,
      },
    }));
  } catch (error) {
    if (error instanceof ApiError && error.kind === 'unauthorized') expireSession(country, store);
  }
}

/**
 * Product §4: on start the product validates every country with a session. The page cannot see the HttpOnly cookies, so
 * it asks about the countries it remembers a session for; a cookie whose session the page forgot (storage cleared)
 * simply waits for the next login, which replaces it.
 */
export async function validateAllSessions(store: Store = appStore): Promise<void> {
  const sessions = store.get(sessionsAtom);
  await Promise.all(
    COUNTRY_CODES.filter((country) => sessions[country]).map((country) => validateCountrySession(country, store)),
  );
}

/** After the user edits their profile, the session shows the new data at once. */
export function updateSessionProfile(country: CountryCode, profile: ProfileDto, store: Store = appStore): void {
  store.set(sessionsAtom, (sessions) => {
    const session = sessions[country];
    return session
      ? { ...sessions, [country]: { ...session, user: toSessionUser(profile), lastActivity: Date.now() } }
      : sessions;
  });
}
