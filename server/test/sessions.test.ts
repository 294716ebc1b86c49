import { describe, expect, it, vi } from 'vitest';
import type { LoginResponseDto, ValidateResponseDto } from '../../src/lib/shared/accounts';
import type { ApiErrorBody } from '../../src/lib/shared/api-types';
import { RESET_LINK_INVALID_MESSAGE } from '../../src/lib/shared/passwords';
import { DEFAULT_ACCOUNT_LIMITS } from '../src/auth/limits';
import { PASSWORD_RESET_DONE_MESSAGE, RESET_REQUESTED_MESSAGE } from '../src/auth/password-reset-routes';
import { loadConfig } from '../src/config';
import { DEMO_PASSWORD } from '../src/db/seed/demo-users';
import { CROSS_SITE_MESSAGE } from '../src/http/auth';
import { BackoffLimiter, memoryLimiterStore } from '../src/http/rate-limit';
import { createUser, jsonRequest, lastEmailTo, sessionFor } from './helpers';
import { testContextForFile } from './support/file-context';

const ctx = testContextForFile();
let counter = 0;
/** A fresh client address per use, so tests do not share the rate limits' budgets. */
const freshAddress = () => `203.0.113.${(counter += 1)}`;
const OWN_ORIGIN = 'http://localhost';

function post(path: string, body: unknown, headers: Record<string, string> = {}, app = ctx.app) {
  return (
    ctx && app.request(`/api${path}`, jsonRequest('POST', body, { 'x-forwarded-for': freshAddress(), ...headers }))
  );
}

/** A login by e-mail from the client address `address` (as the proxy's X-Forwarded-For says it). */
const loginFrom = (address: string, email: string, password: string, app = ctx.app) =>
  post('/auth/email-login', { email, password }, { 'x-forwarded-for': address }, app);

const cookieOf = (country: string, token: string) => ({ cookie: `sso_token_${country}=${token}` });

describe('session cookie', () => {
  it('a login answers the HttpOnly, Secure, SameSite=Strict cookie of its country for one day', async () => {
    const user = await createUser(ctx, { role: 'doctor' });
    const response = await post(
      '/auth/email-login',
      { email: user.email, password: DEMO_PASSWORD },
      { 'x-country': 'mx' },
    );
    expect(response.status).toBe(200);
    const login = (await response.json()) as LoginResponseDto;
    const cookie = response.headers.get('set-cookie') ?? '';
    expect(cookie).toContain(`sso_token_mx=${login.sessionToken};`);
    expect(cookie).toMatch(/Max-Age=86400/);
    expect(cookie).toMatch(/Path=\//);
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/Secure/);
    expect(cookie).toMatch(/SameSite=Strict/);
  });

  it('the cookie of the request’s country authenticates reads; another country’s cookie does not', async () => {
    const user = await createUser(ctx, { role: 'doctor' });
    const token = await sessionFor(ctx, user.email, 'co');
    const own = await ctx.app.request('/api/auth/sso/validate', {
      headers: { 'x-country': 'co', ...cookieOf('co', token) },
    });
    expect(own.status).toBe(200);
    expect(((await own.json()) as ValidateResponseDto).user.email).toBe(user.email);
    const crossed = await ctx.app.request('/api/auth/sso/validate', {
      headers: { 'x-country': 'pe', ...cookieOf('co', token) },
    });
    expect(crossed.status).toBe(401);
  });

  it('a cookie-authenticated write needs the server’s own Origin or Sec-Fetch-Site same-origin; bearer does not', async () => {
    const user = await createUser(ctx, { role: 'patient' });
    const token = await sessionFor(ctx, user.email, 'co');
    const change = { currentPassword: 'Mala1234', newPassword: 'Nueva12345' };
    const base = { 'x-country': 'co', ...cookieOf('co', token) };
    const foreign = await post('/auth/access', change, { ...base, origin: 'https://atacante.example' });
    expect(foreign.status).toBe(403);
    expect(((await foreign.json()) as ApiErrorBody).message).toBe(CROSS_SITE_MESSAGE);
    const sameSite = await post('/auth/access', change, { ...base, 'sec-fetch-site': 'same-site' });
    expect(sameSite.status).toBe(403);
    const noOrigin = await post('/auth/access', change, base);
    expect(noOrigin.status).toBe(403);
    // From the storefront: the request reaches the handler (which refuses the wrong current password).
    expect((await post('/auth/access', change, { ...base, origin: OWN_ORIGIN })).status).toBe(401);
    expect((await post('/auth/access', change, { ...base, 'sec-fetch-site': 'same-origin' })).status).toBe(401);
    // An API client with its bearer token sends no Origin.
    const bearer = await post('/auth/access', change, { 'x-country': 'co', authorization: `Bearer ${token}` });
    expect(bearer.status).toBe(401);
    expect(((await bearer.json()) as ApiErrorBody).message).toBe('La contraseña actual no es correcta.');
  });

  it('logout from the storefront revokes the cookie’s session and clears the cookie', async () => {
    const user = await createUser(ctx, { role: 'doctor' });
    const token = await sessionFor(ctx, user.email, 'pe');
    const headers = { 'x-country': 'pe', ...cookieOf('pe', token), origin: OWN_ORIGIN };
    const response = await post('/auth/logout', {}, headers);
    expect(response.status).toBe(204);
    expect(response.headers.get('set-cookie')).toMatch(
      /^sso_token_pe=; Max-Age=0; Path=\/; HttpOnly; Secure; SameSite=Strict/,
    );
    const after = await ctx.app.request('/api/auth/sso/validate', { headers: { authorization: `Bearer ${token}` } });
    expect(after.status).toBe(401);
  });

  it('a session unused for longer than the idle timeout ends before its day is over, in every country', async () => {
    const app = ctx.makeApp({ sessionIdleTimeoutMs: 60 * 60 * 1000 });
    const user = await createUser(ctx, { role: 'doctor' });
    const token = await sessionFor(ctx, user.email, 'co');
    const validate = () => app.request('/api/auth/sso/validate', { headers: { authorization: `Bearer ${token}` } });
    expect((await validate()).status).toBe(200);
    await ctx.database.db
      .updateTable('sessions')
      .set({ last_seen_at: new Date(Date.now() - 61 * 60 * 1000) })
      .where('user_id', '=', user.id)
      .execute();
    expect((await validate()).status).toBe(401);
    // Ended means ended: it no longer counts as a session open in another country (product §5) either.
    const elsewhere = await post(
      '/auth/email-login',
      { email: user.email, password: DEMO_PASSWORD },
      { 'x-country': 'mx' },
      app,
    );
    expect(elsewhere.status).toBe(200);
  });

  it('the default idle timeout is 8 hours; SESSION_IDLE_TIMEOUT_MS changes it', () => {
    expect(loadConfig({}).sessionIdleTimeoutMs).toBe(8 * 60 * 60 * 1000);
    expect(loadConfig({ SESSION_IDLE_TIMEOUT_MS: '600000' }).sessionIdleTimeoutMs).toBe(600_000);
  });
});

describe('configuration', () => {
  it('production refuses to start without PUBLIC_URL', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/PUBLIC_URL/);
    expect(loadConfig({ NODE_ENV: 'production', PUBLIC_URL: 'https://tienda.example/' }).publicUrl).toBe(
      'https://tienda.example',
    );
  });

  it('TRUST_PROXY counts proxies; 1 and true mean one', () => {
    expect(loadConfig({}).trustProxy).toBe(0);
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(() => loadConfig({ TRUST_PROXY: 'yes' })).toThrow(/TRUST_PROXY/);
  });
});

describe('lock-out per (account, address)', () => {
  it('five wrong passwords from elsewhere never lock the owner out at their own address', async () => {
    const user = await createUser(ctx, { role: 'doctor' });
    const attacker = freshAddress();
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const response = await loginFrom(attacker, user.email, 'Mala1234');
      expect(response.status).toBe(401);
    }
    const attackerAgain = await loginFrom(attacker, user.email, DEMO_PASSWORD);
    expect(attackerAgain.status).toBe(429);
    const owner = await post('/auth/email-login', { email: user.email, password: DEMO_PASSWORD });
    expect(owner.status).toBe(200);
  });

  it('a clinic behind one address: a colleague locked out, and a busy morning of typos, never block the others', async () => {
    const clinic = freshAddress();
    const locked = await createUser(ctx, { role: 'doctor' });
    const colleague = await createUser(ctx, { role: 'health_professional' });
    const login = (email: string, password: string) => loginFrom(clinic, email, password);
    for (let attempt = 0; attempt < 5; attempt += 1) expect((await login(locked.email, 'Mala1234')).status).toBe(401);
    expect((await login(locked.email, DEMO_PASSWORD)).status).toBe(429);
    // Forty more mistyped passwords from the clinic's staff, well under the address's own limit.
    for (let attempt = 0; attempt < 40; attempt += 1) {
      expect((await login(`personal.${attempt % 10}@clinica.test`, 'Mala1234')).status).toBe(401);
    }
    expect((await login(colleague.email, DEMO_PASSWORD)).status).toBe(200);
  });

  it('the waits grow with each further failure', async () => {
    vi.useFakeTimers({ toFake: ['Date', 'setTimeout', 'clearTimeout'] });
    try {
      const limiter = new BackoffLimiter(DEFAULT_ACCOUNT_LIMITS.pairFailures, memoryLimiterStore(), 'test');
      for (let index = 0; index < 5; index += 1) await limiter.record('k');
      expect(await limiter.retryAfterSeconds('k')).toBe(30);
      vi.advanceTimersByTime(30_000);
      expect(await limiter.retryAfterSeconds('k')).toBeUndefined();
      await limiter.record('k');
      expect(await limiter.retryAfterSeconds('k')).toBe(60);
      vi.advanceTimersByTime(60_000);
      await limiter.record('k');
      expect(await limiter.retryAfterSeconds('k')).toBe(120);
      for (let index = 0; index < 20; index += 1) await limiter.record('k');
      expect(await limiter.retryAfterSeconds('k')).toBe(15 * 60);
      await limiter.reset('k');
      expect(await limiter.retryAfterSeconds('k')).toBeUndefined();
    } finally {
      vi.useRealTimers();
    }
  });

  it('behind one proxy the client is the right-most X-Forwarded-For entry, never the forgeable first one', async () => {
    const user = await createUser(ctx, { role: 'doctor' });
    const real = freshAddress();
    for (let attempt = 0; attempt < 5; attempt += 1) {
      // The attacker writes a different first entry each time; the proxy appends the real address.
      const forged = `${freshAddress()}, ${real}`;
      const response = await loginFrom(forged, user.email, 'Mala1234');
      expect(response.status).toBe(401);
    }
    const blocked = await loginFrom(`1.2.3.4, ${real}`, user.email, 'Mala1234');
    expect(blocked.status).toBe(429);
  });

  it('behind two proxies the client is the second entry from the right', async () => {
    const app = ctx.makeApp({ trustProxy: 2 });
    const user = await createUser(ctx, { role: 'doctor' });
    const real = freshAddress();
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const hops = `${freshAddress()}, ${real}, 10.0.0.${attempt + 1}`;
      const response = await loginFrom(hops, user.email, 'Mala1234', app);
      expect(response.status).toBe(401);
    }
    const blocked = await loginFrom(`${real}, 10.0.0.9`, user.email, 'Mala1234', app);
    expect(blocked.status).toBe(429);
  });
});

describe('forgotten password', () => {
  function tokenIn(text: string): string {
    const match = /https?:\/\/\S+\/co\/restablecer-contrasena#token=([A-Za-z0-9_-]+)/.exec(text);
    if (!match?.[1]) throw new Error('sin enlace');
    return match[1];
  }

  it('answers the same whether or not the account exists, and e-mails a link only to an existing one', async () => {
    const user = await createUser(ctx, { role: 'patient' });
    const known = await post(
      '/auth/password-reset/request',
      { email: user.email.toUpperCase() },
      { 'x-country': 'co' },
    );
    const unknown = await post(
      '/auth/password-reset/request',
      { email: 'nadie.aqui@prueba.test' },
      { 'x-country': 'co' },
    );
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(200);
    expect(await known.json()).toEqual({ message: RESET_REQUESTED_MESSAGE });
    expect(await unknown.json()).toEqual({ message: RESET_REQUESTED_MESSAGE });
    const email = await lastEmailTo(ctx, user.email);
    // Built from PUBLIC_URL (here the test app's origin), never from the request's Host header.
    expect(email?.text).toMatch(/http:\/\/localhost\/co\/restablecer-contrasena#token=/);
    expect(await lastEmailTo(ctx, 'nadie.aqui@prueba.test')).toBeUndefined();
    const stored = await ctx.database.db
      .selectFrom('password_resets')
      .select('token_hash')
      .where('user_id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(stored.token_hash).not.toBe(tokenIn(email?.text ?? ''));
    expect(stored.token_hash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('an admin lists the e-mails sent to an address (support, and the end-to-end tests)', async () => {
    const user = await createUser(ctx, { role: 'patient' });
    await post('/auth/password-reset/request', { email: user.email }, { 'x-country': 'co' });
    const admin = await sessionFor(ctx, 'admin@demo.test', 'co');
    const listed = await ctx.app.request(`/api/admin/emails?to=${encodeURIComponent(user.email.toUpperCase())}`, {
      headers: { authorization: `Bearer ${admin}` },
    });
    expect(listed.status).toBe(200);
    const [email] = (await listed.json()) as { subject: string; text: string }[];
    expect(email?.subject).toBe('Restablece tu contraseña del Dispensario Funcional');
    const doctor = await sessionFor(ctx, 'medico.co@demo.test', 'co');
    const refused = await ctx.app.request(`/api/admin/emails?to=${encodeURIComponent(user.email)}`, {
      headers: { authorization: `Bearer ${doctor}` },
    });
    expect(refused.status).toBe(403);
  });

  it('a bad e-mail is a Spanish 400', async () => {
    const response = await post('/auth/password-reset/request', { email: 'no-es-correo' });
    expect(response.status).toBe(400);
    expect(((await response.json()) as ApiErrorBody).errors).toEqual(['Escribe un correo electrónico válido.']);
  });

  it('the link sets a new password once, with the registration rules, and ends every session', async () => {
    const user = await createUser(ctx, { role: 'doctor' });
    const session = await sessionFor(ctx, user.email, 'co');
    await post('/auth/password-reset/request', { email: user.email }, { 'x-country': 'co' });
    const token = tokenIn((await lastEmailTo(ctx, user.email))?.text ?? '');
    const weak = await post('/auth/password-reset/confirm', { token, password: 'solotexto' });
    expect(weak.status).toBe(400);
    expect(((await weak.json()) as ApiErrorBody).errors).toEqual([
      'La contraseña debe tener al menos 8 caracteres e incluir letras y números.',
    ]);
    const done = await post('/auth/password-reset/confirm', { token, password: 'Nueva12345' });
    expect(done.status).toBe(200);
    expect(await done.json()).toEqual({ message: PASSWORD_RESET_DONE_MESSAGE });
    const validate = await ctx.app.request('/api/auth/sso/validate', {
      headers: { authorization: `Bearer ${session}` },
    });
    expect(validate.status).toBe(401);
    const again = await post('/auth/password-reset/confirm', { token, password: 'Otra12345' });
    expect(again.status).toBe(400);
    expect(((await again.json()) as ApiErrorBody).message).toBe(RESET_LINK_INVALID_MESSAGE);
    expect((await post('/auth/email-login', { email: user.email, password: DEMO_PASSWORD })).status).toBe(401);
    expect((await post('/auth/email-login', { email: user.email, password: 'Nueva12345' })).status).toBe(200);
  });

  it('a link older than 30 minutes, or replaced by a newer one, no longer works', async () => {
    const user = await createUser(ctx, { role: 'doctor' });
    await post('/auth/password-reset/request', { email: user.email }, { 'x-country': 'co' });
    const first = tokenIn((await lastEmailTo(ctx, user.email))?.text ?? '');
    await post('/auth/password-reset/request', { email: user.email }, { 'x-country': 'co' });
    const second = tokenIn((await lastEmailTo(ctx, user.email))?.text ?? '');
    expect((await post('/auth/password-reset/confirm', { token: first, password: 'Nueva12345' })).status).toBe(400);
    await ctx.database.db
      .updateTable('password_resets')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('user_id', '=', user.id)
      .execute();
    const expired = await post('/auth/password-reset/confirm', { token: second, password: 'Nueva12345' });
    expect(expired.status).toBe(400);
    expect(((await expired.json()) as ApiErrorBody).message).toBe(RESET_LINK_INVALID_MESSAGE);
  });

  it('requests are limited per e-mail and per address', async () => {
    const address = freshAddress();
    const ask = (email: string, from = freshAddress()) =>
      post('/auth/password-reset/request', { email }, { 'x-forwarded-for': from });
    for (let index = 0; index < 3; index += 1) expect((await ask('limite@prueba.test')).status).toBe(200);
    const perEmail = await ask('limite@prueba.test');
    expect(perEmail.status).toBe(429);
    expect(perEmail.headers.get('retry-after')).toMatch(/^\d+$/);
    for (let index = 0; index < 10; index += 1)
      expect((await ask(`otro${index}@prueba.test`, address)).status).toBe(200);
    expect((await ask('uno.mas@prueba.test', address)).status).toBe(429);
  });
});
