import { randomBytes } from 'node:crypto';
import type { Server } from 'node:http';
import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { describe, expect, it, vi } from 'vitest';
import type { ApiErrorBody, ReadyDto } from '../../src/lib/shared/api-types';
import { TOO_MANY_LOGINS_MESSAGE } from '../src/auth/limits';
import { openDatabase, type DatabaseHandle } from '../src/db/database';
import { MIGRATION_NAMES } from '../src/db/migrate';
import { prepareDatabase } from '../src/db/prepare';
import type { Database } from '../src/db/schema';
import { DEMO_PASSWORD } from '../src/db/seed/demo-users';
import {
  DATABASE_UNREACHABLE_MESSAGE,
  MIGRATIONS_PENDING_MESSAGE,
  SHUTTING_DOWN_MESSAGE,
  type App,
} from '../src/http/app';
import { shutDown } from '../src/lifecycle/shutdown';
import { createLogger } from '../src/logger';
import { Mailer, MAIL_CLAIM_MS, type OutgoingEmail } from '../src/mail/mailer';
import { listen } from '../src/startup';
import { createUser, jsonRequest, silentLogger, throwawayDatabase } from './helpers';
import { testContextForFile } from './support/file-context';
import { firstSendHeld } from './support/first-send-held';

/** Instances started at once in the migration test: more than two, fewer than the pool's connections. */
const INSTANCES = 3;

const ctx = testContextForFile();

/**
 * A database nobody migrated, opened by `count` instances: on PostgreSQL a new database and one pool per instance;
 * PGlite's database belongs to one process, so there the instances share its handle.
 */
async function unmigratedDatabase(count: number) {
  const adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) {
    const handle = await openDatabase({ dataDir: 'memory://' });
    return { handles: Array.from({ length: count }, () => handle), close: () => handle.close() };
  }
  const database = await throwawayDatabase(adminUrl);
  const handles = await Promise.all(
    Array.from({ length: count }, () => openDatabase({ databaseUrl: database.url, dataDir: 'memory://' })),
  );
  return {
    handles,
    close: async () => {
      await Promise.all(handles.map((handle) => handle.close()));
      await database.drop();
    },
  };
}

async function ready(app: App) {
  const response = await app.request('/api/ready');
  return { status: response.status, body: (await response.json()) as ReadyDto };
}

describe('instances starting together', () => {
  // A budget against hangs: three instances migrating and seeding one database at once take 3 s alone and ran past
  // the default 30 s beside a full suite on a loaded two-core machine.
  it('migrate and seed a new database once, and are ready once it is done', async () => {
    const fresh = await unmigratedDatabase(INSTANCES);
    try {
      const app = ctx.makeApp({ database: fresh.handles[0]! });
      expect(await ready(app)).toEqual({
        status: 503,
        body: { status: 'unavailable', db: fresh.handles[0]!.kind, message: MIGRATIONS_PENDING_MESSAGE },
      });

      const results = await Promise.all(fresh.handles.map((handle) => prepareDatabase(handle)));
      const migrators = results.filter((result) => result.applied.length > 0);
      expect(migrators).toHaveLength(1);
      expect(migrators[0]!.applied).toEqual(MIGRATION_NAMES);
      expect(results.filter((result) => result.seed.seeded)).toHaveLength(1);

      const { db } = fresh.handles[0]!;
      const applied = await db
        .selectFrom('kysely_migration' as never)
        .select('name' as never)
        .execute();
      expect(applied).toHaveLength(MIGRATION_NAMES.length);
      const countries = await db.selectFrom('countries').select('id').execute();
      expect(countries).toHaveLength(3);
      expect(await ready(app)).toEqual({ status: 200, body: { status: 'ready', db: fresh.handles[0]!.kind } });
    } finally {
      await fresh.close();
    }
  }, 120_000);

  it('are not ready without their database', async () => {
    // Port 1 of the loopback: nothing listens there, so every connection is refused.
    const pool = new pg.Pool({ connectionString: 'postgres://postgres@127.0.0.1:1/ninguna', max: 1 });
    const unreachable = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    const app = ctx.makeApp({ database: { db: unreachable, kind: 'postgres', close: () => unreachable.destroy() } });
    try {
      expect(await ready(app)).toEqual({
        status: 503,
        body: { status: 'unavailable', db: 'postgres', message: DATABASE_UNREACHABLE_MESSAGE },
      });
    } finally {
      await unreachable.destroy();
    }
  });
});

describe('login lock-out across instances', () => {
  it('five wrong passwords spread over two instances lock the pair out on both', async () => {
    const [one, two] = [ctx.app, await ctx.openInstance()];
    const user = await createUser(ctx, { role: 'doctor' });
    const from = { 'x-forwarded-for': '203.0.113.77' };
    const login = (app: App, password: string) =>
      app.request('/api/auth/email-login', jsonRequest('POST', { email: user.email, password }, from));
    for (let attempt = 0; attempt < 5; attempt += 1) {
      expect((await login(attempt % 2 === 0 ? one : two!, `Mala${attempt}xx1`)).status).toBe(401);
    }
    for (const app of [one, two!]) {
      const blocked = await login(app, DEMO_PASSWORD);
      expect(blocked.status).toBe(429);
      expect(((await blocked.json()) as ApiErrorBody).message).toBe(TOO_MANY_LOGINS_MESSAGE);
      expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
    }
  });
});

describe('the outbox across instances', () => {
  /** A transport that records what it sends, for the e-mails of this test only. */
  function recordingTransport(prefix: string, sent: string[], beforeSend?: () => Promise<void>) {
    return {
      name: 'memoria',
      send: async (email: OutgoingEmail) => {
        await beforeSend?.();
        if (email.to.startsWith(prefix)) sent.push(email.to);
      },
    };
  }

  async function enqueue(prefix: string, count: number) {
    const mailer = new Mailer(ctx.database.db, null, silentLogger);
    const addresses = Array.from({ length: count }, (_, index) => `${prefix}${index}@correo.test`);
    for (const to of addresses) await mailer.enqueue(ctx.database.db, { to, subject: 'Aviso', text: 'Hola' });
    return addresses;
  }

  const outboxOf = (prefix: string) =>
    ctx.database.db
      .selectFrom('outbox_emails')
      .select(['to_address', 'sent_at', 'claimed_until'])
      .where('to_address', 'like', `${prefix}%`)
      .execute();

  it('two instances delivering at once send each e-mail once', async () => {
    const prefix = `dos-instancias-${randomBytes(3).toString('hex')}-`;
    const addresses = await enqueue(prefix, 30);
    const sent: string[] = [];
    const [one, two] = await Promise.all([
      ctx.openInstance({ mailTransport: recordingTransport(prefix, sent) }),
      ctx.openInstance({ mailTransport: recordingTransport(prefix, sent) }),
    ]);
    await Promise.all([one.services.mailer.deliverPending(), two.services.mailer.deliverPending()]);
    await Promise.all([one.services.mailer.deliverPending(), two.services.mailer.deliverPending()]);
    expect(sent.sort()).toEqual(addresses.sort());
  });

  it('an e-mail claimed by an instance that died is sent once its claim lapses', async () => {
    const prefix = `reclamado-${randomBytes(3).toString('hex')}-`;
    const [address] = await enqueue(prefix, 1);
    const claim = (until: Date) =>
      ctx.database.db.updateTable('outbox_emails').set({ claimed_until: until }).where('to_address', '=', address!);
    await claim(new Date(Date.now() + MAIL_CLAIM_MS)).execute();
    const sent: string[] = [];
    const survivor = await ctx.openInstance({ mailTransport: recordingTransport(prefix, sent) });
    await survivor.services.mailer.deliverPending();
    expect(sent).toEqual([]);
    // The dead instance's claim runs out.
    await claim(new Date(Date.now() - 1)).execute();
    await survivor.services.mailer.deliverPending();
    await survivor.services.mailer.deliverPending();
    expect(sent).toEqual([address]);
  });

  it('an instance stopping mid-batch sends the e-mail under way and hands the rest back at once', async () => {
    const prefix = `parada-${randomBytes(3).toString('hex')}-`;
    await enqueue(prefix, 3);
    const held = firstSendHeld();
    const sent: string[] = [];
    const stopping = await ctx.openInstance({ mailTransport: recordingTransport(prefix, sent, held.enter) });
    await held.stopDuring(
      () => stopping.services.mailer.deliverPending(),
      () => stopping.services.mailer.stop(),
    );
    expect(held.calls).toBe(1);
    const rows = await outboxOf(prefix);
    expect(rows.every((row) => row.claimed_until === null)).toBe(true);

    const others: string[] = [];
    const other = await ctx.openInstance({ mailTransport: recordingTransport(prefix, others) });
    await other.services.mailer.deliverPending();
    await other.services.mailer.deliverPending();
    expect([...sent, ...others]).toHaveLength(3);
    expect((await outboxOf(prefix)).every((row) => row.sent_at !== null)).toBe(true);
  });
});

describe('graceful shutdown', () => {
  /**
   * A listening server whose requests to `/api/lento` wait for the test's word before the app answers them (as
   * /api/health), and a stand-in for its database handle that records being closed (the suite's database stays open).
   */
  async function slowServer() {
    const app = ctx.makeApp();
    let entered!: () => void;
    const started = new Promise<void>((resolve) => (entered = resolve));
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    const { server, port } = await listen(
      async (request) => {
        const url = new URL(request.url);
        if (url.pathname !== '/api/lento') return app.fetch(request);
        entered();
        await released;
        return app.fetch(new Request(new URL('/api/health', url)));
      },
      { port: 0, hostname: '127.0.0.1' },
    );
    let closed = false;
    const database: DatabaseHandle = {
      ...ctx.database,
      close: async () => {
        closed = true;
      },
    };
    return {
      app,
      server: server as Server,
      base: `http://127.0.0.1:${port}`,
      started,
      release,
      database,
      closed: () => closed,
    };
  }

  it('answers 503 to readiness at once, refuses new connections, finishes the request under way, then closes the database', async () => {
    const slow = await slowServer();
    const underWay = fetch(`${slow.base}/api/lento`);
    await slow.started;
    const shutting = shutDown({ ...slow, logger: silentLogger, timeoutMs: 60_000 });

    expect(await ready(slow.app)).toEqual({
      status: 503,
      body: { status: 'unavailable', db: ctx.database.kind, message: SHUTTING_DOWN_MESSAGE },
    });
    await expect(fetch(`${slow.base}/api/health`)).rejects.toThrow();
    expect(slow.closed()).toBe(false);

    slow.release();
    const answer = await underWay;
    expect(answer.status).toBe(200);
    expect(await shutting).toBe(true);
    expect(slow.closed()).toBe(true);
  });

  it('cuts off what is still running at the deadline and closes the database anyway', async () => {
    const slow = await slowServer();
    const underWay = fetch(`${slow.base}/api/lento`);
    await slow.started;
    expect(await shutDown({ ...slow, logger: silentLogger, timeoutMs: 50 })).toBe(false);
    await expect(underWay).rejects.toThrow();
    expect(slow.closed()).toBe(true);
    slow.release();
  });
});

describe.skipIf(!process.env.DATABASE_URL)('a connection PostgreSQL ends (only with DATABASE_URL)', () => {
  it('ended while a transaction holds it between two queries, it fails that transaction, not the process', async () => {
    const name = `cortada-${randomBytes(4).toString('hex')}`;
    const url = new URL(ctx.databaseUrl ?? '');
    url.searchParams.set('application_name', name);
    // The server's own log, as main.ts passes it: the line is JSON like every other.
    const lines: string[] = [];
    const logger = createLogger('error', { write: (line) => void lines.push(line) });
    const handle = await openDatabase({ databaseUrl: url.toString(), dataDir: 'memory://', logger });
    const uncaught: unknown[] = [];
    const hear = (error: unknown) => uncaught.push(error);
    process.on('uncaughtException', hear);
    try {
      const transaction = handle.db.transaction().execute(async (trx) => {
        await sql`select 1`.execute(trx);
        // What a restart, a failover or an administrator does to the session while the application holds it.
        await sql`select pg_terminate_backend(pid) from pg_stat_activity where application_name = ${name}`.execute(
          ctx.database.db,
        );
        await vi.waitFor(() => expect(lines).not.toHaveLength(0));
        await sql`select 1`.execute(trx);
      });
      await expect(transaction).rejects.toThrow();
      const line = JSON.parse(lines[0] ?? '') as { level: string; msg: string };
      expect(line.level).toBe('error');
      expect(line.msg).toMatch(/^PostgreSQL cerró una conexión: terminating connection/);

      const { rows } = await sql<{ answer: number }>`select 42 as answer`.execute(handle.db);
      expect(rows[0]?.answer).toBe(42);
      expect(uncaught).toEqual([]);
    } finally {
      process.off('uncaughtException', hear);
      await handle.close();
    }
  });
});
