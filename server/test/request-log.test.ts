import type { Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { Database } from '../src/db/schema';
import { UNEXPECTED_ERROR_MESSAGE } from '../src/http/errors';
import { REQUEST_ID_HEADER } from '../src/http/answer-headers';
import { createLogger, type LogLevel } from '../src/logger';
import { type TestContext } from './helpers';
import { testContextForFile } from './support/file-context';

// Issue #20: the server's log is one JSON object per line, and every line written while a request is handled names
// it by the id its answer carries in X-Request-Id.

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const PATIENT_EMAIL = 'ana.gomez@correo.test';

const ctx = testContextForFile();

interface LogLine {
  level: string;
  time: string;
  msg: string;
  reqId?: string;
  method?: string;
  path?: string;
  route?: string;
  status?: number;
  durationMs?: number;
}

/** An app whose log, the real one at `level`, is kept line by line. */
function loggedApp(level: LogLevel, overrides: Parameters<TestContext['makeApp']>[0] = {}) {
  const lines: string[] = [];
  const logger = createLogger(level, { write: (line) => void lines.push(line) });
  const app = ctx.makeApp({ logger, ...overrides });
  return { app, logger, lines, entries: () => lines.map((line) => JSON.parse(line) as LogLine) };
}

/** The test database, but reading the countries fails with an error that names a patient (as a row's error would). */
function failingCountries(): Kysely<Database> {
  const { db } = ctx.database;
  const failure = Object.assign(new Error(`no se pudo leer la fila de ${PATIENT_EMAIL}`), {
    detail: `Key (email)=(${PATIENT_EMAIL}) already exists.`,
  });
  return new Proxy(db, {
    get(target, property, receiver) {
      if (property === 'selectFrom') {
        return (table: Parameters<typeof db.selectFrom>[0]) => {
          if (table === 'countries') throw failure;
          return target.selectFrom(table);
        };
      }
      const value: unknown = Reflect.get(target, property, receiver);
      // Kysely's methods read private fields: they run on the database itself, not on the proxy.
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
}

describe('X-Request-Id', () => {
  it('is generated for a request without one, and differs per request', async () => {
    const first = (await ctx.app.request('/api/health')).headers.get(REQUEST_ID_HEADER);
    const second = (await ctx.app.request('/api/health')).headers.get(REQUEST_ID_HEADER);
    expect(first).toMatch(UUID);
    expect(second).toMatch(UUID);
    expect(second).not.toBe(first);
  });

  it('keeps a well-formed incoming id, on answers from the API, refusals and the PWA alike', async () => {
    const id = 'proxy-7f3a9c.2026:01=';
    for (const path of ['/api/health', '/api/no-existe', '/co/catalogo']) {
      const answer = await ctx.app.request(path, { headers: { [REQUEST_ID_HEADER]: id } });
      expect(answer.headers.get(REQUEST_ID_HEADER)).toBe(id);
    }
  });

  it('replaces a malformed or overlong incoming id with its own', async () => {
    for (const sent of [PATIENT_EMAIL, 'dos palabras', 'x'.repeat(129), '<script>', '']) {
      const answer = await ctx.app.request('/api/health', { headers: { [REQUEST_ID_HEADER]: sent } });
      expect(answer.headers.get(REQUEST_ID_HEADER)).toMatch(UUID);
    }
  });
});

describe('the JSON log', () => {
  it('a 5xx writes one error line with the request’s id, method and path, and no e-mail or row values', async () => {
    const { app, lines, entries } = loggedApp('info', {
      database: { ...ctx.database, db: failingCountries() },
    });
    const answer = await app.request(`/api/countries?buscar=${encodeURIComponent(PATIENT_EMAIL)}`, {
      headers: { [REQUEST_ID_HEADER]: 'solicitud-500' },
    });
    expect(answer.status).toBe(500);
    expect(((await answer.json()) as { message: string }).message).toBe(UNEXPECTED_ERROR_MESSAGE);
    expect(answer.headers.get(REQUEST_ID_HEADER)).toBe('solicitud-500');

    // One JSON object per line: the stack's line breaks are escaped inside `msg`.
    for (const line of lines) expect(line).toMatch(/^\{[^\n]*\}\n$/);
    const errors = entries().filter((entry) => entry.level === 'error');
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatchObject({ reqId: 'solicitud-500', method: 'GET', path: '/api/countries' });
    expect(errors[0]?.msg).toMatch(/^\[GET\] \/api\/countries: Error: no se pudo leer la fila de \[correo\]\n {4}at /);
    expect(Date.parse(errors[0]?.time ?? '')).not.toBeNaN();
    const access = entries().filter((entry) => entry.msg === 'solicitud atendida');
    expect(access).toMatchObject([{ level: 'info', reqId: 'solicitud-500', route: '/api/countries', status: 500 }]);
    const written = lines.join('');
    expect(written).not.toContain('ana.gomez');
    expect(written).not.toContain('buscar');
    expect(written).not.toContain('already exists');
  });

  it('writes one access line per request: route, status and duration, never the query string', async () => {
    const { app, entries } = loggedApp('info');
    const answer = await app.request(`/api/products/no-existe?q=${encodeURIComponent(PATIENT_EMAIL)}`, {
      headers: { 'x-country': 'co' },
    });
    const reqId = answer.headers.get(REQUEST_ID_HEADER);
    const access = entries().filter((entry) => entry.msg === 'solicitud atendida');
    expect(access).toHaveLength(1);
    expect(access[0]).toMatchObject({
      level: 'info',
      reqId,
      method: 'GET',
      path: '/api/products/no-existe',
      status: answer.status,
    });
    expect(access[0]?.route).toMatch(/^\/api\/products\/:/);
    expect(access[0]?.durationMs).toBeGreaterThanOrEqual(0);
  });

  it('masks an invitation’s code in the path', async () => {
    const { app, lines } = loggedApp('info');
    const code = 'A'.repeat(43);
    await app.request(`/api/invitations/${code}`);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain('"path":"/api/invitations/[secreto]"');
    expect(lines[0]).not.toContain(code);
  });

  it('logs health checks at debug only, and nothing at all when silent', async () => {
    const info = loggedApp('info');
    await info.app.request('/api/health');
    await info.app.request('/api/ready');
    expect(info.lines).toEqual([]);

    const debug = loggedApp('debug');
    await debug.app.request('/api/health');
    expect(debug.entries()).toMatchObject([{ level: 'debug', path: '/api/health', status: 200 }]);

    const silent = loggedApp('silent', { database: { ...ctx.database, db: failingCountries() } });
    expect((await silent.app.request('/api/countries')).status).toBe(500);
    expect(silent.lines).toEqual([]);
  });

  it('a line written outside any request has no request fields', () => {
    const { logger, entries } = loggedApp('info');
    logger.info('Pedidos sin pago cancelados por vencimiento: 2.');
    const [line] = entries();
    expect(line).toMatchObject({ level: 'info', msg: 'Pedidos sin pago cancelados por vencimiento: 2.' });
    expect(line).not.toHaveProperty('reqId');
    expect(line).not.toHaveProperty('path');
  });
});
