import { createDecipheriv, createECDH, hkdfSync, randomBytes, type ECDH } from 'node:crypto';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import type { PrescriptionDetailDto, PrescriptionToolInputDto } from '../../src/lib/shared/prescriptions';
import type { PushSubscriptionInputDto } from '../../src/lib/shared/reminders';
import type { UserRow } from '../src/db/schema';
import type { AppOptions } from '../src/http/app';
import { authHeaders, createUser, sessionFor, userByEmail, type TestContext } from './helpers';
import { WEBHOOK_SECRET } from './orders-fixtures';
import { createPatient, prescribe, productIdOf, tool, type Caller } from './prescriptions-fixtures';
import { DEMO_ACCOUNTS } from './support/file-context';

export interface ReceivedPush {
  path: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/**
 * A stand-in push service on a local port: it records every request and answers the status the test chooses
 * (201 unless told otherwise, per device if asked), as FCM or Mozilla's autopush would.
 */
/** Longer than any test: the fake push service never closes a connection the sender may reuse. */
const FAKE_KEEP_ALIVE_MS = 10 * 60_000;

export async function startPushService() {
  const received: ReceivedPush[] = [];
  let status = 201;
  const byPath = new Map<string, number>();
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({ path: request.url ?? '', headers: request.headers, body: Buffer.concat(chunks) });
      response.statusCode = byPath.get(request.url ?? '') ?? status;
      response.end();
    });
  });
  // Node closes an idle kept-alive connection after 5 s, and fetch may send the next push on it as it closes ('fetch
  // failed' instead of the status the test set, seen on a loaded machine): the fake keeps it for the whole test.
  server.keepAliveTimeout = FAKE_KEEP_ALIVE_MS;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    received,
    /** The status of every answer from now on; `path` limits it to one device. */
    answer: (next: number, path?: string) => {
      if (path === undefined) {
        status = next;
        byPath.clear();
      } else {
        byPath.set(path, next);
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type PushService = Awaited<ReturnType<typeof startPushService>>;

/**
 * The push service of a whole file (or describe block): started before its tests, stopped after them, and answering
 * 201 again before each test. Filled in when it starts, as `testContextForFile`'s context is.
 */
export function pushServiceForFile(): PushService {
  const service = {} as PushService;
  beforeAll(async () => {
    Object.assign(service, await startPushService());
  });
  afterAll(async () => {
    await service.close?.();
  });
  beforeEach(() => {
    service.answer(201);
  });
  return service;
}

/** Reminders that run on the test's `clock` and may push to a push service on loopback. */
export function remindersOn(clock: () => Date) {
  return { allowLocalEndpoints: true, clock } satisfies AppOptions['reminders'];
}

/** An app that sends reminders on the test's `clock`, for orders it sees paid through the sandbox's webhook. */
export function remindersApp(clock: () => Date): Partial<AppOptions> {
  return { paymentsWebhookSecret: WEBHOOK_SECRET, reminders: remindersOn(clock) };
}

export type PrescribedTool = { slug: string } & Partial<PrescriptionToolInputDto>;

/** The tools of a prescription, by product slug, with the indications given. */
export function toolsOf(ctx: TestContext, tools: PrescribedTool[]): Promise<PrescriptionToolInputDto[]> {
  return Promise.all(tools.map(async ({ slug, ...indications }) => tool(await productIdOf(ctx, slug), indications)));
}

/**
 * A patient of the demo doctor (`doctor` is that doctor's caller) with an account of their own, signed in, and
 * prescribed `tools` by the doctor; `record` changes the patient's form.
 */
export async function prescribedPatient(
  ctx: TestContext,
  doctor: Caller,
  tools: PrescribedTool[],
  record: Record<string, unknown> = {},
): Promise<{
  patient: Awaited<ReturnType<typeof createPatient>>['patient'];
  user: UserRow;
  headers: Record<string, string>;
  prescription: PrescriptionDetailDto;
}> {
  const { patient } = await createPatient(ctx, doctor, record);
  const doctorId = (await userByEmail(ctx, DEMO_ACCOUNTS.doctor.email)).id;
  const user = await createUser(ctx, { role: 'patient', email: patient.email, doctorId });
  await ctx.database.db.updateTable('patients').set({ user_id: user.id }).where('id', '=', patient.id).execute();
  const headers = authHeaders(await sessionFor(ctx, user.email, 'co'), 'co');
  const prescription = await prescribe(ctx, doctor, {
    patientId: patient.id,
    notes: '',
    tools: await toolsOf(ctx, tools),
  });
  return { patient, user, headers, prescription };
}

/** A browser's side of a push subscription: its key pair and authentication secret, to read what it receives. */
export interface FakeBrowser {
  subscription: PushSubscriptionInputDto;
  ecdh: ECDH;
  publicKey: Buffer;
  authSecret: Buffer;
}

export function fakeBrowser(endpoint: string): FakeBrowser {
  const ecdh = createECDH('prime256v1');
  const publicKey = ecdh.generateKeys();
  const authSecret = randomBytes(16);
  return {
    subscription: {
      endpoint,
      expirationTime: null,
      keys: { p256dh: publicKey.toString('base64url'), auth: authSecret.toString('base64url') },
    },
    ecdh,
    publicKey,
    authSecret,
  };
}

const GCM_TAG_BYTES = 16;
const RECORD_DELIMITER = 2;

/**
 * Decrypts an `aes128gcm` Web Push body (RFC 8188 record, keys of RFC 8291) the way the browser does, so a test can
 * read the JSON the service worker would get. One record: reminders are far below the 4096-byte record size.
 */
export function decryptPush(browser: FakeBrowser, body: Buffer): string {
  const salt = body.subarray(0, 16);
  const keyIdLength = body.readUInt8(20);
  const serverPublicKey = body.subarray(21, 21 + keyIdLength);
  const record = body.subarray(21 + keyIdLength);
  const sharedSecret = browser.ecdh.computeSecret(serverPublicKey);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), browser.publicKey, serverPublicKey]);
  const ikm = Buffer.from(hkdfSync('sha256', sharedSecret, browser.authSecret, keyInfo, 32));
  const contentKey = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
  const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
  const decipher = createDecipheriv('aes-128-gcm', contentKey, nonce);
  decipher.setAuthTag(record.subarray(-GCM_TAG_BYTES));
  const plain = Buffer.concat([decipher.update(record.subarray(0, -GCM_TAG_BYTES)), decipher.final()]);
  let end = plain.length - 1;
  while (end >= 0 && plain[end] === 0) end -= 1;
  if (plain[end] !== RECORD_DELIMITER) throw new Error('El registro cifrado no termina con el delimitador final.');
  return plain.subarray(0, end).toString('utf8');
}
