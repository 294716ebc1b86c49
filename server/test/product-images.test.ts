import { readdir, readFile, stat, utimes, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ApiErrorBody } from '../../src/lib/shared/api-types';
import { IMAGE_DEFAULT_QUALITY, IMAGE_WIDTHS } from '../../src/lib/shared/catalogue';
import { acceptsWebp } from '../src/media/routes';
import { testContextForFile } from './support/file-context';

const ctx = testContextForFile({ seed: false });
let cacheDir: string;

beforeAll(async () => {
  cacheDir = join(ctx.dataDir, 'cache', 'images');
});

const NAME = 'magnesio-bisglicinato-400-mg';
const WEBP = { accept: 'image/avif,image/webp,image/apng,image/svg+xml,image/*,*/*;q=0.8' };
const IMMUTABLE = 'public, max-age=31536000, immutable';

const image = (query: string, headers: Record<string, string> = WEBP, app = ctx.app) =>
  app.request(`/api/media/products/${NAME}.svg${query}`, { headers });

async function bodyOf(response: Response): Promise<Buffer> {
  return Buffer.from(await response.arrayBuffer());
}

async function cacheFiles(): Promise<string[]> {
  return (await readdir(cacheDir).catch(() => [])).sort();
}

describe('shared constants', () => {
  it('are the widths and default quality of product §9', () => {
    expect(IMAGE_WIDTHS).toEqual([640, 750, 828, 1080, 1200, 1920, 2048, 3840]);
    expect(IMAGE_DEFAULT_QUALITY).toBe(75);
  });
});

describe('GET /api/media/products/{name}.svg?w=&q=', () => {
  it('without w serves the SVG as before (q alone changes nothing)', async () => {
    for (const query of ['', '?q=50']) {
      const response = await image(query);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('image/svg+xml');
      expect(response.headers.get('cache-control')).toBe('public, max-age=86400');
      expect(response.headers.get('content-security-policy')).toContain('sandbox');
      expect((await response.text()).startsWith('<svg')).toBe(true);
    }
  });

  it('rasterises to WebP when the browser accepts it, at the width asked for, and caches it on disk', async () => {
    const response = await image('?w=640');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/webp');
    expect(response.headers.get('cache-control')).toBe(IMMUTABLE);
    expect(response.headers.get('vary')).toBe('Accept');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    const body = await bodyOf(response);
    const metadata = await sharp(body).metadata();
    expect(metadata.format).toBe('webp');
    expect(metadata.width).toBe(640);
    expect(metadata.height).toBe(640);
    expect(await cacheFiles()).toContain(`${NAME}.w640.q75.webp`);
    expect(await readFile(join(cacheDir, `${NAME}.w640.q75.webp`))).toEqual(body);
  });

  it('answers PNG to browsers that do not accept WebP', async () => {
    const accepts: Record<string, string>[] = [
      {},
      { accept: 'image/png,image/*;q=0.8' },
      { accept: 'image/webp;q=0, image/png' },
    ];
    for (const headers of accepts) {
      const response = await image('?w=750&q=80', headers);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('image/png');
      expect(response.headers.get('vary')).toBe('Accept');
      const metadata = await sharp(await bodyOf(response)).metadata();
      expect(metadata.format).toBe('png');
      expect(metadata.width).toBe(750);
    }
    expect(await cacheFiles()).toContain(`${NAME}.w750.q80.png`);
  });

  it('keys the cache by width, quality and format; a lower quality gives a smaller WebP', async () => {
    const low = await bodyOf(await image('?w=828&q=10'));
    const high = await bodyOf(await image('?w=828&q=95'));
    expect(low.length).toBeLessThan(high.length);
    const files = await cacheFiles();
    expect(files).toContain(`${NAME}.w828.q10.webp`);
    expect(files).toContain(`${NAME}.w828.q95.webp`);
  });

  it('serves the cached file the next time, until the drawing is newer than it', async () => {
    await image('?w=1080');
    const cached = join(cacheDir, `${NAME}.w1080.q75.webp`);
    const marker = await sharp({ create: { width: 3, height: 3, channels: 3, background: '#ff0000' } })
      .webp()
      .toBuffer();
    await writeFile(cached, marker);
    expect(await bodyOf(await image('?w=1080'))).toEqual(marker);
    // A cached file older than the drawing (the drawings were regenerated) is rendered again.
    await utimes(cached, new Date(0), new Date(0));
    const fresh = await bodyOf(await image('?w=1080'));
    expect(fresh).not.toEqual(marker);
    expect((await sharp(fresh).metadata()).width).toBe(1080);
    expect((await stat(cached)).mtimeMs).toBeGreaterThan(0);
    expect(await readFile(cached)).toEqual(fresh);
  });

  it('renders every width of product §9', async () => {
    for (const width of IMAGE_WIDTHS) {
      const response = await image(`?w=${width}&q=50`);
      expect(response.status, String(width)).toBe(200);
      expect((await sharp(await bodyOf(response)).metadata()).width, String(width)).toBe(width);
    }
  }, 60_000);

  it('simultaneous first requests, also from two server processes sharing the folder, leave one whole file', async () => {
    const other = ctx.makeApp();
    const responses = await Promise.all(
      Array.from({ length: 12 }, (_, index) => image('?w=1200&q=60', WEBP, index % 2 === 0 ? ctx.app : other)),
    );
    const bodies = await Promise.all(responses.map(bodyOf));
    for (const response of responses) expect(response.status).toBe(200);
    for (const body of bodies) expect((await sharp(body).metadata()).width).toBe(1200);
    const files = await cacheFiles();
    expect(files.filter((file) => file.endsWith('.tmp'))).toEqual([]);
    expect(files.filter((file) => file.startsWith(`${NAME}.w1200.q60.`))).toEqual([`${NAME}.w1200.q60.webp`]);
    const stored = await readFile(join(cacheDir, `${NAME}.w1200.q60.webp`));
    expect(bodies.some((body) => body.equals(stored))).toBe(true);
    expect((await sharp(stored).metadata()).width).toBe(1200);
  });

  it.each([
    ['w=100', ['El parámetro "w" debe ser uno de: 640, 750, 828, 1080, 1200, 1920, 2048, 3840.']],
    ['w=641', ['El parámetro "w" debe ser uno de: 640, 750, 828, 1080, 1200, 1920, 2048, 3840.']],
    ['w=5000', ['El parámetro "w" debe ser uno de: 640, 750, 828, 1080, 1200, 1920, 2048, 3840.']],
    ['w=abc', ['El parámetro "w" debe ser un número entero entre 1 y 2147483647.']],
    ['w=640.5', ['El parámetro "w" debe ser un número entero entre 1 y 2147483647.']],
    ['w=-640', ['El parámetro "w" debe ser un número entero entre 1 y 2147483647.']],
    ['w=640&q=0', ['El parámetro "q" debe ser un número entero entre 1 y 100.']],
    ['w=640&q=101', ['El parámetro "q" debe ser un número entero entre 1 y 100.']],
    ['w=640&q=7.5', ['El parámetro "q" debe ser un número entero entre 1 y 100.']],
    ['q=alta', ['El parámetro "q" debe ser un número entero entre 1 y 100.']],
    [
      'w=1&q=1000',
      [
        'El parámetro "w" debe ser uno de: 640, 750, 828, 1080, 1200, 1920, 2048, 3840.',
        'El parámetro "q" debe ser un número entero entre 1 y 100.',
      ],
    ],
  ])('?%s is a Spanish 400', async (query, errors) => {
    const before = await cacheFiles();
    const response = await image(`?${query}`);
    expect(response.status).toBe(400);
    const fieldErrors = errors.map((message) => ({ field: message.includes('"w"') ? 'w' : 'q', message }));
    expect(await response.json()).toEqual({
      message: 'Los parámetros de la consulta no son válidos.',
      errors,
      fieldErrors,
    });
    expect(await cacheFiles()).toEqual(before);
  });

  it('unknown images are a 404 with or without w', async () => {
    for (const path of ['no-existe.svg?w=640', 'no-existe.svg', '..%2f..%2fpackage.json?w=640', 'logo.png?w=640']) {
      const response = await ctx.app.request(`/api/media/products/${path}`, { headers: WEBP });
      expect(response.status, path).toBe(404);
      expect((await response.json()) as ApiErrorBody).toEqual({ message: 'Imagen no encontrada.' });
    }
  });
});

describe('acceptsWebp', () => {
  it.each([
    ['image/webp', true],
    ['image/avif,image/webp,*/*', true],
    ['IMAGE/WEBP;q=0.5', true],
    ['image/webp;q=0', false],
    ['image/webp; q=0.0', false],
    ['image/png,*/*;q=0.8', false],
    ['', false],
  ])('%s → %s', (accept, expected) => {
    expect(acceptsWebp(accept)).toBe(expected);
  });
});
