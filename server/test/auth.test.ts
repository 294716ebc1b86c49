import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type {
  DynamicAuthResponseDto,
  LoginResponseDto,
  ProfileDto,
  ValidateResponseDto,
} from '../../src/lib/shared/accounts';
import type { ApiErrorBody } from '../../src/lib/shared/api-types';
import { COUNTRIES } from '../../src/lib/shared/countries';
import { DEFAULT_ACCOUNT_LIMITS } from '../src/auth/limits';
import { memoryLimiterStore, WindowLimiter } from '../src/http/rate-limit';
import { DEMO_PASSWORD } from '../src/db/seed/demo-users';
import type { UserRow } from '../src/db/schema';
import { hashToken, newToken } from '../src/sessions/repo';
import {
  authHeaders,
  createTestContext,
  createUser,
  jsonRequest,
  loginAs,
  sessionFor,
  userByEmail,
  type TestContext,
} from './helpers';
import { startTestIssuer, type TestIssuer } from './oidc-issuer';

const EXPIRED = 'Tu sesión expiró o no tienes permisos. Inicia sesión nuevamente.';
const TOO_MANY = 'Demasiados intentos de inicio de sesión. Espera unos minutos e inténtalo de nuevo.';
const CLIENT_ID = 'dispensario-pruebas';

let ctx: TestContext;
let issuer: TestIssuer;
let address = 0;
/** A fresh client address per call, so tests do not share the per-address failure budget. */
const freshAddress = () => `198.51.100.${(address += 1)}`;

beforeAll(async () => {
  [ctx, issuer] = await Promise.all([createTestContext(), startTestIssuer(CLIENT_ID)]);
});

afterAll(async () => {
  await Promise.all([ctx?.close(), issuer?.close()]);
});

async function post(path: string, body: unknown, headers: Record<string, string> = {}, app = ctx.app) {
  return app.request(`/api${path}`, jsonRequest('POST', body, { 'x-forwarded-for': freshAddress(), ...headers }));
}

async function body<T>(response: Response): Promise<T> {
  return (await response.json()) as T;
}

async function freshUser(role: UserRow['role'] = 'doctor'): Promise<UserRow> {
  return createUser(ctx, { role });
}

describe('POST /api/auth/email-login', () => {
  it('answers the product §3 login fields, the profile, the country and the expiry', async () => {
    const response = await post('/auth/email-login', { email: 'medico.co@demo.test', password: DEMO_PASSWORD });
    expect(response.status).toBe(200);
    const login = await body<LoginResponseDto>(response);
    expect(login.sessionToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(login).toMatchObject({
      email: 'medico.co@demo.test',
      display_name: 'Carolina Mejía Duarte',
      role: { id: 1, name: 'doctor' },
      ecosystems: ['dispensario'],
      country: 'co',
    });
    const hours = (Date.parse(login.expiresAt) - Date.now()) / 3_600_000;
    expect(hours).toBeGreaterThan(23.9);
    expect(hours).toBeLessThanOrEqual(24);
    expect(login.profile).toMatchObject({
      id: login.id,
      uid: login.uid,
      first_name: 'Carolina',
      role_id: 1,
      approval_status: 'approved',
      country_id: 1,
      document_type_id: 1,
      purchase_level_id: 1,
      required_change_password: false,
      profile_image_url: null,
      ecosystems: ['dispensario'],
    });
    await post('/auth/logout', {}, authHeaders(login.sessionToken));
  });

  it('ignores case and spaces around the e-mail', async () => {
    const response = await post('/auth/email-login', { email: '  PROFESIONAL.CO@Demo.Test ', password: DEMO_PASSWORD });
    expect(response.status).toBe(200);
    await post('/auth/logout', {}, authHeaders((await body<LoginResponseDto>(response)).sessionToken));
  });

  it('lists every missing field with "Campo obligatorio"', async () => {
    const response = await post('/auth/email-login', {});
    expect(response.status).toBe(400);
    const error = await body<ApiErrorBody & { fieldErrors: unknown }>(response);
    expect(error.message).toBe('Revisa los datos del formulario.');
    expect(error.errors).toEqual(['Campo obligatorio', 'Campo obligatorio']);
    expect(error.fieldErrors).toEqual([
      { field: 'email', message: 'Campo obligatorio' },
      { field: 'password', message: 'Campo obligatorio' },
    ]);
  });

  it('refuses a malformed e-mail at its field, in the one refusal shape', async () => {
    for (const email of ['medico.co@demo', 'medico.co@demo.t', 'medico co@demo.test']) {
      const response = await post('/auth/email-login', { email, password: DEMO_PASSWORD });
      expect(response.status, email).toBe(400);
      expect(await body<ApiErrorBody & { fieldErrors: unknown }>(response)).toEqual({
        message: 'Revisa los datos del formulario.',
        errors: ['Escribe un correo electrónico válido.'],
        fieldErrors: [{ field: 'email', message: 'Escribe un correo electrónico válido.' }],
      });
    }
  });

  it.each([
    ['a wrong password', { email: 'medico.co@demo.test', password: 'Otra1234' }],
    ['an unknown e-mail', { email: 'nadie@demo.test', password: DEMO_PASSWORD }],
  ])('refuses %s with one message that does not tell which', async (_case, credentials) => {
    const response = await post('/auth/email-login', credentials);
    expect(response.status).toBe(401);
    expect(await body<ApiErrorBody>(response)).toEqual({ message: 'Correo o contraseña incorrectos.' });
  });

  it.each(['no es json', '[1,2]', '"texto"'])('answers a body that is not a JSON object (%s) with 400', async (raw) => {
    const response = await ctx.app.request('/api/auth/email-login', jsonRequest('POST', raw));
    expect(response.status).toBe(400);
  });

  it('never 500s on odd values', async () => {
    for (const payload of [
      { email: 42, password: true },
      { email: ['a'], password: {} },
      { email: 'a\u0000b@x.co', password: 'x' },
      { email: 'x'.repeat(300), password: 'x' },
      { email: 'medico.co@demo.test', password: 'x'.repeat(5000) },
    ]) {
      const response = await post('/auth/email-login', payload);
      expect([400, 401]).toContain(response.status);
    }
  });
});

describe('POST /api/auth/document-login', () => {
  it('logs in with the document, ignoring dots and spaces', async () => {
    const response = await post('/auth/document-login', { document: '52.345.672', password: DEMO_PASSWORD });
    expect(response.status).toBe(200);
    const login = await body<LoginResponseDto>(response);
    expect(login.email).toBe('profesional.co@demo.test');
    await post('/auth/logout', {}, authHeaders(login.sessionToken));
  });

  it('refuses wrong credentials and missing fields', async () => {
    const wrong = await post('/auth/document-login', { document: '52345672', password: 'Mala1234' });
    expect(wrong.status).toBe(401);
    expect((await body<ApiErrorBody>(wrong)).message).toBe('Documento o contraseña incorrectos.');
    const unknown = await post('/auth/document-login', { document: '11111111', password: DEMO_PASSWORD });
    expect(unknown.status).toBe(401);
    const missing = await post('/auth/document-login', { document: '52345672' });
    expect(missing.status).toBe(400);
    expect((await body<ApiErrorBody>(missing)).errors).toEqual(['Campo obligatorio']);
  });
});

describe('POST /api/auth/dynamic/login/{key}', () => {
  it('accepts the login form values by key or id, with an e-mail or a document', async () => {
    const byEmail = await post('/auth/dynamic/login/inicio-sesion', {
      identifier: 'paciente.pe@demo.test',
      password: DEMO_PASSWORD,
    });
    expect(byEmail.status).toBe(200);
    const first = await body<DynamicAuthResponseDto>(byEmail);
    expect(first.user.email).toBe('paciente.pe@demo.test');
    expect(first.user.role).toEqual({ id: 0, name: 'patient' });
    expect(first.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    await post('/auth/logout', { token: first.token });

    const byDocument = await post('/auth/dynamic/login/4', { identifier: '71345674', password: DEMO_PASSWORD });
    expect(byDocument.status).toBe(200);
    await post('/auth/logout', { token: (await body<DynamicAuthResponseDto>(byDocument)).token });
  });

  it('validates with the form engine and refuses wrong credentials', async () => {
    const empty = await post('/auth/dynamic/login/inicio-sesion', {});
    expect(empty.status).toBe(400);
    const error = await body<ApiErrorBody & { fieldErrors: { field: string }[] }>(empty);
    expect(error.message).toBe('Campo obligatorio');
    expect(error.fieldErrors.map((item) => item.field)).toEqual(['identifier', 'password']);
    const wrong = await post('/auth/dynamic/login/4', { identifier: 'paciente.pe@demo.test', password: 'x' });
    expect(wrong.status).toBe(401);
    expect((await body<ApiErrorBody>(wrong)).message).toBe('Correo, documento o contraseña incorrectos.');
  });

  it('is 404 for a form that is not the login form', async () => {
    const response = await post('/auth/dynamic/login/registro-medico', { identifier: 'a@b.co', password: 'x' });
    expect(response.status).toBe(404);
    expect((await body<ApiErrorBody>(response)).message).toBe('Formulario no encontrado.');
  });
});

describe('sessions', () => {
  it('stores only the SHA-256 of the token', async () => {
    const user = await freshUser();
    const login = await loginAs(ctx.app, user.email, { address: freshAddress() });
    const rows = await ctx.database.db.selectFrom('sessions').selectAll().where('user_id', '=', user.id).execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]?.token_hash).toBe(createHash('sha256').update(login.sessionToken).digest('hex'));
    expect(JSON.stringify(rows)).not.toContain(login.sessionToken);
  });

  it('a login sweeps its user’s sessions that ended over a month ago', async () => {
    const user = await freshUser();
    await ctx.database.db
      .insertInto('sessions')
      .values({
        token_hash: 'f'.repeat(64),
        user_id: user.id,
        country_id: 1,
        expires_at: new Date(Date.now() - 40 * 86_400_000),
      })
      .execute();
    await loginAs(ctx.app, user.email, { address: freshAddress() });
    const rows = await ctx.database.db
      .selectFrom('sessions')
      .select('token_hash')
      .where('user_id', '=', user.id)
      .execute();
    expect(rows.map((row) => row.token_hash)).not.toContain('f'.repeat(64));
    expect(rows).toHaveLength(1);
  });

  it('rotates: a second login in the same country revokes the first token', async () => {
    const user = await freshUser();
    const first = await loginAs(ctx.app, user.email, { address: freshAddress() });
    const second = await loginAs(ctx.app, user.email, { address: freshAddress() });
    expect(second.sessionToken).not.toBe(first.sessionToken);
    const old = await ctx.app.request('/api/auth/profile', { headers: authHeaders(first.sessionToken) });
    expect(old.status).toBe(401);
    expect((await body<ApiErrorBody>(old)).message).toBe(EXPIRED);
    const current = await ctx.app.request('/api/auth/profile', { headers: authHeaders(second.sessionToken) });
    expect(current.status).toBe(200);
  });

  it('refuses a login in another country while a session is active, until logout (product §5)', async () => {
    const user = await freshUser('patient');
    const co = await loginAs(ctx.app, user.email, { country: 'co', address: freshAddress() });
    const mx = await post('/auth/email-login', { email: user.email, password: DEMO_PASSWORD }, { 'x-country': 'mx' });
    expect(mx.status).toBe(409);
    expect(await body<ApiErrorBody>(mx)).toEqual({ message: 'Este usuario ya está logueado en otro país' });
    // The Colombian session is untouched by the refused attempt.
    expect((await ctx.app.request('/api/auth/profile', { headers: authHeaders(co.sessionToken) })).status).toBe(200);

    const logout = await post('/auth/logout', { token: co.sessionToken }, authHeaders(co.sessionToken));
    expect(logout.status).toBe(204);
    const again = await loginAs(ctx.app, user.email, { country: 'mx', address: freshAddress() });
    expect(again.country).toBe('mx');
    expect(again.profile.country_id).toBe(1);
  });

  it('an expired session is refused and no longer holds the country', async () => {
    const user = await freshUser();
    const login = await loginAs(ctx.app, user.email, { country: 'pe', address: freshAddress() });
    await ctx.database.db
      .updateTable('sessions')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('user_id', '=', user.id)
      .execute();
    const profile = await ctx.app.request('/api/auth/profile', { headers: authHeaders(login.sessionToken) });
    expect(profile.status).toBe(401);
    expect((await body<ApiErrorBody>(profile)).message).toBe(EXPIRED);
    const validate = await ctx.app.request('/api/auth/sso/validate', { headers: authHeaders(login.sessionToken) });
    expect(validate.status).toBe(401);
    expect((await body<ApiErrorBody>(validate)).message).toBe('Sesión inválida');
    await loginAs(ctx.app, user.email, { country: 'co', address: freshAddress() });
  });

  it('a token sent with another country in x-country is an invalid session', async () => {
    const token = await sessionFor(ctx, 'profesional.mx@demo.test', 'mx');
    const mismatch = await ctx.app.request('/api/auth/profile', { headers: authHeaders(token, 'co') });
    expect(mismatch.status).toBe(401);
    expect(await body<ApiErrorBody>(mismatch)).toEqual({ message: 'Sesión inválida' });
    expect((await ctx.app.request('/api/auth/profile', { headers: authHeaders(token, 'mx') })).status).toBe(200);
    expect((await ctx.app.request('/api/auth/profile', { headers: authHeaders(token) })).status).toBe(200);
  });

  it.each([
    ['a tampered token', (token: string) => `${token.slice(0, -2)}${token.endsWith('AA') ? 'BB' : 'AA'}`],
    ['a token of the wrong shape', () => 'no-es-un-token'],
    ['an unknown well-formed token', () => 'A'.repeat(43)],
  ])('%s is refused with the session-expired message', async (_case, mangle) => {
    const token = await sessionFor(ctx, 'pendiente.co@demo.test');
    const response = await ctx.app.request('/api/auth/profile', { headers: authHeaders(mangle(token)) });
    expect(response.status).toBe(401);
    expect((await body<ApiErrorBody>(response)).message).toBe(EXPIRED);
  });

  it('without a token the message says no token is available', async () => {
    const response = await ctx.app.request('/api/auth/profile');
    expect(response.status).toBe(401);
    expect((await body<ApiErrorBody>(response)).message).toBe('No hay un token de autenticación disponible.');
  });
});

describe('GET /api/auth/sso/validate and /api/auth/profile', () => {
  it('validate answers valid, ecosystems, the user and the expiry', async () => {
    const token = await sessionFor(ctx, 'paciente.co@demo.test');
    const response = await ctx.app.request('/api/auth/sso/validate', { headers: authHeaders(token, 'co') });
    expect(response.status).toBe(200);
    const validation = await body<ValidateResponseDto>(response);
    expect(validation.valid).toBe(true);
    expect(validation.ecosystems).toEqual(['dispensario']);
    expect(validation.user.email).toBe('paciente.co@demo.test');
    expect(validation.user.doctor_id).toBe((await userByEmail(ctx, 'medico.co@demo.test')).id);
  });

  it('validate without a token is "Sesión inválida"', async () => {
    const response = await ctx.app.request('/api/auth/sso/validate');
    expect(response.status).toBe(401);
    expect(await body<ApiErrorBody>(response)).toEqual({ message: 'Sesión inválida' });
  });

  it('the profile answers the same with and without the trailing slash', async () => {
    const token = await sessionFor(ctx, 'admin@demo.test');
    const plain = await ctx.app.request('/api/auth/profile', { headers: authHeaders(token) });
    const slash = await ctx.app.request('/api/auth/profile/', { headers: authHeaders(token) });
    expect(plain.status).toBe(200);
    expect(slash.status).toBe(200);
    const profile = await body<ProfileDto>(plain);
    expect(await body<ProfileDto>(slash)).toEqual(profile);
    expect(profile.role).toEqual({ id: 3, name: 'admin' });
    expect(profile).not.toHaveProperty('password_hash');
  });
});

describe('POST /api/auth/logout', () => {
  it('revokes the bearer token; the body token alone works too', async () => {
    const user = await freshUser();
    const viaBearer = await sessionFor(ctx, user.email);
    expect((await post('/auth/logout', {}, authHeaders(viaBearer))).status).toBe(204);
    expect((await ctx.app.request('/api/auth/profile', { headers: authHeaders(viaBearer) })).status).toBe(401);
    const viaBody = await sessionFor(ctx, user.email);
    expect((await post('/auth/logout', { token: viaBody })).status).toBe(204);
    expect((await ctx.app.request('/api/auth/profile', { headers: authHeaders(viaBody) })).status).toBe(401);
  });

  it('an unknown, malformed or missing token is still 204', async () => {
    expect((await post('/auth/logout', { token: 'A'.repeat(43) })).status).toBe(204);
    expect((await post('/auth/logout', { token: 12 })).status).toBe(204);
    expect((await post('/auth/logout', 'no json')).status).toBe(204);
    expect((await post('/auth/logout', {}, { authorization: 'Bearer x' })).status).toBe(204);
  });
});

describe('rate limits', () => {
  it('5 failures of one account from one address → 429 with Retry-After there, even with the right password', async () => {
    const user = await freshUser();
    const address = freshAddress();
    const from = { 'x-forwarded-for': address };
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const response = await post('/auth/email-login', { email: user.email, password: `Mala${attempt}xx1` }, from);
      expect(response.status).toBe(401);
    }
    const blocked = await post('/auth/email-login', { email: user.email, password: DEMO_PASSWORD }, from);
    expect(blocked.status).toBe(429);
    expect(await body<ApiErrorBody>(blocked)).toEqual({ message: TOO_MANY });
    const retryAfter = Number(blocked.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(30);
    // The account is the same whether it is named by e-mail or by document.
    const byDocument = await post(
      '/auth/document-login',
      { document: user.document_number, password: DEMO_PASSWORD },
      from,
    );
    expect(byDocument.status).toBe(429);
  });

  it('a successful login clears the failures of its (account, address)', async () => {
    const user = await freshUser();
    const address = freshAddress();
    const attempt = (password: string) =>
      post('/auth/email-login', { email: user.email, password }, { 'x-forwarded-for': address });
    for (let index = 0; index < 4; index += 1) expect((await attempt('Mala1234')).status).toBe(401);
    const ok = await attempt(DEMO_PASSWORD);
    expect(ok.status).toBe(200);
    for (let index = 0; index < 4; index += 1) expect((await attempt('Mala1234')).status).toBe(401);
  });

  it('failures from one address beyond its generous limit → 429 for any account from that address only', async () => {
    const app = ctx.makeApp({ limits: { ...DEFAULT_ACCOUNT_LIMITS, addressFailures: { limit: 8, windowMs: 60_000 } } });
    const address = freshAddress();
    for (let index = 0; index < 8; index += 1) {
      const response = await post(
        '/auth/email-login',
        { email: `desconocido${index}@demo.test`, password: 'Mala1234' },
        { 'x-forwarded-for': address },
        app,
      );
      expect(response.status).toBe(401);
    }
    const blocked = await post(
      '/auth/email-login',
      { email: 'medico.mx@demo.test', password: DEMO_PASSWORD },
      { 'x-forwarded-for': `10.0.0.1, ${address}` },
      app,
    );
    expect(blocked.status).toBe(429);
    expect(blocked.headers.get('retry-after')).toMatch(/^\d+$/);
    // Another address is not affected.
    const elsewhere = await post('/auth/email-login', { email: 'medico.mx@demo.test', password: 'Mala1234' }, {}, app);
    expect(elsewhere.status).toBe(401);
  });

  it('without TRUST_PROXY, X-Forwarded-For is ignored: every request counts for the socket address', async () => {
    const app = ctx.makeApp({
      trustProxy: 0,
      limits: { ...DEFAULT_ACCOUNT_LIMITS, addressFailures: { limit: 20, windowMs: 60_000 } },
    });
    for (let index = 0; index < 20; index += 1) {
      const response = await post('/auth/email-login', { email: `otro${index}@demo.test`, password: 'x' }, {}, app);
      expect(response.status).toBe(401);
    }
    expect((await post('/auth/email-login', { email: 'x@demo.test', password: 'x' }, {}, app)).status).toBe(429);
  });

  it('the window opens with the first event and forgets its events once it ends', async () => {
    vi.useFakeTimers({ toFake: ['Date', 'setTimeout', 'clearTimeout'] });
    try {
      const limiter = new WindowLimiter({ limit: 2, windowMs: 60_000 }, memoryLimiterStore(), 'test');
      await limiter.record('k');
      vi.advanceTimersByTime(30_000);
      expect(await limiter.take('k')).toBeUndefined();
      expect(await limiter.retryAfterSeconds('k')).toBe(30);
      expect(await limiter.take('k')).toBe(30);
      vi.advanceTimersByTime(30_001);
      expect(await limiter.retryAfterSeconds('k')).toBeUndefined();
      await limiter.record('k');
      await limiter.record('k');
      expect(await limiter.retryAfterSeconds('k')).toBe(60);
      await limiter.reset('k');
      expect(await limiter.retryAfterSeconds('k')).toBeUndefined();
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('POST /api/auth/access', () => {
  it('changes the password after checking the current one', async () => {
    const user = await freshUser('patient');
    const token = await sessionFor(ctx, user.email);
    const headers = authHeaders(token);
    const wrong = await post('/auth/access', { currentPassword: 'Mala1234', newPassword: 'Nueva12345' }, headers);
    expect(wrong.status).toBe(401);
    expect((await body<ApiErrorBody>(wrong)).message).toBe('La contraseña actual no es correcta.');
    const weak = await post('/auth/access', { currentPassword: DEMO_PASSWORD, newPassword: 'solotexto' }, headers);
    expect(weak.status).toBe(400);
    expect((await body<ApiErrorBody & { fieldErrors: unknown }>(weak)).fieldErrors).toEqual([
      { field: 'newPassword', message: 'La contraseña debe tener al menos 8 caracteres e incluir letras y números.' },
    ]);
    const nothing = await post('/auth/access', { currentPassword: DEMO_PASSWORD }, headers);
    expect(nothing.status).toBe(400);
    const ok = await post('/auth/access', { currentPassword: DEMO_PASSWORD, newPassword: 'Nueva12345' }, headers);
    expect(ok.status).toBe(200);
    await post('/auth/logout', {}, headers);
    const old = await post('/auth/email-login', { email: user.email, password: DEMO_PASSWORD });
    expect(old.status).toBe(401);
    await loginAs(ctx.app, user.email, { password: 'Nueva12345', address: freshAddress() });
    const notice = await ctx.database.db
      .selectFrom('outbox_emails')
      .selectAll()
      .where('to_address', '=', user.email)
      .executeTakeFirstOrThrow();
    expect(notice.text).toContain('tu contraseña');
    expect(notice.text).not.toContain('Nueva12345');
  });

  it('a new password ends every other session of the account and keeps the one that changed it', async () => {
    const user = await freshUser('patient');
    const current = await sessionFor(ctx, user.email, 'co');
    // Logins rotate sessions, so a second live one is what a stolen token or an API client looks like: put it there.
    const other = newToken();
    await ctx.database.db
      .insertInto('sessions')
      .values({
        token_hash: hashToken(other),
        user_id: user.id,
        country_id: COUNTRIES.co.countryId,
        expires_at: new Date(Date.now() + 60 * 60 * 1000),
        last_seen_at: new Date(),
      })
      .execute();
    const validate = async (token: string) =>
      (await ctx.app.request('/api/auth/sso/validate', { headers: authHeaders(token, 'co') })).status;
    expect(await validate(other)).toBe(200);
    const changed = await post(
      '/auth/access',
      { currentPassword: DEMO_PASSWORD, newPassword: 'Otra12345' },
      authHeaders(current),
    );
    expect(changed.status).toBe(200);
    expect(await validate(current)).toBe(200);
    expect(await validate(other)).toBe(401);
  });

  it('changes the e-mail, refusing one that another account uses', async () => {
    const user = await freshUser();
    const headers = authHeaders(await sessionFor(ctx, user.email));
    const taken = await post('/auth/access', { currentPassword: DEMO_PASSWORD, email: 'MEDICO.CO@demo.test' }, headers);
    expect(taken.status).toBe(409);
    expect((await body<ApiErrorBody>(taken)).message).toBe('Ya existe una cuenta con este correo.');
    const invalid = await post('/auth/access', { currentPassword: DEMO_PASSWORD, email: 'no-es-correo' }, headers);
    expect(invalid.status).toBe(400);
    const changed = await post(
      '/auth/access',
      { currentPassword: DEMO_PASSWORD, email: ` Nuevo.${user.id}@X.test ` },
      headers,
    );
    expect(changed.status).toBe(200);
    expect((await body<ProfileDto>(changed)).email).toBe(`nuevo.${user.id}@x.test`);
  });

  it('5 wrong current passwords lock the change for a while', async () => {
    const user = await freshUser();
    const headers = authHeaders(await sessionFor(ctx, user.email));
    for (let index = 0; index < 5; index += 1) {
      expect(
        (await post('/auth/access', { currentPassword: 'Mala1234', newPassword: 'Nueva1234' }, headers)).status,
      ).toBe(401);
    }
    const blocked = await post('/auth/access', { currentPassword: DEMO_PASSWORD, newPassword: 'Nueva1234' }, headers);
    expect(blocked.status).toBe(429);
  });
});

describe('POST /api/auth/login (OpenID Connect)', () => {
  let app: TestContext['app'];

  beforeAll(() => {
    app = ctx.makeApp({ oidc: { issuer: issuer.issuer, clientId: CLIENT_ID } });
  });

  it('logs in the account of the verified e-mail', async () => {
    const idToken = await issuer.sign({ email: 'Medico.PE@demo.test', email_verified: true });
    const response = await post('/auth/login', { idToken }, { 'x-country': 'pe' }, app);
    expect(response.status).toBe(200);
    const login = await body<LoginResponseDto>(response);
    expect(login.email).toBe('medico.pe@demo.test');
    expect(login.country).toBe('pe');
    await post('/auth/logout', { token: login.sessionToken }, {}, app);
  });

  it('refuses a token for another audience, an expired one, a forged one and garbage', async () => {
    const tokens = [
      await issuer.sign({ email: 'medico.pe@demo.test', email_verified: true }, { audience: 'otra-app' }),
      await issuer.sign(
        { email: 'medico.pe@demo.test', email_verified: true },
        { expiresIn: Math.floor(Date.now() / 1000) - 3600 },
      ),
      await issuer.sign({ email: 'medico.pe@demo.test', email_verified: true }, { key: issuer.otherKey }),
      'a.b.c',
    ];
    for (const idToken of tokens) {
      const response = await post('/auth/login', { idToken }, {}, app);
      expect(response.status).toBe(401);
      expect((await body<ApiErrorBody>(response)).message).toBe(
        'El token del proveedor de identidad no es válido o expiró.',
      );
    }
  });

  it('refuses an unverified e-mail and answers 404 for an e-mail without account', async () => {
    const unverified = await issuer.sign({ email: 'medico.pe@demo.test', email_verified: false });
    expect((await post('/auth/login', { idToken: unverified }, {}, app)).status).toBe(401);
    const stranger = await issuer.sign({ email: 'nadie@otro.test', email_verified: true });
    const response = await post('/auth/login', { idToken: stranger }, {}, app);
    expect(response.status).toBe(404);
    expect((await body<ApiErrorBody>(response)).message).toBe(
      'No existe una cuenta con este correo. Regístrate primero.',
    );
  });

  it('a missing idToken is 400; without configuration the endpoint is 501', async () => {
    expect((await post('/auth/login', {}, {}, app)).status).toBe(400);
    const unconfigured = await post('/auth/login', { idToken: 'x' });
    expect(unconfigured.status).toBe(501);
    expect((await body<ApiErrorBody>(unconfigured)).message).toBe(
      'El inicio de sesión con proveedor externo no está configurado.',
    );
  });

  it('an unreachable issuer is a 502, not a 500', async () => {
    const unreachable = ctx.makeApp({ oidc: { issuer: 'http://127.0.0.1:9', clientId: CLIENT_ID } });
    const idToken = await issuer.sign({ email: 'medico.pe@demo.test', email_verified: true });
    expect((await post('/auth/login', { idToken }, {}, unreachable)).status).toBe(502);
  });
});

describe('logging', () => {
  it('never writes tokens or passwords to the log', async () => {
    const lines: string[] = [];
    const record = (...parts: unknown[]) => void lines.push(parts.map(String).join(' '));
    const app = ctx.makeApp({ logger: { error: record, info: record, debug: record } });
    const user = await freshUser();
    const login = await loginAs(app, user.email, { address: freshAddress() });
    await post('/auth/email-login', { email: user.email, password: 'Secreta999' }, {}, app);
    await app.request('/api/auth/profile', { headers: authHeaders(login.sessionToken) });
    await post('/auth/logout', {}, authHeaders(login.sessionToken), app);
    const log = lines.join('\n');
    expect(log).not.toContain(login.sessionToken);
    expect(log).not.toContain(DEMO_PASSWORD);
    expect(log).not.toContain('Secreta999');
  });
});
