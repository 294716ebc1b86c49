import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiErrorBody, HealthDto, ReadyDto } from '../../src/lib/shared/api-types';
import { UPLOAD_STORAGE_UNREACHABLE_MESSAGE } from '../src/http/app';
import { S3UploadStorage, UploadStorageUnavailableError } from '../src/uploads/s3-storage';
import { startS3Fake, type S3Fake } from './s3-fake';
import { testContextForFile } from './support/file-context';

const ctx = testContextForFile();

describe('GET /api/health', () => {
  it('answers ok with the database kind in use', async () => {
    const response = await ctx.app.request('/api/health');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    const body = (await response.json()) as HealthDto;
    expect(body).toEqual({ status: 'ok', db: process.env.DATABASE_URL ? 'postgres' : 'pglite' });
  });

  it('is never cached by shared caches', async () => {
    const response = await ctx.app.request('/api/health');
    expect(response.headers.get('cache-control')).toBe('no-store');
  });
});

describe('GET /api/ready', () => {
  it('answers ready once the database answers and is migrated, never cached', async () => {
    const response = await ctx.app.request('/api/ready');
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect((await response.json()) as ReadyDto).toEqual({
      status: 'ready',
      db: process.env.DATABASE_URL ? 'postgres' : 'pglite',
    });
  });
});

describe('GET /api/ready with the uploads in an S3 bucket', () => {
  let fake: S3Fake;
  const logged: string[] = [];
  const logger = {
    error: (...parts: unknown[]) => void logged.push(parts.map(String).join(' ')),
    info: (...parts: unknown[]) => void logged.push(parts.map(String).join(' ')),
    debug: () => undefined,
  };
  const lists = () => fake.requests.filter((request) => request.query.get('list-type') === '2');

  beforeAll(async () => {
    fake = await startS3Fake();
  });

  afterAll(async () => {
    await fake?.close();
  });

  it('lists one key of the bucket, and polls within the cache window ask the bucket nothing more', async () => {
    // A window longer than the test, so no pause of a loaded machine can end it between the polls.
    const app = ctx.makeApp({ s3: fake.settings, storageCheckCacheMs: 60_000 });
    const before = lists().length;
    const polls = await Promise.all([app.request('/api/ready'), app.request('/api/ready')]);
    polls.push(await app.request('/api/ready'));
    for (const poll of polls) expect(poll.status).toBe(200);
    const asked = lists().slice(before);
    expect(asked).toHaveLength(1);
    expect(asked[0]!.query.get('max-keys')).toBe('1');
    expect(asked[0]!.query.get('prefix')).toBe(fake.settings.prefix);
  });

  it('answers 503 while the bucket fails or refuses, logs the outage once without secrets, and recovers', async () => {
    logged.length = 0;
    const app = ctx.makeApp({ s3: fake.settings, storageCheckCacheMs: 0, logger });
    // One failure per poll: the check is not retried, the next poll is its retry.
    fake.failures.push(500, 'drop');
    for (let poll = 0; poll < 2; poll += 1) {
      const down = await app.request('/api/ready');
      expect(down.status).toBe(503);
      expect((await down.json()) as ReadyDto).toEqual({
        status: 'unavailable',
        db: process.env.DATABASE_URL ? 'postgres' : 'pglite',
        message: UPLOAD_STORAGE_UNREACHABLE_MESSAGE,
      });
    }
    expect(logged.filter((line) => line.includes('almacenamiento de archivos'))).toHaveLength(1);
    expect((await app.request('/api/ready')).status).toBe(200);
    expect(logged.at(-1)).toBe('El almacenamiento de archivos vuelve a responder.');

    const wrongKeys = ctx.makeApp({
      s3: { ...fake.settings, secretAccessKey: 'otro-secreto-equivocado' },
      storageCheckCacheMs: 0,
      logger,
    });
    expect((await wrongKeys.request('/api/ready')).status).toBe(503);
    const noBucket = ctx.makeApp({ s3: { ...fake.settings, bucket: 'no-existe' }, storageCheckCacheMs: 0, logger });
    expect((await noBucket.request('/api/ready')).status).toBe(503);
    const text = logged.join('\n');
    expect(text).toMatch(/SignatureDoesNotMatch/);
    expect(text).toMatch(/NoSuchBucket/);
    expect(text).not.toContain(fake.settings.secretAccessKey);
    expect(text).not.toContain('otro-secreto-equivocado');
  });

  it('gives up on a bucket that does not answer within its short timeout', async () => {
    const storage = new S3UploadStorage(fake.settings, { checkTimeoutMs: 50 });
    fake.delayMs = 2_000;
    try {
      const failure = await storage.check().catch((error: unknown) => error);
      expect(failure).toBeInstanceOf(UploadStorageUnavailableError);
      expect((failure as UploadStorageUnavailableError).detail).toMatch(/sin respuesta en 50 ms/);
    } finally {
      fake.delayMs = 0;
    }
  });

  it('does not look at any bucket when the uploads are in the database or on the disk', async () => {
    expect(ctx.app.services.uploads.check).toBeUndefined();
  });
});

describe('unknown API routes', () => {
  it.each(['/api/nope', '/api/products/1/unknown', '/api/health/extra', '/api'])(
    '%s is a JSON 404 with a Spanish message',
    async (path) => {
      const response = await ctx.app.request(path);
      expect(response.status).toBe(404);
      expect(response.headers.get('content-type')).toMatch(/^application\/json/);
      expect(response.headers.get('cache-control')).toBe('no-store');
      const body = (await response.json()) as ApiErrorBody;
      expect(body).toEqual({ message: 'El recurso solicitado no existe.' });
    },
  );

  it('answers other methods on unknown API routes with the same JSON 404', async () => {
    const response = await ctx.app.request('/api/nope', { method: 'POST', body: '{}' });
    expect(response.status).toBe(404);
    expect(((await response.json()) as ApiErrorBody).message).toBe('El recurso solicitado no existe.');
  });
});

describe('cache-control on API responses', () => {
  it('answers carry no-store', async () => {
    const response = await ctx.app.request('/api/countries');
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
  });

  // The catalogue's answers are the same for everyone of an audience: the browser keeps them for itself only and
  // asks again each time with their ETag (server/src/products/response-cache.ts).
  it.each(['/api/products?limit=1', '/api/products/magnesio-bisglicinato-400-mg', '/api/products/categories'])(
    '%s is private and revalidated, never shared',
    async (path) => {
      const response = await ctx.app.request(path);
      expect(response.status).toBe(200);
      expect(response.headers.get('cache-control')).toBe('private, no-cache');
      expect(response.headers.get('etag')).toBeTruthy();
    },
  );

  it('error answers carry no-store too', async () => {
    const notFound = await ctx.app.request('/api/products/no-existe');
    expect(notFound.status).toBe(404);
    expect(notFound.headers.get('cache-control')).toBe('no-store');
    const badRequest = await ctx.app.request('/api/products?limit=abc');
    expect(badRequest.status).toBe(400);
    expect(badRequest.headers.get('cache-control')).toBe('no-store');
  });
});
