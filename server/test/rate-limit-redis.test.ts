import type { Server } from 'node:http';
import { createServer, connect, type AddressInfo, type Server as NetServer, type Socket } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ApiErrorBody } from '../../src/lib/shared/api-types';
import { TOO_MANY_LOGINS_MESSAGE, TOO_MANY_LOOKUPS_MESSAGE } from '../src/auth/limits';
import { loadConfig } from '../src/config';
import type { DatabaseHandle } from '../src/db/database';
import { DEMO_PASSWORD } from '../src/db/seed/demo-users';
import type { App } from '../src/http/app';
import type { Logger } from '../src/logger';
import { openRedisLimiterStore, type RedisLimiterStore } from '../src/http/redis-limits';
import { shutDown } from '../src/lifecycle/shutdown';
import { listen } from '../src/startup';
import {
  createTestContext,
  createUser,
  deleteRedisKeys,
  freshRedisKeyPrefix,
  jsonRequest,
  silentLogger,
  type TestContext,
} from './helpers';

const redisUrl = process.env.REDIS_URL;
const SKIP_REASON = 'only with REDIS_URL: a Redis server the instances share';
/** Existence look-ups allowed per address (DEFAULT_ACCOUNT_LIMITS). */
const EXISTENCE_LOOKUPS = 20;
/** Wrong passwords of one (account, address) before the waits begin (DEFAULT_ACCOUNT_LIMITS). */
const FREE_FAILURES = 5;

describe('REDIS_URL in the configuration', () => {
  it('is optional, and when set must be a redis:// or rediss:// URL (refused in Spanish otherwise)', () => {
    expect(loadConfig({}).redisUrl).toBeUndefined();
    expect(loadConfig({ REDIS_URL: 'redis://:clave@cache.interna:6379/2' }).redisUrl).toBe(
      'redis://:clave@cache.interna:6379/2',
    );
    expect(loadConfig({ REDIS_URL: 'rediss://cache.example' }).redisUrl).toBe('rediss://cache.example');
    for (const wrong of ['http://cache.interna:6379', 'cache.interna:6379', 'redis://']) {
      expect(() => loadConfig({ REDIS_URL: wrong })).toThrow(
        /^Configuración no válida: REDIS_URL: debe ser una URL redis:\/\/ o rediss:\/\//,
      );
    }
  });
});

/**
 * A TCP relay in front of the shared Redis: closing it is a Redis outage for the instances connected through it, and
 * for nobody else using that Redis.
 */
async function redisRelay(target: URL) {
  const sockets = new Set<Socket>();
  const server: NetServer = createServer((client) => {
    const upstream = connect(Number(target.port || 6379), target.hostname);
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('error', () => undefined);
      socket.on('close', () => {
        sockets.delete(socket);
        client.destroy();
        upstream.destroy();
      });
    }
    client.pipe(upstream).pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const url = new URL(target);
  url.hostname = '127.0.0.1';
  url.port = String(port);
  return {
    url: url.toString(),
    stop: () =>
      new Promise<void>((resolve) => {
        if (!server.listening) return resolve();
        server.close(() => resolve());
        for (const socket of sockets) socket.destroy();
      }),
    /** Redis is back, at the same address. */
    resume: () => new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve)),
  };
}

describe.skipIf(!redisUrl)(`rate limits and lock-outs in Redis (${SKIP_REASON})`, () => {
  let ctx: TestContext;
  const opened: RedisLimiterStore[] = [];
  let counter = 0;
  /** A fresh client address per use, so tests do not share the per-address budgets. */
  const freshAddress = () => `198.51.100.${(counter += 1)}`;

  /** An instance's own connection to Redis, under the given prefix (one per deployment in the tests). */
  async function redisStore(prefix: string, url = redisUrl!, logger: Logger = silentLogger) {
    const store = await openRedisLimiterStore(url, logger, prefix);
    opened.push(store);
    return store;
  }

  /** The keys under a prefix, read from another connection. */
  async function keysUnder(prefix: string): Promise<string[]> {
    const reader = await redisStore(prefix);
    const keys: string[] = [];
    let cursor = '0';
    do {
      const [next, found] = await reader.client.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 1000);
      keys.push(...found);
      cursor = next;
    } while (cursor !== '0');
    return keys.sort();
  }

  const login = (app: App, email: string, password: string, address: string) =>
    app.request('/api/auth/email-login', jsonRequest('POST', { email, password }, { 'x-forwarded-for': address }));
  const lookUp = (app: App, address: string) =>
    app.request('/api/users/check-existence?email=alguien@correo.test', { headers: { 'x-forwarded-for': address } });

  beforeAll(async () => {
    ctx = await createTestContext();
  });

  afterEach(async () => {
    const stores = opened.splice(0);
    for (const store of stores) store.client.disconnect();
    // Through a connection of its own: a test may have cut its stores off Redis.
    for (const prefix of new Set(stores.map((store) => store.keyPrefix))) {
      const cleaner = await openRedisLimiterStore(redisUrl!, silentLogger, prefix);
      await deleteRedisKeys(cleaner);
      cleaner.client.disconnect();
    }
  });

  afterAll(async () => {
    await ctx?.close();
  });

  async function twoInstances() {
    const prefix = freshRedisKeyPrefix();
    const one = ctx.makeApp({ limiterStore: await redisStore(prefix) });
    const two = await ctx.openInstance({ limiterStore: await redisStore(prefix) });
    return { prefix, one, two };
  }

  it('five wrong passwords spread over two instances lock the pair out on both, under hashed, prefixed keys', async () => {
    const { prefix, one, two } = await twoInstances();
    const user = await createUser(ctx, { role: 'doctor' });
    const address = freshAddress();
    for (let attempt = 0; attempt < FREE_FAILURES; attempt += 1) {
      const app = attempt % 2 === 0 ? one : two;
      expect((await login(app, user.email, `Mala${attempt}xx1`, address)).status).toBe(401);
    }
    for (const app of [one, two]) {
      const blocked = await login(app, user.email, DEMO_PASSWORD, address);
      expect(blocked.status).toBe(429);
      expect(((await blocked.json()) as ApiErrorBody).message).toBe(TOO_MANY_LOGINS_MESSAGE);
      expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
    }

    const keys = await keysUnder(prefix);
    const rules = new Set(keys.map((key) => key.slice(prefix.length).split(':')[0]));
    expect([...rules].sort()).toEqual(['login-address', 'login-pair-failures', 'login-pair-wait']);
    for (const key of keys) {
      expect(key).toMatch(new RegExp(`^${prefix}[a-z-]+:[A-Za-z0-9_-]{22}$`));
      expect(key).not.toContain(user.email);
      expect(key).not.toContain(address);
    }

    // Another deployment on the same Redis (its own prefix) counts apart.
    const neighbour = ctx.makeApp({ limiterStore: await redisStore(freshRedisKeyPrefix()) });
    expect((await login(neighbour, user.email, DEMO_PASSWORD, address)).status).toBe(200);
  });

  it('existence look-ups through two instances share one budget per address', async () => {
    const { one, two } = await twoInstances();
    const address = freshAddress();
    for (let lookup = 0; lookup < EXISTENCE_LOOKUPS; lookup += 1) {
      expect((await lookUp(lookup % 2 === 0 ? one : two, address)).status).toBe(200);
    }
    for (const app of [one, two]) {
      const refused = await lookUp(app, address);
      expect(refused.status).toBe(429);
      expect(((await refused.json()) as ApiErrorBody).message).toBe(TOO_MANY_LOOKUPS_MESSAGE);
    }
    expect((await lookUp(one, freshAddress())).status).toBe(200);
  });

  it('when Redis stops answering, no request fails: the instance counts in memory, says so, still locks out, and goes back to Redis', async () => {
    const relay = await redisRelay(new URL(redisUrl!));
    try {
      await outageThrough(relay);
    } finally {
      await relay.stop();
    }
  });

  async function outageThrough(relay: Awaited<ReturnType<typeof redisRelay>>) {
    const logged: string[] = [];
    const record = (...parts: unknown[]) => {
      logged.push(parts.map(String).join(' '));
    };
    const logger: Logger = { ...silentLogger, error: record, info: record };
    const prefix = freshRedisKeyPrefix();
    const store = await redisStore(prefix, relay.url, logger);
    const app = ctx.makeApp({ limiterStore: store });
    const user = await createUser(ctx, { role: 'doctor' });
    const address = freshAddress();
    expect((await login(app, user.email, 'Mala1xx1', address)).status).toBe(401);

    await relay.stop();
    await vi.waitFor(() => expect(logged.join('\n')).toMatch(/^Redis \(127\.0\.0\.1:\d+\) no responde/m), {
      timeout: 5_000,
    });

    // Memory starts from nothing (the failure in Redis is not seen meanwhile): the free failures again, then the wait.
    for (let attempt = 0; attempt < FREE_FAILURES; attempt += 1) {
      expect((await login(app, user.email, `Mala${attempt}xx2`, address)).status).toBe(401);
    }
    const blocked = await login(app, user.email, DEMO_PASSWORD, address);
    expect(blocked.status).toBe(429);
    expect(((await blocked.json()) as ApiErrorBody).message).toBe(TOO_MANY_LOGINS_MESSAGE);
    expect((await login(app, user.email, DEMO_PASSWORD, freshAddress())).status).toBe(200);
    expect((await lookUp(app, freshAddress())).status).toBe(200);

    expect(logged).toHaveLength(1);

    await relay.resume();
    await vi.waitFor(() => expect(logged.join('\n')).toMatch(/^Redis \(127\.0\.0\.1:\d+\) responde de nuevo/m), {
      timeout: 10_000,
    });
    const later = freshAddress();
    const counted = (await keysUnder(prefix)).length;
    expect((await login(app, user.email, 'Mala3xx3', later)).status).toBe(401);
    expect((await keysUnder(prefix)).length).toBeGreaterThan(counted);
    expect(logged).toHaveLength(2);
    expect(logged.join('\n')).not.toContain(user.email);
    expect(logged.join('\n')).not.toContain(address);
  }

  it('a wrong user or password in REDIS_URL refuses the start in Spanish, without the password', async () => {
    const url = new URL(redisUrl!);
    url.username = `nadie-${freshRedisKeyPrefix().split(':')[1]}`;
    url.password = 'clave-secreta';
    const refusal = openRedisLimiterStore(url.toString(), silentLogger);
    await expect(refusal).rejects.toThrow(
      /^Redis \(\S+\) rechazó el usuario o la contraseña de REDIS_URL: corrígelos en REDIS_URL\.$/,
    );
  });

  it('the graceful shutdown closes the Redis connection once requests are done', async () => {
    const store = await redisStore(freshRedisKeyPrefix());
    const app = ctx.makeApp({ limiterStore: store });
    const { server, port } = await listen(app.fetch, { port: 0, hostname: '127.0.0.1' });
    const answered = await fetch(`http://127.0.0.1:${port}/api/users/check-existence?email=x@correo.test`);
    expect(answered.status).toBe(200);
    await answered.text();
    let databaseClosed = false;
    const database: DatabaseHandle = {
      ...ctx.database,
      close: async () => {
        databaseClosed = true;
      },
    };
    expect(
      await shutDown({
        server: server as Server,
        app,
        database,
        limiterStore: store,
        logger: silentLogger,
        timeoutMs: 5_000,
      }),
    ).toBe(true);
    expect(databaseClosed).toBe(true);
    await vi.waitFor(() => expect(store.client.status).toBe('end'));
  });
});
