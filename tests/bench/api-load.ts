import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { serve, type ServerType } from '@hono/node-server';
import autocannon from 'autocannon';
import { Hono } from 'hono';
import { sql, type Kysely } from 'kysely';
import pg from 'pg';
import { openDatabase, type DatabaseHandle, type DatabaseKind } from '../../server/src/db/database';
import { migrateToLatest } from '../../server/src/db/migrate';
import type { Database } from '../../server/src/db/schema';
import { seedBenchProducts } from '../../server/src/db/seed/bench';
import { DEMO_PASSWORD } from '../../server/src/db/seed/demo-users';
import { seedIfEmpty } from '../../server/src/db/seed/seed';
import { createApp } from '../../server/src/http/app';
import { createLogger } from '../../server/src/logger';

const HOST = '127.0.0.1';

export interface LoadSettings {
  connections: number;
  durationS: number;
  warmupS: number;
}

export interface Scenario {
  name: string;
  path: string;
  /** Asked as this demo user (Bearer token from an e-mail login in `country`); else anonymously. */
  as?: { country: string; email: string };
  /** Issue #18's target: at least this share of the floor (0–1) and a p99 at most this long (ms). */
  target: { floorShare: number; p99Ms: number };
}

export interface LoadFigures {
  requestsPerS: number;
  p50Ms: number;
  p99Ms: number;
  requests: number;
  /** Connection errors and timeouts. */
  errors: number;
  non2xx: number;
}

export interface ScenarioOutcome {
  scenario: Scenario;
  /** The body the API sent, served again by the floor server. */
  payload: Payload;
  total: number;
  load: LoadFigures;
}

export interface Payload {
  body: string;
  contentType: string;
  bytes: number;
}

export interface DatabaseRun {
  kind: DatabaseKind;
  products: number;
  /** Inserting the generated products. */
  seedMs: number;
  outcomes: ScenarioOutcome[];
  /** PostgreSQL: tables autovacuum analysed during the run, which changes query plans mid-bench. */
  autoAnalyzed: string[];
}

/**
 * Warm-up, then a fixed-duration run against a server of ours on 127.0.0.1; the load generator runs in a worker
 * thread, off the server's thread. Each run starts with no request of the previous one left in the server.
 */
export async function measureLoad(
  url: string,
  settings: LoadSettings,
  idle: () => Promise<void>,
  headers: Record<string, string> = {},
): Promise<LoadFigures> {
  const { connections, durationS, warmupS } = settings;
  if (warmupS > 0) {
    await autocannon({ url, connections, duration: warmupS, workers: 1, headers });
    await idle();
  }
  const result = await autocannon({ url, connections, duration: durationS, workers: 1, headers });
  await idle();
  return {
    requestsPerS: result.requests.average,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    requests: result.requests.total,
    errors: result.errors,
    non2xx: result.non2xx,
  };
}

export interface Listening {
  server: ServerType;
  origin: string;
  /** Resolves once no request is being handled (or after `DRAIN_TIMEOUT_MS`). */
  idle: () => Promise<void>;
}

const DRAIN_TIMEOUT_MS = 30_000;

/**
 * Serves `fetch` on a free port of 127.0.0.1 and counts requests in flight: when autocannon stops, the requests it
 * abandoned are still queued for the database, and they must finish before the next run or before the database
 * closes.
 */
export async function listen(fetch: (request: Request) => Response | Promise<Response>): Promise<Listening> {
  let inFlight = 0;
  const waiters: (() => void)[] = [];
  const counted = async (request: Request) => {
    inFlight += 1;
    try {
      return await fetch(request);
    } finally {
      inFlight -= 1;
      if (inFlight === 0) waiters.splice(0).forEach((wake) => wake());
    }
  };
  const idle = () =>
    inFlight === 0
      ? Promise.resolve()
      : new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, DRAIN_TIMEOUT_MS);
          waiters.push(() => {
            clearTimeout(timer);
            resolve();
          });
        });
  return new Promise((resolve) => {
    const server = serve({ fetch: counted, port: 0, hostname: HOST }, (info: AddressInfo) =>
      resolve({ server, origin: `http://${HOST}:${info.port}`, idle }),
    );
  });
}

async function close({ server, idle }: Listening): Promise<void> {
  const closed = new Promise<void>((resolve) => server.close(() => resolve()));
  await idle();
  if ('closeAllConnections' in server) server.closeAllConnections();
  await closed;
}

/**
 * Migrates and seeds a database as the server does at its first start, adds `products` generated products, and
 * closes it: for the benches that start the production server over it.
 */
export async function seedBenchDatabase(options: {
  databaseUrl?: string | undefined;
  dataDir: string;
  products: number;
}): Promise<void> {
  const database = await openDatabase({ databaseUrl: options.databaseUrl, dataDir: options.dataDir });
  try {
    await seedBench(database, options.products);
  } finally {
    await database.close();
  }
}

/** Migrates and seeds like the real server, then adds `products` generated products (0: the demo catalogue alone). */
export async function seedBench(database: DatabaseHandle, products = 0): Promise<void> {
  await migrateToLatest(database.db);
  await seedIfEmpty(database.db);
  if (products > 0) await seedBenchProducts(database.db, products);
}

/** The real Hono app in this process over `database`, serving the built PWA, logging errors only. */
export function benchApp(database: DatabaseHandle, files: { distDir: string; assetsDir: string; dataDir?: string }) {
  return createApp({ database, ...files, logger: createLogger('error') });
}

/**
 * Opens a database (PostgreSQL when `databaseUrl` is set, else PGlite in a temp directory), seeds it like the
 * real server, grows it to `products` generated products and loads the real Hono app in this process.
 */
export async function benchDatabase(options: {
  databaseUrl?: string | undefined;
  products: number;
  distDir: string;
  assetsDir: string;
  scenarios: readonly Scenario[];
  settings: LoadSettings;
}): Promise<DatabaseRun> {
  const dataDir = await mkdtemp(join(tmpdir(), 'dispensario-bench-data-'));
  const database = await openDatabase({ databaseUrl: options.databaseUrl, dataDir });
  let listening: Listening | undefined;
  try {
    await migrateToLatest(database.db);
    await seedIfEmpty(database.db);
    const seedStarted = performance.now();
    await seedBenchProducts(database.db, options.products);
    const seedMs = performance.now() - seedStarted;

    const app = benchApp(database, { distDir: options.distDir, assetsDir: options.assetsDir });
    listening = await listen(app.fetch);
    const outcomes: ScenarioOutcome[] = [];
    for (const scenario of options.scenarios) {
      const url = `${listening.origin}${scenario.path}`;
      const headers = scenario.as ? await bearerHeaders(listening.origin, scenario.as) : {};
      const { payload, total } = await fetchPayload(url, headers);
      const load = await measureLoad(url, options.settings, listening.idle, headers);
      outcomes.push({ scenario, payload, total, load });
    }
    const autoAnalyzed = database.kind === 'postgres' ? await autoAnalyzedTables(database.db) : [];
    return { kind: database.kind, products: options.products, seedMs, outcomes, autoAnalyzed };
  } finally {
    if (listening) await close(listening);
    await database.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}

async function autoAnalyzedTables(db: Kysely<Database>): Promise<string[]> {
  const { rows } = await sql<{ relname: string }>`
    SELECT relname FROM pg_stat_user_tables WHERE last_autoanalyze IS NOT NULL ORDER BY relname
  `.execute(db);
  return rows.map((row) => row.relname);
}

/** Logs a demo user in through the API, as the storefront does, and returns the headers of its requests. */
async function bearerHeaders(origin: string, as: { country: string; email: string }): Promise<Record<string, string>> {
  const answer = await fetch(`${origin}/api/auth/email-login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-country': as.country },
    body: JSON.stringify({ email: as.email, password: DEMO_PASSWORD }),
  });
  if (!answer.ok) throw new Error(`login ${as.email}: ${answer.status} ${await answer.text()}`);
  const { sessionToken } = (await answer.json()) as { sessionToken: string };
  return { authorization: `Bearer ${sessionToken}`, 'x-country': as.country };
}

async function fetchPayload(
  url: string,
  headers: Record<string, string>,
): Promise<{ payload: Payload; total: number }> {
  const response = await fetch(url, { headers });
  const body = await response.text();
  if (!response.ok) throw new Error(`GET ${url} answered ${response.status}: ${body.slice(0, 200)}`);
  const parsed = JSON.parse(body) as { total?: unknown };
  return {
    payload: {
      body,
      contentType: response.headers.get('content-type') ?? 'application/json',
      bytes: Buffer.byteLength(body),
    },
    total: Number(parsed.total ?? Number.NaN),
  };
}

/**
 * The floor: the same bytes, from memory, through the same stack (Hono on @hono/node-server) without the database,
 * the query parsing or JSON serialisation.
 */
export async function measureFloor(payload: Payload, settings: LoadSettings): Promise<LoadFigures> {
  const app = new Hono();
  app.get('/payload.json', (c) =>
    c.body(payload.body, 200, { 'content-type': payload.contentType, 'cache-control': 'no-store' }),
  );
  const listening = await listen(app.fetch);
  try {
    return await measureLoad(`${listening.origin}/payload.json`, settings, listening.idle);
  } finally {
    await close(listening);
  }
}

const OBJECT_IN_USE = '55006';
const DROP_ATTEMPTS = 50;
const DROP_RETRY_MS = 100;

/** Creates `bench_<random>` on the server of `baseUrl`, hands its URL to `task` and drops it afterwards. */
export async function withThrowawayDatabase<T>(baseUrl: string, task: (databaseUrl: string) => Promise<T>) {
  const name = `bench_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  // The app's pool resolves its `end()` before the sockets are closed, and a forced drop that terminates them makes
  // the pool emit an unhandled 'error': wait until the database is free, force only as a last resort.
  const drop = async () => {
    for (let attempt = 0; attempt < DROP_ATTEMPTS; attempt += 1) {
      try {
        await admin.query(`DROP DATABASE IF EXISTS ${name}`);
        return;
      } catch (error) {
        if ((error as { code?: unknown }).code !== OBJECT_IN_USE) throw error;
        await new Promise((resolve) => setTimeout(resolve, DROP_RETRY_MS));
      }
    }
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  };
  // Ctrl-C during the run must not leave the database behind.
  const onSignal = () => {
    void admin
      .query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
      .catch(() => undefined)
      .finally(() => process.exit(130));
  };
  process.once('SIGINT', onSignal);
  try {
    await admin.query(`CREATE DATABASE ${name}`);
    const url = new URL(baseUrl);
    url.pathname = `/${name}`;
    return { name, result: await task(url.toString()) };
  } finally {
    process.off('SIGINT', onSignal);
    try {
      await drop();
    } finally {
      await admin.end();
    }
  }
}
