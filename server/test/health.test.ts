import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiErrorBody, HealthDto, ReadyDto } from '../../src/lib/shared/api-types';
import { createTestContext, type TestContext } from './helpers';

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext();
});

afterAll(async () => {
  await ctx?.close();
});

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
