import { atom } from 'jotai';
import type { ProfileDto, Role } from '../shared/accounts';
import { COUNTRY_CODES, type CountryCode } from '../shared/countries';
import { persistedAtom } from '../store';

/** Product §3, the single-sign-on client's session user. */
export interface SessionUser {
  id: number;
  uid: string;
  email: string;
  displayName: string;
  role: { id: number; name: Role };
  ecosystems: string[];
  personalInfo: ProfileDto;
}

/** Product §3, per-country session. The token itself lives in the `sso_token_<country>` cookie, never here. */
export interface CountrySession {
  country: CountryCode;
  isAuthenticated: boolean;
  user: SessionUser;
  lastActivity: number;
  expiresAt: string;
}

type SessionsState = Record<CountryCode, CountrySession | null>;

const NO_SESSIONS: SessionsState = { co: null, mx: null, pe: null };

function parseSessions(stored: unknown): SessionsState | undefined {
  if (typeof stored !== 'object' || stored === null) return undefined;
  const candidate = stored as Partial<SessionsState>;
  const sessions = { ...NO_SESSIONS };
  for (const country of COUNTRY_CODES) {
    const session = candidate[country];
    if (session && typeof session === 'object' && session.user && typeof session.user.uid === 'string') {
      sessions[country] = session;
    }
  }
  return sessions;
}

export const sessionsAtom = persistedAtom<SessionsState>('sessions', NO_SESSIONS, parseSessions);

/** Countries whose session was found expired: the layout tells the user once, then clears the flag. */
export const expiredSessionNoticeAtom = atom<CountryCode | null>(null);

export function toSessionUser(profile: ProfileDto): SessionUser {
  return {
    id: profile.id,
    uid: profile.uid,
    email: profile.email,
    displayName: profile.display_name ?? '',
    role: profile.role,
    ecosystems: profile.ecosystems ?? [],
    personalInfo: profile,
  };
}
