import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import type { Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiErrorBody } from '../../src/lib/shared/api-types';
import type { CredentialsStatusDto } from '../../src/lib/shared/accounts';
import type { PrescriptionDetailDto } from '../../src/lib/shared/prescriptions';
import { TOO_MANY_LOGINS_MESSAGE } from '../src/auth/limits';
import { openDatabase, type DatabaseHandle } from '../src/db/database';
import { DEMO_PASSWORD } from '../src/db/seed/demo-users';
import type { App } from '../src/http/app';
import { listen } from '../src/startup';
import { UPLOAD_CHUNK_BYTES } from '../src/uploads/storage';
import { authHeaders, createTestContext, createUser, sessionFor, userByEmail, type TestContext } from './helpers';
import { card, createdOrder, orderBody, submitPaymentPage, WEBHOOK_SECRET } from './orders-fixtures';
import { createPatient, productIdOf, tool } from './prescriptions-fixtures';
import { fakeBrowser, startPushService } from './reminders-fixtures';
import { roundRobinProxy, type RoundRobinProxy } from './round-robin-proxy';
import { ZINC } from './support/seed-products';

/**
 * Three instances of the server on one PostgreSQL database behind a round-robin proxy, as a deployment runs them:
 * each with its own connection pool and its own HTTP server on the loopback, so nothing but the database joins them.
 * They run in this process (a test reaches into their schedulers and clocks); an instance is killed by dropping its
 * connections and its pool at once, without the graceful shutdown. The last describe runs them as separate processes
 * instead, and kills one with SIGKILL.
 */
const INSTANCES = 3;
/** Writes queued by the outbox in the last test, and how many are sent at once (a device replays them in a row). */
const QUEUED_WRITES = 200;
const WRITES_AT_ONCE = 8;
/**
 * As the outbox does, a request unanswered this long is given up and sent again with its key: a request in flight on
 * the instance that died may never be answered (ms).
 */
const REQUEST_TIMEOUT_MS = 5000;
/** Pause before a write the proxy could not deliver is sent again (the outbox backs off longer; a test cannot wait). */
const RETRY_PAUSE_MS = 20;

const databaseUrl = process.env.DATABASE_URL;

interface QueuedWriteAnswer {
  status: number;
  /** The instance that answered, by its index behind the proxy. */
  instance: number;
  /** Only on a 2xx, read whole. */
  body?: PrescriptionDetailDto;
}

/**
 * One try of a queued write, as the outbox makes it. The answer counts only once its body is read: an instance that
 * dies halfway through one delivered nothing, and the proxy then cuts the body off. Any failure is `undefined`, a
 * write still queued.
 */
async function tryQueuedWrite(
  url: string,
  init: RequestInit,
  timeoutMs: number,
): Promise<QueuedWriteAnswer | undefined> {
  try {
    const answer = await fetch(url, { ...init, signal: AbortSignal.timeout(timeoutMs) });
    const instance = Number(answer.headers.get('x-instancia'));
    if (!answer.ok) {
      await answer.body?.cancel();
      return { status: answer.status, instance };
    }
    return { status: answer.status, instance, body: (await answer.json()) as PrescriptionDetailDto };
  } catch {
    return undefined;
  }
}
const SKIP_REASON = "only with DATABASE_URL: PGlite's database belongs to one process";

interface Instance {
  app: App;
  database: DatabaseHandle;
  server: Server;
  port: number;
  /** Its sessions' application_name in PostgreSQL. */
  name: string;
}

describe.skipIf(!databaseUrl)(`three instances on one PostgreSQL behind a proxy (${SKIP_REASON})`, () => {
  let ctx: TestContext;
  let proxy: RoundRobinProxy;
  let push: Awaited<ReturnType<typeof startPushService>>;
  const instances: Instance[] = [];
  /** Pools of killed instances, closed at the end (a dead process's connections simply drop). */
  const dead: Promise<void>[] = [];
  let now = new Date();
  const remindersOptions = { allowLocalEndpoints: true, clock: () => now };

  /** Each instance's own UPLOADS_DIR, as on separate machines: a file kept on one disk would be missing elsewhere. */
  const disks: string[] = [];

  let started = 0;
  async function startInstance(): Promise<Instance> {
    // Named in PostgreSQL, so a kill can drop its sessions as the end of a process does.
    const name = `instancia-${(started += 1)}`;
    const url = new URL(ctx.databaseUrl ?? '');
    url.searchParams.set('application_name', name);
    const database = await openDatabase({ databaseUrl: url.toString(), dataDir: 'memory://' });
    const uploadsDir = await mkdtemp(join(tmpdir(), 'dispensario-instancia-'));
    disks.push(uploadsDir);
    const app = ctx.makeApp({ database, uploadsDir, reminders: remindersOptions });
    const listening = await listen(app.fetch, { port: 0, hostname: '127.0.0.1' });
    return { app, database, server: listening.server as Server, port: listening.port, name };
  }

  /**
   * A process that dies: its sockets close, and PostgreSQL ends its sessions and rolls back what they had open (a
   * transaction of the dead process must not keep holding its locks, as it would if only its pool were closed).
   */
  async function kill(instance: Instance): Promise<void> {
    instance.server.closeAllConnections();
    instance.server.close();
    await sql`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = ${instance.name}`.execute(
      ctx.database.db,
    );
    dead.push(instance.database.close().catch(() => undefined));
  }

  const through = (path: string, init: RequestInit = {}) => fetch(`${proxy.url}/api${path}`, init);
  const instanceOf = (response: Response) => Number(response.headers.get('x-instancia'));

  beforeAll(async () => {
    ctx = await createTestContext({ app: { paymentsWebhookSecret: WEBHOOK_SECRET, reminders: remindersOptions } });
    for (let index = 0; index < INSTANCES; index += 1) instances.push(await startInstance());
    proxy = await roundRobinProxy(() => instances.map((instance) => instance.port));
    push = await startPushService();
  });

  afterAll(async () => {
    await proxy?.close();
    await push?.close();
    for (const instance of instances) await kill(instance);
    await Promise.allSettled(dead);
    await ctx?.close();
    await Promise.all(disks.map((disk) => rm(disk, { recursive: true, force: true })));
  });

  it('an upload through one instance is downloaded through another, byte for byte', async () => {
    const doctor = authHeaders(await sessionFor(ctx, 'medico.co@demo.test'), 'co');
    const doctorId = (await userByEmail(ctx, 'medico.co@demo.test')).id;
    // More than two chunks of the database's storage.
    const pdf = Buffer.concat([Buffer.from('%PDF-1.4 tarjeta profesional\n'), randomBytes(2 * UPLOAD_CHUNK_BYTES + 7)]);
    const form = new FormData();
    form.append('files', new File([new Uint8Array(pdf)], 'tarjeta.pdf', { type: 'application/pdf' }));
    form.append('userId', String(doctorId));
    form.append('documentType', 'tarjeta-profesional');
    form.append('contactNumber', '3105550199');
    const uploaded = await through('/credentials', {
      method: 'POST',
      body: form,
      headers: { ...doctor, 'idempotency-key': randomUUID() },
    });
    expect(uploaded.status, await uploaded.clone().text()).toBe(201);
    const status = (await uploaded.json()) as CredentialsStatusDto;
    const fileId = Math.max(...status.history.flatMap((entry) => entry.files.map((file) => file.id)));

    const downloaded = await through(`/credentials/files/${fileId}`, { headers: doctor });
    expect(downloaded.status).toBe(200);
    expect(instanceOf(downloaded)).not.toBe(instanceOf(uploaded));
    expect(downloaded.headers.get('content-length')).toBe(String(pdf.byteLength));
    expect(Buffer.from(await downloaded.arrayBuffer()).equals(pdf)).toBe(true);
  });

  it('five wrong passwords spread over the three instances lock the account out on every one', async () => {
    const user = await createUser(ctx, { role: 'doctor' });
    const login = (password: string) =>
      through('/auth/email-login', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: user.email, password }),
      });
    const failedOn = new Set<number>();
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const failed = await login(`Mala${attempt}xx1`);
      expect(failed.status).toBe(401);
      failedOn.add(instanceOf(failed));
    }
    expect(failedOn.size).toBe(INSTANCES);
    const blockedOn = new Set<number>();
    for (let attempt = 0; attempt < INSTANCES; attempt += 1) {
      const blocked = await login(DEMO_PASSWORD);
      expect(blocked.status).toBe(429);
      expect(((await blocked.json()) as ApiErrorBody).message).toBe(TOO_MANY_LOGINS_MESSAGE);
      blockedOn.add(instanceOf(blocked));
    }
    expect(blockedOn.size).toBe(INSTANCES);
  });

  it('a reminder due once is sent once, though the three schedulers run at the same moment', async () => {
    const doctor = { token: await sessionFor(ctx, 'medico.co@demo.test') };
    const doctorId = (await userByEmail(ctx, 'medico.co@demo.test')).id;
    const { patient } = await createPatient(ctx, doctor);
    const buyer = await createUser(ctx, { role: 'patient', email: patient.email, doctorId });
    await ctx.database.db.updateTable('patients').set({ user_id: buyer.id }).where('id', '=', patient.id).execute();
    const headers = authHeaders(await sessionFor(ctx, buyer.email, 'co'), 'co');
    const zinc = await productIdOf(ctx, ZINC);
    const prescribed = await through('/prescriptions', {
      method: 'POST',
      headers: {
        ...authHeaders(doctor.token, 'co'),
        'content-type': 'application/json',
        'idempotency-key': randomUUID(),
      },
      body: JSON.stringify({ patientId: patient.id, notes: '', tools: [tool(zinc, { units: 1 })] }),
    });
    expect(prescribed.status, await prescribed.clone().text()).toBe(201);
    const browser = fakeBrowser(`${push.url}/tres-instancias`);
    const subscribed = await through('/push/subscriptions', {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify(browser.subscription),
    });
    expect(subscribed.status).toBe(200);
    const { payment } = await createdOrder(ctx, headers, orderBody({ items: [{ productId: zinc, quantity: 1 }] }));
    expect((await submitPaymentPage(ctx, payment.id, card('4242 4242 4242 4242'))).status).toBe(303);

    const [first] = await ctx.database.db
      .selectFrom('reminder_notifications as n')
      .innerJoin('reminder_schedules as s', 's.id', 'n.schedule_id')
      .select('n.due_at')
      .where('s.user_id', '=', buyer.id)
      .orderBy('n.due_at')
      .execute();
    now = first!.due_at;
    const reached = () => push.received.filter((request) => request.path === '/tres-instancias');
    await Promise.all(instances.map((instance) => instance.app.reminders.scheduler.runDue()));
    expect(reached()).toHaveLength(1);
    // Each instance's next tick finds nothing more to send.
    await Promise.all(instances.map((instance) => instance.app.reminders.scheduler.runDue()));
    expect(reached()).toHaveLength(1);
  });

  // 200 writes and a restart: 12 s on a quiet two-core machine, past the default 30 s on a loaded one.
  it(`${QUEUED_WRITES} queued writes replayed while an instance is killed and restarted lose and double nothing`, async () => {
    const token = await sessionFor(ctx, 'medico.co@demo.test');
    const doctor = authHeaders(token, 'co');
    const { patient } = await createPatient(ctx, { token });
    const zinc = await productIdOf(ctx, ZINC);
    const keys = Array.from({ length: QUEUED_WRITES }, () => randomUUID());
    const send = (key: string) =>
      tryQueuedWrite(
        `${proxy.url}/api/prescriptions`,
        {
          method: 'POST',
          headers: { ...doctor, 'content-type': 'application/json', 'idempotency-key': key },
          body: JSON.stringify({ patientId: patient.id, notes: `Cola ${key}`, tools: [tool(zinc)] }),
        },
        REQUEST_TIMEOUT_MS,
      );

    const victim = 1;
    const killAt = Math.floor(QUEUED_WRITES * 0.3);
    const restartAt = Math.floor(QUEUED_WRITES * 0.6);
    let delivered = 0;
    let undelivered = 0;
    let servedAfterRestart = 0;
    let restarted = false;
    let restarting: Promise<void> | undefined;
    const firstAnswers = new Map<string, PrescriptionDetailDto>();
    let next = 0;
    // As the outbox does: a write stays queued until the server answers 2xx, and is sent again with its key.
    async function replayer() {
      while (next < keys.length) {
        const key = keys[next]!;
        next += 1;
        for (;;) {
          const answer = await send(key);
          if (answer?.body) {
            firstAnswers.set(key, answer.body);
            if (restarted && answer.instance === victim) servedAfterRestart += 1;
            break;
          }
          undelivered += 1;
          await new Promise((resolve) => setTimeout(resolve, RETRY_PAUSE_MS));
        }
        delivered += 1;
        if (delivered === killAt) await kill(instances[victim]!);
        if (delivered === restartAt) {
          // On a port of its own, as a replacement container gets an address of its own; the proxy follows it.
          restarting = startInstance().then((instance) => {
            instances[victim] = instance;
            restarted = true;
          });
        }
      }
    }
    await Promise.all(Array.from({ length: WRITES_AT_ONCE }, () => replayer()));
    await restarting;

    // The kill happened mid-stream (writes failed and were sent again), and the restarted instance took its share.
    expect(undelivered).toBeGreaterThan(0);
    expect(servedAfterRestart).toBeGreaterThan(0);
    const ids = [...firstAnswers.values()].map((answer) => answer.id);
    expect(new Set(ids).size).toBe(QUEUED_WRITES);
    const stored = await ctx.database.db
      .selectFrom('prescriptions')
      .select(['id', 'idempotency_key'])
      .where('idempotency_key', 'in', keys)
      .execute();
    expect(stored).toHaveLength(QUEUED_WRITES);
    expect(new Set(stored.map((row) => row.id))).toEqual(new Set(ids));

    // A device that never heard the answers replays them all again: the same prescriptions come back, none is added.
    for (const key of keys) {
      const again = await send(key);
      expect(again?.status).toBe(200);
      expect(again?.body?.id).toBe(firstAnswers.get(key)!.id);
    }
    const afterReplay = await ctx.database.db
      .selectFrom('prescriptions')
      .select((eb) => eb.fn.countAll<string>().as('count'))
      .where('author_id', '=', (await userByEmail(ctx, 'medico.co@demo.test')).id)
      .where('idempotency_key', 'in', keys)
      .executeTakeFirstOrThrow();
    expect(Number(afterReplay.count)).toBe(QUEUED_WRITES);
  }, 120_000);
});

/**
 * Three servers as three Node processes (`server/src/main.ts`, as deployed) on one PostgreSQL database behind a
 * round-robin proxy; one is ended with SIGKILL while queued writes go through, as a crashed container is, and a new
 * process takes its place. Nothing of the dead process runs its shutdown: its sockets and PostgreSQL sessions end
 * because the kernel closes them. In this file, after the instances above are gone, so the two never load the machine
 * together.
 */
const projectRoot = fileURLToPath(new URL('../../', import.meta.url));
const PROCESS_QUEUED_WRITES = 90;
const PROCESS_WRITES_AT_ONCE = 6;
/** tsx compiles the server on each start: on a loaded two-core machine three starts at once take a while (ms). */
const START_TIMEOUT_MS = 150_000;
/** A process's request unanswered this long is given up and sent again with its key (ms). */
const PROCESS_REQUEST_TIMEOUT_MS = 10_000;

interface ServerProcess {
  child: ChildProcess;
  port: number;
  exited: Promise<void>;
}

describe.skipIf(!databaseUrl)(`three server processes, one killed with SIGKILL (${SKIP_REASON})`, () => {
  let ctx: TestContext;
  let proxy: RoundRobinProxy | undefined;
  let dataDir: string;
  /** Every process ever started, killed in afterAll whatever happened. */
  const children: ChildProcess[] = [];
  const servers: ServerProcess[] = [];

  function startServer(): Promise<ServerProcess> {
    // Its own limits in PostgreSQL (no REDIS_URL): the test's Redis prefixes are per context, a process has none.
    const { REDIS_URL: _redis, ...inherited } = process.env;
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], {
      cwd: projectRoot,
      env: {
        ...inherited,
        DATABASE_URL: ctx.databaseUrl,
        HOST: '127.0.0.1',
        PORT: '0',
        LOG_LEVEL: 'info',
        DATA_DIR: dataDir,
        REMINDERS_INTERVAL_MS: '600000',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    children.push(child);
    // Should the test's own process end abruptly, its servers must not outlive it (afterAll would not run).
    process.once('exit', () => child.kill('SIGKILL'));
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    let output = '';
    return new Promise((resolve, reject) => {
      const read = (chunk: Buffer) => {
        output += chunk.toString();
        const port = /listo en http:\/\/localhost:(\d+)/.exec(output)?.[1];
        if (port) resolve({ child, port: Number(port), exited });
      };
      child.stdout?.on('data', read);
      child.stderr?.on('data', read);
      void exited.then(() => reject(new Error(`El servidor terminó antes de escuchar: ${output}`)));
    });
  }

  beforeAll(async () => {
    ctx = await createTestContext();
    dataDir = await mkdtemp(join(tmpdir(), 'dispensario-procesos-'));
    servers.push(...(await Promise.all(Array.from({ length: INSTANCES }, () => startServer()))));
    proxy = await roundRobinProxy(() => servers.map((server) => server.port));
  }, START_TIMEOUT_MS);

  afterAll(async () => {
    await proxy?.close();
    for (const child of children) child.kill('SIGKILL');
    await Promise.all(
      children.map((child) =>
        child.exitCode !== null || child.signalCode !== null
          ? undefined
          : new Promise<void>((resolve) => child.once('exit', () => resolve())),
      ),
    );
    await ctx?.close();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  }, START_TIMEOUT_MS);

  it(
    `${PROCESS_QUEUED_WRITES} queued prescriptions replayed through a SIGKILL and a restart lose and double nothing`,
    async () => {
      const token = await sessionFor(ctx, 'medico.co@demo.test');
      const doctor = authHeaders(token, 'co');
      const doctorId = (await userByEmail(ctx, 'medico.co@demo.test')).id;
      const { patient } = await createPatient(ctx, { token });
      const zinc = await productIdOf(ctx, 'zinc-picolinato-30-mg');
      const keys = Array.from({ length: PROCESS_QUEUED_WRITES }, () => randomUUID());
      const send = (key: string) =>
        tryQueuedWrite(
          `${proxy!.url}/api/prescriptions`,
          {
            method: 'POST',
            headers: { ...doctor, 'content-type': 'application/json', 'idempotency-key': key },
            body: JSON.stringify({ patientId: patient.id, notes: `Proceso ${key}`, tools: [tool(zinc)] }),
          },
          PROCESS_REQUEST_TIMEOUT_MS,
        );

      const victim = 1;
      const killAt = Math.floor(PROCESS_QUEUED_WRITES * 0.25);
      const restartAt = Math.floor(PROCESS_QUEUED_WRITES * 0.4);
      // The last quarter waits for the new process, so it surely takes its turn of the round robin.
      const resumeAfterRestartAt = Math.floor(PROCESS_QUEUED_WRITES * 0.75);
      let delivered = 0;
      let undelivered = 0;
      let servedAfterRestart = 0;
      let restarted = false;
      let killed: Promise<void> | undefined;
      let restarting: Promise<void> | undefined;
      const answers = new Map<string, PrescriptionDetailDto>();
      let next = 0;
      // As the outbox does: a write stays queued until the server answers 2xx, and is sent again with its key.
      async function replayer() {
        while (next < keys.length) {
          if (next >= resumeAfterRestartAt) await restarting;
          const key = keys[next]!;
          next += 1;
          for (;;) {
            const answer = await send(key);
            if (answer?.body) {
              answers.set(key, answer.body);
              if (restarted && answer.instance === victim) servedAfterRestart += 1;
              break;
            }
            undelivered += 1;
            await new Promise((resolve) => setTimeout(resolve, RETRY_PAUSE_MS));
          }
          delivered += 1;
          if (delivered === killAt) {
            // Writes of the other replayers are in flight, some on the victim.
            servers[victim]!.child.kill('SIGKILL');
            killed = servers[victim]!.exited;
          }
          if (delivered === restartAt) {
            // On a port of its own, as a replacement container gets an address of its own; the proxy follows it.
            restarting = (async () => {
              await killed;
              servers[victim] = await startServer();
              restarted = true;
            })();
          }
        }
      }
      await Promise.all(Array.from({ length: PROCESS_WRITES_AT_ONCE }, () => replayer()));
      await restarting;

      expect(servers[victim]!.child.pid).not.toBe(children[victim]!.pid);
      expect(children[victim]!.signalCode).toBe('SIGKILL');
      // The kill happened mid-stream (writes failed and were sent again), and the new process took its share.
      expect(undelivered).toBeGreaterThan(0);
      expect(servedAfterRestart).toBeGreaterThan(0);
      const ids = [...answers.values()].map((answer) => answer.id);
      expect(new Set(ids).size).toBe(PROCESS_QUEUED_WRITES);
      const stored = await ctx.database.db
        .selectFrom('prescriptions')
        .select(['id', 'idempotency_key'])
        .where('author_id', '=', doctorId)
        .where('idempotency_key', 'in', keys)
        .execute();
      expect(stored).toHaveLength(PROCESS_QUEUED_WRITES);
      expect(new Set(stored.map((row) => row.id))).toEqual(new Set(ids));

      // A device that never heard the answers replays them all again: the same prescriptions, none added.
      for (const key of keys) {
        const again = await send(key);
        expect(again?.status).toBe(200);
        expect(again?.body?.id).toBe(answers.get(key)!.id);
      }
      const afterReplay = await ctx.database.db
        .selectFrom('prescriptions')
        .select((eb) => eb.fn.countAll<string>().as('count'))
        .where('author_id', '=', doctorId)
        .where('idempotency_key', 'in', keys)
        .executeTakeFirstOrThrow();
      expect(Number(afterReplay.count)).toBe(PROCESS_QUEUED_WRITES);
    },
    START_TIMEOUT_MS,
  );
});
