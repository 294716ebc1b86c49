import type { DynamicAuthResponseDto, LoginResponseDto, ValidateResponseDto } from '../../../src/lib/shared/accounts';
import { COUNTRIES, type CountryCode } from '../../../src/lib/shared/countries';
import type { SessionRow, UserRow } from '../db/schema';
import type { AppContext } from '../http/app-env';
import { clientAddress } from '../http/client-address';
import { requestCountry } from '../http/country';
import { Refusal } from '../refusal';
import type { Services } from '../http/services';
import { setSessionCookie } from '../sessions/cookie';
import { openSession } from '../sessions/repo';
import {
  ECOSYSTEMS,
  findUserByDocument,
  findUserByEmail,
  normalizeDocument,
  normalizeEmail,
  roleDto,
  toProfileDto,
} from '../users/repo';
import { verifyPassword } from './passwords';

export const WRONG_EMAIL_LOGIN_MESSAGE = 'Correo o contraseña incorrectos.';
export const WRONG_DOCUMENT_LOGIN_MESSAGE = 'Documento o contraseña incorrectos.';
export const WRONG_IDENTIFIER_LOGIN_MESSAGE = 'Correo, documento o contraseña incorrectos.';

interface LoginResult {
  user: UserRow;
  token: string;
  session: SessionRow;
  country: CountryCode;
}

interface PasswordLogin {
  kind: 'email' | 'document';
  identifier: string;
  password: string;
  failureMessage: string;
}

/**
 * Opens the session of `user` for the request's country (`x-country`, else co) and hands its token to the browser as
 * the HttpOnly cookie of that country.
 */
export async function startSession(services: Services, c: AppContext, user: UserRow): Promise<LoginResult> {
  const country = requestCountry(c);
  const { token, session } = await openSession(
    services.db,
    user.id,
    COUNTRIES[country].countryId,
    services.sessionIdleTimeoutMs,
  );
  setSessionCookie(c, country, token);
  return { user, token, session, country };
}

/**
 * E-mail or document plus password. Rate limits per (account, client address) and per address are checked before
 * the password;
 * an unknown account costs the same hashing time as a known one.
 */
export async function passwordLogin(services: Services, c: AppContext, login: PasswordLogin): Promise<LoginResult> {
  const { db, limits } = services;
  const user =
    login.kind === 'email'
      ? await findUserByEmail(db, login.identifier)
      : await findUserByDocument(db, login.identifier);
  const normalized = login.kind === 'email' ? normalizeEmail(login.identifier) : normalizeDocument(login.identifier);
  const accountKey = user ? `user:${user.id}` : `${login.kind}:${normalized}`;
  const address = clientAddress(c, services.trustProxy);
  await limits.assertLoginAllowed(accountKey, address);
  const valid = await verifyPassword(user?.password_hash, login.password);
  if (!user || !valid) {
    await limits.loginFailed(accountKey, address);
    throw new Refusal(401, login.failureMessage);
  }
  await limits.loginSucceeded(accountKey, address);
  return startSession(services, c, user);
}

export function toLoginResponse({ user, token, session, country }: LoginResult): LoginResponseDto {
  return {
    sessionToken: token,
    id: user.id,
    uid: user.uid,
    email: user.email,
    display_name: user.display_name,
    role: roleDto(user),
    ecosystems: ECOSYSTEMS,
    country,
    expiresAt: session.expires_at.toISOString(),
    profile: toProfileDto(user),
  };
}

export function toDynamicResponse({ user, token, session }: LoginResult): DynamicAuthResponseDto {
  return { token, user: toProfileDto(user), expiresAt: session.expires_at.toISOString() };
}

export function toValidateResponse(user: UserRow, session: SessionRow): ValidateResponseDto {
  return { valid: true, ecosystems: ECOSYSTEMS, user: toProfileDto(user), expiresAt: session.expires_at.toISOString() };
}
