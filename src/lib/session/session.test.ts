import { createStore } from 'jotai';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TEST_API } from '../../testing/api-url';
import { TEST_PASSWORD } from '../../testing/handlers/auth';
import { server } from '../../testing/msw-server';
import { expiredSessionNoticeAtom, sessionsAtom } from './atoms';
import { isLoggingOut, LOGGING_OUT_FLAG_MS, login, logout, validateAllSessions } from './session';

afterEach(() => {
  vi.useRealTimers();
});

describe('per-country sessions (product §4)', () => {
  it('logs in, keeps no token on the page and marks the session authenticated', async () => {
    const store = createStore();
    await login('co', { method: 'email', email: 'medico.co@demo.test', password: TEST_PASSWORD }, store);
    const session = store.get(sessionsAtom).co;
    expect(session?.isAuthenticated).toBe(true);
    expect(session?.user.email).toBe('medico.co@demo.test');
    expect(session?.user.displayName).toBe('Carolina Mejía');
    expect(store.get(sessionsAtom).mx).toBeNull();
    expect(JSON.stringify(store.get(sessionsAtom))).not.toContain('token-');
    expect(document.cookie).toBe('');
    expect(localStorage.length).toBe(0);
  });

  it('logs in by document too', async () => {
    const store = createStore();
    await login('pe', { method: 'document', document: '52345674', password: TEST_PASSWORD }, store);
    expect(store.get(sessionsAtom).pe?.user.role.name).toBe('patient');
  });

  it('refuses an answer without a session token', async () => {
    server.use(http.post(`${TEST_API}/auth/email-login`, () => HttpResponse.json({ id: 1 })));
    const store = createStore();
    await expect(
      login('co', { method: 'email', email: 'medico.co@demo.test', password: TEST_PASSWORD }, store),
    ).rejects.toThrow('Token de sesión no generado');
    expect(store.get(sessionsAtom).co).toBeNull();
  });

  it('shows the server message for a wrong password', async () => {
    const store = createStore();
    await expect(
      login('co', { method: 'email', email: 'medico.co@demo.test', password: 'mala' }, store),
    ).rejects.toThrow('Correo o contraseña incorrectos.');
  });

  it('refuses an e-mail already logged in another country of this browser', async () => {
    const store = createStore();
    await login('co', { method: 'email', email: 'medico.co@demo.test', password: TEST_PASSWORD }, store);
    await expect(
      login('mx', { method: 'email', email: 'MEDICO.co@demo.test', password: TEST_PASSWORD }, store),
    ).rejects.toThrow('Este usuario ya está logueado en otro país');
    expect(store.get(sessionsAtom).mx).toBeNull();
  });

  it('keeps two users logged in two countries at once, and logout leaves the other', async () => {
    const store = createStore();
    await login('co', { method: 'email', email: 'medico.co@demo.test', password: TEST_PASSWORD }, store);
    await login('mx', { method: 'email', email: 'paciente.co@demo.test', password: TEST_PASSWORD }, store);
    expect(store.get(sessionsAtom).mx?.user.role.name).toBe('patient');
    await logout('co', store);
    expect(store.get(sessionsAtom).co).toBeNull();
    expect(store.get(sessionsAtom).mx?.user.email).toBe('paciente.co@demo.test');
  });

  it('clears the session even when the server cannot be reached, and holds the logging-out flag 3 s', async () => {
    const store = createStore();
    await login('co', { method: 'email', email: 'medico.co@demo.test', password: TEST_PASSWORD }, store);
    server.use(http.post(`${TEST_API}/auth/logout`, () => HttpResponse.error()));
    vi.useFakeTimers({ toFake: ['setTimeout'] });
    const done = logout('co', store);
    expect(isLoggingOut()).toBe(true);
    await vi.runAllTimersAsync();
    await done;
    expect(store.get(sessionsAtom).co).toBeNull();
    expect(isLoggingOut()).toBe(false);
    expect(LOGGING_OUT_FLAG_MS).toBe(3000);
  });

  it('validates every country with a session on start and expires the ones the server refuses', async () => {
    const store = createStore();
    await login('co', { method: 'email', email: 'medico.co@demo.test', password: TEST_PASSWORD }, store);
    // The page remembers a session in Perú whose cookie the server no longer accepts (idle, revoked).
    store.set(sessionsAtom, (sessions) => ({ ...sessions, pe: { ...sessions.co!, country: 'pe' } }));
    await validateAllSessions(store);
    expect(store.get(sessionsAtom).co?.isAuthenticated).toBe(true);
    expect(store.get(sessionsAtom).pe).toBeNull();
    expect(store.get(expiredSessionNoticeAtom)).toBe('pe');
  });

  it('does not bring back a session logged out while its validation was on the way', async () => {
    const store = createStore();
    await login('co', { method: 'email', email: 'medico.co@demo.test', password: TEST_PASSWORD }, store);
    let answer: () => void = () => undefined;
    const answered = new Promise<void>((resolve) => (answer = resolve));
    const validating = new Promise<void>((started) => {
      server.use(
        http.get(`${TEST_API}/auth/sso/validate`, async () => {
          started();
          await answered;
          return HttpResponse.json({
            user: store.get(sessionsAtom).co?.user ?? { email: 'medico.co@demo.test' },
            expiresAt: new Date(Date.now() + 60_000).toISOString(),
          });
        }),
      );
    });
    const validation = validateAllSessions(store);
    await validating;
    await logout('co', store);
    answer();
    await validation;
    expect(store.get(sessionsAtom).co).toBeNull();
  });

  it('keeps a stored session while offline', async () => {
    const store = createStore();
    await login('co', { method: 'email', email: 'medico.co@demo.test', password: TEST_PASSWORD }, store);
    server.use(http.get(`${TEST_API}/auth/sso/validate`, () => HttpResponse.error()));
    await validateAllSessions(store);
    expect(store.get(sessionsAtom).co?.isAuthenticated).toBe(true);
  });

  it('does not ask the server while the device says it is offline', async () => {
    const store = createStore();
    await login('co', { method: 'email', email: 'medico.co@demo.test', password: TEST_PASSWORD }, store);
    let asked = 0;
    server.use(
      http.get(`${TEST_API}/auth/sso/validate`, () => {
        asked += 1;
        return HttpResponse.json({
          user: { ...store.get(sessionsAtom).co?.user.personalInfo, display_name: 'Nombre leído de nuevo' },
          expiresAt: new Date(Date.now() + 60_000).toISOString(),
        });
      }),
    );
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    try {
      await validateAllSessions(store);
    } finally {
      onLine.mockRestore();
    }
    expect(asked).toBe(0);
    expect(store.get(sessionsAtom).co?.isAuthenticated).toBe(true);
    await validateAllSessions(store);
    expect(asked).toBe(1);
    expect(store.get(sessionsAtom).co?.user.displayName).toBe('Nombre leído de nuevo');
  });
});
