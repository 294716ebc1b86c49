import { documentLoginSchema, emailLoginSchema, oidcLoginSchema } from '../../../src/lib/shared/login-schemas';
import type { DynamicAuthResponseDto, LoginResponseDto, ValidateResponseDto } from '../../../src/lib/shared/accounts';
import { databaseChecks } from '../forms/checks';
import { buildForm, DOCUMENT_TAKEN_MESSAGE, EMAIL_TAKEN_MESSAGE } from '../forms/definitions';
import { validateForm } from '../forms/engine';
import { formErrorsResponse, formOrNotFound } from '../forms/routes';
import { INVALID_SESSION_MESSAGE, optionalViewer, pathParam, viewerOf, type Api } from '../http/auth';
import type { AppContext } from '../http/app-env';
import { formValuesSchema, logoutBodySchema } from '../../../src/lib/shared/form-schemas';
import { clientAddress } from '../http/client-address';
import { requestCountry } from '../http/country';
import { Refusal } from '../refusal';
import type { Services } from '../http/services';
import { clearSessionCookie, setSessionCookie } from '../sessions/cookie';
import { looksLikeToken, revokeSession, revokeToken } from '../sessions/repo';
import { findUserByEmail } from '../users/repo';
import {
  passwordLogin,
  startSession,
  toDynamicResponse,
  toLoginResponse,
  toValidateResponse,
  WRONG_DOCUMENT_LOGIN_MESSAGE,
  WRONG_EMAIL_LOGIN_MESSAGE,
  WRONG_IDENTIFIER_LOGIN_MESSAGE,
} from './login';
import { OIDC_NOT_CONFIGURED_MESSAGE } from './oidc';
import { hashPassword } from './passwords';
import { registerUser } from './registration';

export const NO_ACCOUNT_FOR_EMAIL_MESSAGE = 'No existe una cuenta con este correo. Regístrate primero.';

export function registerAuthRoutes(api: Api, services: Services): void {
  const { db } = services;

  /** The e-mail and the document sign-ins differ only in the identifier and the words of a failure. */
  const passwordLoginAnswer = async (
    c: AppContext,
    kind: 'email' | 'document',
    identifier: string,
    password: string,
  ) => {
    const failureMessage = kind === 'email' ? WRONG_EMAIL_LOGIN_MESSAGE : WRONG_DOCUMENT_LOGIN_MESSAGE;
    const result = await passwordLogin(services, c, { kind, identifier, password, failureMessage });
    return c.json<LoginResponseDto>(toLoginResponse(result));
  };

  api.post('/auth/email-login', { access: 'public', body: emailLoginSchema }, async (c) => {
    const { email, password } = c.req.valid('json');
    return passwordLoginAnswer(c, 'email', email, password);
  });

  api.post('/auth/document-login', { access: 'public', body: documentLoginSchema }, async (c) => {
    const { document, password } = c.req.valid('json');
    return passwordLoginAnswer(c, 'document', document, password);
  });

  api.post('/auth/login', { access: 'public', body: oidcLoginSchema }, async (c) => {
    if (!services.oidc) throw new Refusal(501, OIDC_NOT_CONFIGURED_MESSAGE);
    const { idToken } = c.req.valid('json');
    const email = await services.oidc.verifiedEmail(idToken);
    const user = await findUserByEmail(db, email);
    if (!user) throw new Refusal(404, NO_ACCOUNT_FOR_EMAIL_MESSAGE);
    return c.json<LoginResponseDto>(toLoginResponse(await startSession(services, c, user)));
  });

  api.get(
    '/auth/sso/validate',
    { access: 'authenticated', messages: { missing: INVALID_SESSION_MESSAGE, invalid: INVALID_SESSION_MESSAGE } },
    (c) => {
      const { user, session } = viewerOf(c);
      return c.json<ValidateResponseDto>(toValidateResponse(user, session));
    },
  );

  // Public: logging out never fails, whatever the token (unknown, expired, another country's) — product §4. The
  // country's cookie is cleared; the session it names is revoked when the request came from the storefront itself
  // (the auth middleware then found it as the viewer).
  api.post('/auth/logout', { access: 'public' }, async (c) => {
    // Never refused: a body that is not JSON, or whose token is not text, has no token to revoke.
    const body = logoutBodySchema.parse(await c.req.json().catch(() => undefined));
    const bearer = /^Bearer\s+(\S+)\s*$/i.exec(c.req.header('authorization') ?? '')?.[1];
    for (const token of new Set([bearer, body.token].filter(looksLikeToken))) await revokeToken(db, token);
    const viewer = optionalViewer(c);
    if (viewer) await revokeSession(db, viewer.session.id);
    clearSessionCookie(c, requestCountry(c));
    return c.body(null, 204);
  });

  const dynamicForm = { access: 'public', body: formValuesSchema } as const;
  api.post('/auth/dynamic/login/:key', dynamicForm, async (c) => {
    const ref = formOrNotFound(pathParam(c, 'key'), (candidate) => candidate.kind === 'login');
    const schema = buildForm(ref, requestCountry(c));
    const { errors, values } = await validateForm(schema, c.req.valid('json'), databaseChecks(db));
    if (errors.length > 0) throw formErrorsResponse(schema, errors);
    const identifier = String(values.identifier ?? '');
    const result = await passwordLogin(services, c, {
      kind: identifier.includes('@') ? 'email' : 'document',
      identifier,
      password: String(values.password ?? ''),
      failureMessage: WRONG_IDENTIFIER_LOGIN_MESSAGE,
    });
    return c.json<DynamicAuthResponseDto>(toDynamicResponse(result));
  });

  api.post('/auth/dynamic/register/:key', dynamicForm, async (c) => {
    const ref = formOrNotFound(pathParam(c, 'key'), (candidate) => candidate.kind !== 'login');
    // A 409 tells that an e-mail or document has an account: limited like check-existence.
    await services.limits.assertExistenceLookup(clientAddress(c, services.trustProxy));
    const country = requestCountry(c);
    const schema = buildForm(ref, country);
    const { errors, values } = await validateForm(schema, c.req.valid('json'), databaseChecks(db));
    if (errors.length > 0) {
      const duplicates = errors.filter(
        (error) => error.message === EMAIL_TAKEN_MESSAGE || error.message === DOCUMENT_TAKEN_MESSAGE,
      );
      // Only a taken e-mail or document left: the account exists, a conflict rather than bad input.
      throw formErrorsResponse(schema, errors, duplicates.length === errors.length ? 409 : 400);
    }
    const passwordHash = await hashPassword(String(values.password));
    const client = { address: clientAddress(c, services.trustProxy), userAgent: c.req.header('user-agent') ?? null };
    const registered = await registerUser(db, { form: ref, values, passwordHash, country, client });
    setSessionCookie(c, country, registered.token);
    return c.json<DynamicAuthResponseDto>(toDynamicResponse(registered), 201);
  });
}
