import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Kysely } from 'kysely';
import pg from 'pg';
import type { LoginResponseDto, Role } from '../../src/lib/shared/accounts';
import { COUNTRIES, type CountryCode } from '../../src/lib/shared/countries';
import { openDatabase, type DatabaseHandle } from '../src/db/database';
import { migrateDownOne, migrateToLatest } from '../src/db/migrate';
import { prepareDatabase } from '../src/db/prepare';
import type { Database, UserRow } from '../src/db/schema';
import { DEMO_PASSWORD } from '../src/db/seed/demo-users';
import { createApp, type App, type AppOptions } from '../src/http/app';
import type { LimiterStore } from '../src/http/rate-limit';
import { closeLimiterStore, openRedisLimiterStore, type RedisLimiterStore } from '../src/http/redis-limits';
import { openSession } from '../src/sessions/repo';
import { newUid } from '../src/users/repo';

export interface TestContext {
  database: DatabaseHandle;
  app: App;
  /** The throw-away PostgreSQL database of this context (DATABASE_URL set), for instances a test opens and closes itself. */
  databaseUrl: string | undefined;
  /** A private temporary UPLOADS_DIR, removed by close(). */
  uploadsDir: string;
  /** A private temporary DATA_DIR (the image cache), removed by close(). */
  dataDir: string;
  /** Another app over the same database (for instance with OIDC configured or other limits). */
  makeApp: (overrides?: Partial<AppOptions>) => App;
  /**
   * Another instance of the server on the same database: on PostgreSQL with a connection pool of its own, as a second
   * process would have (closed by close()); PGlite's database belongs to one process, so there it shares the handle.
   */
  openInstance: (overrides?: Partial<AppOptions>) => Promise<App>;
  close: () => Promise<void>;
}

export const silentLogger = { error: () => undefined, info: () => undefined, debug: () => undefined };

/** A key prefix no other test file or run uses, so tests on one shared Redis never see each other's counters. */
export function freshRedisKeyPrefix(): string {
  return `prueba:${randomBytes(6).toString('hex')}:`;
}

/** Removes the keys under a store's prefix, and only those: the Redis may be shared (never FLUSHDB). */
export async function deleteRedisKeys(store: RedisLimiterStore): Promise<void> {
  let cursor = '0';
  do {
    const [next, keys] = await store.client.scan(cursor, 'MATCH', `${store.keyPrefix}*`, 'COUNT', 1000);
    if (keys.length > 0) await store.client.unlink(...keys);
    cursor = next;
  } while (cursor !== '0');
}

/** A new, empty database on the PostgreSQL server of `adminUrl` (which it connects to as an admin), and its dropping. */
export async function throwawayDatabase(adminUrl: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const cleaner = new pg.Client({ connectionString: adminUrl });
      await cleaner.connect();
      await cleaner.query(`drop database if exists ${name} with (force)`);
      await cleaner.end();
    },
  };
}

const assetsDir = fileURLToPath(new URL('../assets', import.meta.url));

async function prepare(database: DatabaseHandle, seed: boolean): Promise<void> {
  if (seed) await prepareDatabase(database);
  else await migrateToLatest(database.db);
}

/**
 * On PGlite, each worker migrates (and seeds) one database and every test file opens a copy of it: a copy skips
 * initdb, the migrations and the seed, which cost more than most files' tests. Test files share the worker's module
 * graph (`isolate: false`), so the two templates are made once per worker.
 */
const pgliteTemplates = new Map<boolean, Promise<Blob>>();
function pgliteTemplate(seed: boolean): Promise<Blob> {
  let template = pgliteTemplates.get(seed);
  if (!template) {
    template = (async () => {
      const database = await openDatabase({ dataDir: 'memory://' });
      try {
        await prepare(database, seed);
        return await database.snapshot!();
      } finally {
        await database.close();
      }
    })();
    pgliteTemplates.set(seed, template);
    // A failed template is not kept: the next file tries again and reports its own error.
    template.catch(() => pgliteTemplates.delete(seed));
  }
  return template;
}

/**
 * A fresh, migrated and seeded database per test file: in-memory PGlite by default, or a throw-away database
 * on the PostgreSQL server of `DATABASE_URL` (CI runs the suite both ways). Tests trust X-Forwarded-For so each
 * test can act as its own client address for the rate limits.
 */
export async function createTestContext(
  options: { seed?: boolean; app?: Partial<AppOptions> } = {},
): Promise<TestContext> {
  const adminUrl = process.env.DATABASE_URL;
  let dropDatabase: (() => Promise<void>) | undefined;
  let databaseUrl: string | undefined;
  if (adminUrl) {
    const database = await throwawayDatabase(adminUrl);
    databaseUrl = database.url;
    dropDatabase = database.drop;
  }
  const seed = options.seed !== false;
  const template = databaseUrl ? undefined : await pgliteTemplate(seed);
  const database = await openDatabase({ databaseUrl, dataDir: 'memory://', template });
  try {
    if (!template) await prepare(database, seed);
  } catch (error) {
    // A failed setup must not leave a throw-away database behind on the shared server.
    await database.close();
    await dropDatabase?.();
    throw error;
  }
  const uploadsDir = await mkdtemp(join(tmpdir(), 'dispensario-uploads-'));
  const dataDir = await mkdtemp(join(tmpdir(), 'dispensario-data-'));
  const instances: DatabaseHandle[] = [];
  // With REDIS_URL the whole suite counts its limits in Redis, as the server does: one prefix per context, as one
  // throw-away database per context on PostgreSQL.
  const redisUrl = process.env.REDIS_URL;
  const limiterStore: LimiterStore | undefined = redisUrl
    ? await openRedisLimiterStore(redisUrl, silentLogger, freshRedisKeyPrefix())
    : undefined;
  const makeApp = (overrides: Partial<AppOptions> = {}) =>
    createApp({
      database,
      distDir: '/nonexistent-dist',
      assetsDir,
      logger: silentLogger,
      limiterStore,
      uploadsDir,
      dataDir,
      trustProxy: 1,
      mailTransport: null,
      // Tests write the database directly, as another instance would: every catalogue answer checks the version.
      catalogueVersionCheckMs: 0,
      ...options.app,
      ...overrides,
    });
  return {
    database,
    app: makeApp(),
    databaseUrl,
    uploadsDir,
    dataDir,
    makeApp,
    openInstance: async (overrides) => {
      if (!databaseUrl) return makeApp(overrides);
      const other = await openDatabase({ databaseUrl, dataDir: 'memory://' });
      instances.push(other);
      return makeApp({ ...overrides, database: other });
    },
    close: async () => {
      await Promise.all(instances.map((instance) => instance.close()));
      if (limiterStore?.kind === 'redis') await deleteRedisKeys(limiterStore);
      await closeLimiterStore(limiterStore);
      await database.close();
      await dropDatabase?.();
      await rm(uploadsDir, { recursive: true, force: true });
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Reverts migrations one step at a time, latest first, until `name` is reverted (later ones go first, since they may
 * depend on it). Answers the reverted names in the order they were reverted.
 */
export async function revertMigrationsThrough(db: Kysely<Database>, name: string): Promise<string[]> {
  const reverted: string[] = [];
  while (!reverted.includes(name)) {
    const step = await migrateDownOne(db);
    if (step.length !== 1) throw new Error(`Se esperaba revertir una migración y se revirtieron ${step.length}`);
    reverted.push(...step);
  }
  return reverted;
}

export function authHeaders(token: string, country?: CountryCode): Record<string, string> {
  return { authorization: `Bearer ${token}`, ...(country ? { 'x-country': country } : {}) };
}

export function jsonRequest(
  method: string,
  body: unknown,
  headers: Record<string, string> = {},
): RequestInit & { headers: Record<string, string> } {
  return {
    method,
    headers: { 'content-type': 'application/json', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  };
}

/** Logs in through the API, as the storefront does; the password hashing makes it cost 15–60 ms. */
export async function loginAs(
  app: App,
  email: string,
  options: { country?: CountryCode; password?: string; address?: string } = {},
): Promise<LoginResponseDto> {
  const response = await app.request(
    '/api/auth/email-login',
    jsonRequest(
      'POST',
      { email, password: options.password ?? DEMO_PASSWORD },
      {
        'x-country': options.country ?? 'co',
        ...(options.address ? { 'x-forwarded-for': options.address } : {}),
      },
    ),
  );
  if (response.status !== 200) throw new Error(`login ${email} → ${response.status}: ${await response.text()}`);
  return (await response.json()) as LoginResponseDto;
}

/** A session opened straight in the database: no password hashing, for tests about what happens after login. */
export async function sessionFor(ctx: TestContext, email: string, country: CountryCode = 'co'): Promise<string> {
  const user = await userByEmail(ctx, email);
  const { token } = await openSession(ctx.database.db, user.id, COUNTRIES[country].countryId);
  return token;
}

export async function userByEmail(ctx: TestContext, email: string): Promise<UserRow> {
  return ctx.database.db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirstOrThrow();
}

let sequence = 0;

/**
 * Inserts a user with the demo password (reusing a seeded hash, so no hashing cost). Unique e-mail and document
 * unless given.
 */
export async function createUser(
  ctx: TestContext,
  fields: {
    role: Role;
    approval?: 'pending' | 'approved' | 'rejected';
    email?: string;
    documentNumber?: string;
    doctorId?: number | null;
    countryId?: number;
    firstName?: string;
  },
): Promise<UserRow> {
  sequence += 1;
  const unique = `${Date.now().toString(36)}${sequence}${randomBytes(2).toString('hex')}`;
  const admin = await userByEmail(ctx, 'admin@demo.test');
  const firstName = fields.firstName ?? 'Prueba';
  return ctx.database.db
    .insertInto('users')
    .values({
      uid: newUid(),
      email: fields.email ?? `usuario.${unique}@prueba.test`,
      password_hash: admin.password_hash,
      role: fields.role,
      approval_status: fields.approval ?? 'approved',
      display_name: `${firstName} ${unique}`,
      first_name: firstName,
      last_name: unique,
      document_number: fields.documentNumber ?? `9${String(Date.now()).slice(-7)}${String(sequence).padStart(4, '0')}`,
      country_id: fields.countryId ?? 1,
      doctor_id: fields.doctorId ?? null,
      purchase_level_id: fields.role === 'patient' ? null : 1,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** The newest e-mail queued for `email` (the outbox keeps them all without a mail server). */
export async function lastEmailTo(ctx: TestContext, email: string) {
  return ctx.database.db
    .selectFrom('outbox_emails')
    .selectAll()
    .where('to_address', '=', email)
    .orderBy('id', 'desc')
    .executeTakeFirst();
}
