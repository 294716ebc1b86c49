import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { CredentialsStatusDto } from '../../src/lib/shared/accounts';
import type { ApiErrorBody } from '../../src/lib/shared/api-types';
import { loadConfig } from '../src/config';
import { randomStoredName } from '../src/uploads/files';
import { copyUploads, uploadsCopySummary } from '../src/uploads/migrate';
import {
  S3UploadStorage,
  UPLOAD_NAME_TAKEN_MESSAGE,
  UPLOAD_STORAGE_UNAVAILABLE_MESSAGE,
  UploadStorageUnavailableError,
  type S3StorageOptions,
} from '../src/uploads/s3-storage';
import { DiskUploadStorage, UPLOAD_CHUNK_BYTES } from '../src/uploads/storage';
import { authHeaders, createTestContext, sessionFor, userByEmail, type TestContext } from './helpers';
import { startS3Fake, type S3Fake } from './s3-fake';
import { describeUploadStorage, LARGE_BYTES, piecesOf } from './upload-storage-contract';

/** Short enough for a test to wait out a hanging service twice. */
const TEST_TIMEOUT_MS = 300;
const TEST_RETRY_PAUSE_MS = 10;
/** How long a test waits for a piece that a streamed download has already sent. */
const PIECE_WAIT_MS = 5_000;

let fake: S3Fake;

beforeAll(async () => {
  fake = await startS3Fake();
});

afterAll(async () => {
  await fake?.close();
});

beforeEach(() => {
  fake.requests.length = 0;
  fake.failures.length = 0;
  fake.holdDownloads = undefined;
  fake.delayMs = 0;
});

const s3Storage = (options: S3StorageOptions = {}) =>
  new S3UploadStorage(fake.settings, { retryPauseMs: TEST_RETRY_PAUSE_MS, ...options });
const keyOf = (area: string, name: string) => `${fake.settings.prefix}${area}/${name}`;
const requestsOf = (method: string) => fake.requests.filter((request) => request.method === method);

/** Rejects when `promise` takes longer than PIECE_WAIT_MS: a download that waited for the whole body never resolves. */
function soon<T>(promise: Promise<T>, what: string): Promise<T> {
  return Promise.race([
    promise,
    new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`${what}: no llegó a tiempo`)), PIECE_WAIT_MS)),
  ]);
}

describeUploadStorage('s3', () => s3Storage());

describe('S3 upload storage', () => {
  it('writes objects under prefix/area/name, path-style, signed with the key pair and without an ACL', async () => {
    const uploads = s3Storage();
    const name = randomStoredName('pdf');
    const bytes = randomBytes(2000);
    await uploads.put('credentials', name, bytes);

    const [put] = requestsOf('PUT');
    expect(put?.path).toBe(`/${fake.settings.bucket}/${keyOf('credentials', name)}`);
    expect(put?.headers['if-none-match']).toBe('*');
    expect(put?.headers['x-amz-acl']).toBeUndefined();
    expect(put?.headers.authorization).toContain(`Credential=${fake.settings.accessKeyId}/`);
    expect(put?.headers.authorization).toContain(`/${fake.settings.region}/s3/aws4_request`);
    expect(fake.objects.get(keyOf('credentials', name))?.equals(bytes)).toBe(true);
    for (const request of fake.requests) {
      expect(JSON.stringify(request.headers)).not.toContain(fake.settings.secretAccessKey);
    }
  });

  it('is refused by the service when signed with other credentials, and says so without the secret', async () => {
    for (const wrong of [{ accessKeyId: 'AKIAOTRA' }, { secretAccessKey: 'otro-secreto' }]) {
      const uploads = new S3UploadStorage({ ...fake.settings, ...wrong }, { retryPauseMs: 1 });
      const failure = await uploads.get('credentials', randomStoredName('pdf')).catch((error: unknown) => error);
      expect(failure).toBeInstanceOf(UploadStorageUnavailableError);
      expect((failure as UploadStorageUnavailableError).message).toBe(UPLOAD_STORAGE_UNAVAILABLE_MESSAGE);
      expect((failure as UploadStorageUnavailableError).detail).toContain('403 SignatureDoesNotMatch');
      expect((failure as UploadStorageUnavailableError).detail).not.toContain('otro-secreto');
      expect((failure as UploadStorageUnavailableError).detail).not.toContain(fake.settings.secretAccessKey);
    }
  });

  it('refuses a name the bucket already holds (412), leaving the object as it was', async () => {
    const uploads = s3Storage();
    const name = randomStoredName('png');
    const other = Buffer.from('otro archivo');
    fake.objects.set(keyOf('profile', name), other);
    await expect(uploads.put('profile', name, randomBytes(100))).rejects.toThrow(UPLOAD_NAME_TAKEN_MESSAGE);
    expect(requestsOf('PUT')).toHaveLength(1);
    expect(fake.objects.get(keyOf('profile', name))).toBe(other);
  });

  it('sends an idempotent call once more after a 5xx, and gives up after the second', async () => {
    const uploads = s3Storage();
    const name = randomStoredName('pdf');
    const bytes = randomBytes(500);
    await uploads.put('credentials', name, bytes);

    fake.failures.push(500);
    expect(Buffer.concat(await piecesOf(await uploads.get('credentials', name))).equals(bytes)).toBe(true);
    expect(requestsOf('GET')).toHaveLength(2);

    fake.failures.push(503, 503);
    await expect(uploads.exists('credentials', name)).rejects.toThrow(UPLOAD_STORAGE_UNAVAILABLE_MESSAGE);
    expect(requestsOf('HEAD')).toHaveLength(2);
  });

  it('sends an idempotent call once more after the connection drops', async () => {
    const uploads = s3Storage();
    const name = randomStoredName('pdf');
    await uploads.put('credentials', name, randomBytes(10));
    fake.failures.push('drop');
    expect(await uploads.exists('credentials', name)).toBe(true);
    expect(requestsOf('HEAD')).toHaveLength(2);
  });

  it('never resends a PUT: its first attempt may have landed', async () => {
    const uploads = s3Storage();
    const name = randomStoredName('pdf');
    fake.failures.push(503);
    await expect(uploads.put('credentials', name, randomBytes(10))).rejects.toThrow(UPLOAD_STORAGE_UNAVAILABLE_MESSAGE);
    expect(requestsOf('PUT')).toHaveLength(1);
  });

  it('gives up on a service that does not answer in time, after one more try', async () => {
    const uploads = s3Storage({ timeoutMs: TEST_TIMEOUT_MS });
    fake.delayMs = 2 * TEST_TIMEOUT_MS;
    const failure = await uploads.exists('credentials', randomStoredName('pdf')).catch((error: unknown) => error);
    expect((failure as UploadStorageUnavailableError).detail).toContain(`sin respuesta en ${TEST_TIMEOUT_MS} ms`);
    expect(requestsOf('HEAD')).toHaveLength(2);
  });

  it('names a network failure for a service nobody listens on', async () => {
    const closed = await startS3Fake();
    const uploads = new S3UploadStorage(closed.settings, { retryPauseMs: 1 });
    await closed.close();
    const failure = await uploads.list('credentials').catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(UploadStorageUnavailableError);
    expect((failure as UploadStorageUnavailableError).detail).toBe(
      `LIST ${closed.settings.prefix}credentials/: error de red`,
    );
  });

  it('streams a download: its first piece is read before the service has sent the rest', async () => {
    const uploads = s3Storage();
    const name = randomStoredName('pdf');
    const bytes = randomBytes(4 * UPLOAD_CHUNK_BYTES);
    await uploads.put('credentials', name, bytes);
    fake.holdDownloads = { firstBytes: 64 * 1024 };

    const stored = await soon(uploads.get('credentials', name), 'las cabeceras');
    expect(stored?.size).toBe(bytes.byteLength);
    const reader = stored!.stream.getReader();
    const pieces: Uint8Array[] = [];
    const first = await soon(reader.read(), 'el primer trozo');
    pieces.push(first.value!);
    expect(first.value!.byteLength).toBeLessThanOrEqual(64 * 1024);
    fake.release();
    for (let next = await reader.read(); !next.done; next = await reader.read()) pieces.push(next.value);
    expect(Buffer.concat(pieces).equals(bytes)).toBe(true);
  });

  it('fails a download whose service stops sending half-way', async () => {
    const uploads = s3Storage({ timeoutMs: TEST_TIMEOUT_MS });
    const name = randomStoredName('pdf');
    await uploads.put('credentials', name, randomBytes(256 * 1024));
    fake.holdDownloads = { firstBytes: 1024 };
    const reader = (await uploads.get('credentials', name))!.stream.getReader();
    await expect(
      (async () => {
        for (let next = await reader.read(); !next.done; next = await reader.read());
      })(),
    ).rejects.toThrow(UPLOAD_STORAGE_UNAVAILABLE_MESSAGE);
  });

  it('lists an area page by page, with continuation tokens, and only its own names', async () => {
    const uploads = s3Storage({ listPageKeys: 2 });
    const names = Array.from({ length: 5 }, () => randomStoredName('webp'));
    for (const name of names) await uploads.put('profile', name, randomBytes(10));
    // Neither another area's nor a deeper key is a name of this area.
    fake.objects.set(keyOf('profile', 'carpeta/antigua.webp'), Buffer.from('x'));
    await uploads.put('credentials', randomStoredName('pdf'), randomBytes(10));
    fake.requests.length = 0;

    const listed = await uploads.list('profile');
    const areaPrefix = keyOf('profile', '');
    const expected = [...fake.objects.keys()]
      .filter((key) => key.startsWith(areaPrefix) && !key.slice(areaPrefix.length).includes('/'))
      .map((key) => key.slice(areaPrefix.length))
      .sort();
    expect(listed).toEqual(expected);
    expect(listed).toEqual(expect.arrayContaining(names));
    expect(listed).not.toContain('carpeta/antigua.webp');
    const pages = requestsOf('GET');
    expect(pages.length).toBeGreaterThanOrEqual(3);
    expect(pages.every((page) => page.query.get('max-keys') === '2')).toBe(true);
    expect(pages[0]?.query.has('continuation-token')).toBe(false);
    expect(pages.slice(1).every((page) => page.query.has('continuation-token'))).toBe(true);
  });

  it('is where npm run uploads:migrate copies the disk when S3_* is set', async () => {
    const root = await mkdtemp(join(tmpdir(), 'dispensario-copia-s3-'));
    try {
      const disk = new DiskUploadStorage(root);
      const bucket = s3Storage();
      const files = [
        { area: 'credentials' as const, name: randomStoredName('pdf'), bytes: randomBytes(LARGE_BYTES) },
        { area: 'profile' as const, name: randomStoredName('webp'), bytes: randomBytes(3000) },
      ];
      for (const file of files) await disk.put(file.area, file.name, file.bytes);
      await bucket.put('profile', files[1]!.name, files[1]!.bytes);
      await writeFile(join(root, 'credentials', 'copia.pdf~'), 'no es de nadie');

      const first = await copyUploads(disk, bucket);
      expect(first).toEqual({ copied: 1, alreadyThere: 1, ignored: 1 });
      for (const file of files) {
        expect(fake.objects.get(keyOf(file.area, file.name))?.equals(file.bytes)).toBe(true);
      }
      expect(await copyUploads(disk, bucket)).toEqual({ copied: 0, alreadyThere: 2, ignored: 1 });
      expect(uploadsCopySummary(first, bucket)).toBe(
        [
          'Archivos copiados al bucket S3: 1.',
          'Ya estaban en el bucket S3: 1.',
          'Ignorados (nombre que el servidor no genera): 1.',
        ].join('\n'),
      );
    } finally {
      await rm(root, { recursive: true, force: true });
    }
  });
});

describe('S3_* configuration', () => {
  const complete = {
    S3_ENDPOINT: 'https://minio.interno:9000',
    S3_BUCKET: 'dispensario',
    S3_ACCESS_KEY_ID: 'AKIAEJEMPLO',
    S3_SECRET_ACCESS_KEY: 'no-debe-salir-en-mensajes',
  };

  it('is off without any S3_* variable', () => {
    expect(loadConfig({}).s3).toBeUndefined();
  });

  it('takes the four required variables, a default region and a prefix ending in /', () => {
    expect(loadConfig(complete).s3).toEqual({
      endpoint: 'https://minio.interno:9000',
      bucket: 'dispensario',
      region: 'us-east-1',
      accessKeyId: 'AKIAEJEMPLO',
      secretAccessKey: 'no-debe-salir-en-mensajes',
      prefix: '',
    });
    expect(loadConfig({ ...complete, S3_REGION: 'auto', S3_PREFIX: 'tienda/co' }).s3).toMatchObject({
      region: 'auto',
      prefix: 'tienda/co/',
    });
  });

  it('stops the start when only some are set, naming what is missing but never a value', () => {
    for (const missing of Object.keys(complete)) {
      const partial = Object.fromEntries(Object.entries(complete).filter(([name]) => name !== missing));
      let message = '';
      try {
        loadConfig(partial);
      } catch (error) {
        message = (error as Error).message;
      }
      expect(message).toContain(
        'Configuración no válida: S3_ENDPOINT, S3_BUCKET, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY van juntas',
      );
      expect(message).toContain(`faltan ${missing}`);
      expect(message).not.toContain(complete.S3_SECRET_ACCESS_KEY);
    }
    expect(() => loadConfig({ S3_PREFIX: 'tienda/' })).toThrow(/faltan S3_ENDPOINT, S3_BUCKET/);
  });

  it('refuses an endpoint carrying credentials and a prefix leaving the bucket', () => {
    expect(() => loadConfig({ ...complete, S3_ENDPOINT: 'https://clave:secreto@minio.interno' })).toThrow(
      /S3_ENDPOINT/,
    );
    expect(() => loadConfig({ ...complete, S3_PREFIX: '../otra' })).toThrow(/S3_PREFIX/);
    expect(() => loadConfig({ ...complete, S3_BUCKET: 'Mayúsculas' })).toThrow(/S3_BUCKET/);
  });
});

describe('a server with S3_* set', () => {
  let ctx: TestContext;
  let doctor: Record<string, string>;

  beforeAll(async () => {
    ctx = await createTestContext({ app: { s3: fake.settings } });
    doctor = authHeaders(await sessionFor(ctx, 'medico.co@demo.test'), 'co');
  });

  afterAll(async () => {
    await ctx?.close();
  });

  async function uploadCredential(pdf: Buffer): Promise<Response> {
    const form = new FormData();
    form.append('files', new File([new Uint8Array(pdf)], 'tarjeta.pdf', { type: 'application/pdf' }));
    form.append('userId', String((await userByEmail(ctx, 'medico.co@demo.test')).id));
    form.append('documentType', 'tarjeta-profesional');
    form.append('contactNumber', '3105550199');
    return ctx.app.request('/api/credentials', { method: 'POST', body: form, headers: doctor });
  }

  it('keeps an uploaded credential in the bucket, whatever the database, and serves it back', async () => {
    expect(ctx.app.services.uploads.kind).toBe('s3');
    const pdf = Buffer.concat([Buffer.from('%PDF-1.4 tarjeta profesional\n'), randomBytes(LARGE_BYTES)]);
    const uploaded = await uploadCredential(pdf);
    expect(uploaded.status, await uploaded.clone().text()).toBe(201);
    const status = (await uploaded.json()) as CredentialsStatusDto;
    const fileId = Math.max(...status.history.flatMap((entry) => entry.files.map((file) => file.id)));
    const stored = [...fake.objects.entries()].filter(([, bytes]) => bytes.equals(pdf));
    expect(stored).toHaveLength(1);
    expect(stored[0]?.[0]).toMatch(new RegExp(`^${fake.settings.prefix}credentials/[a-f0-9]{32}\\.pdf$`));

    const downloaded = await ctx.app.request(`/api/credentials/files/${fileId}`, { headers: doctor });
    expect(downloaded.status).toBe(200);
    expect(downloaded.headers.get('content-length')).toBe(String(pdf.byteLength));
    expect(Buffer.from(await downloaded.arrayBuffer()).equals(pdf)).toBe(true);
  });

  it('answers a Spanish 503 without details when the bucket fails, and records no credential', async () => {
    const before = (await ctx.database.db.selectFrom('credential_files').select('id').execute()).length;
    fake.failures.push(500);
    const refused = await uploadCredential(Buffer.from('%PDF-1.4 otra\n'));
    expect(refused.status).toBe(503);
    expect(await refused.json()).toEqual({ message: UPLOAD_STORAGE_UNAVAILABLE_MESSAGE } satisfies ApiErrorBody);
    const after = (await ctx.database.db.selectFrom('credential_files').select('id').execute()).length;
    expect(after).toBe(before);
  });
});
