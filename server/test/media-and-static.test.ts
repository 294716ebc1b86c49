import { mkdir, mkdtemp, readFile, rm, stat, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiErrorBody } from '../../src/lib/shared/api-types';
import { products as seedProducts } from '../src/db/seed/catalogue-data';
import type { App } from '../src/http/app';
import { precompressBuiltFiles, resolveFile, writeBrotliCopies } from '../src/http/static-files';
import { createTestContext, type TestContext } from './helpers';

const assetsDir = fileURLToPath(new URL('../assets', import.meta.url));

const INDEX_HTML = '<!doctype html><html><head><title>SPA de prueba</title></head><body></body></html>';
const APP_JS = 'console.log("app-abc");';
const SW_JS = 'self.addEventListener("install", () => undefined);';
const SECRET = 'SECRETO-FUERA-DE-DIST';
const BIG_JS = Array.from({ length: 400 }, (_, index) => `export const line${index} = "producto ${index}";`).join('\n');

let ctx: TestContext;
let tempRoot: string;
let distDir: string;
let spa: App;

beforeAll(async () => {
  ctx = await createTestContext();
  // <tmp>/dist is the build; files next to it must never be reachable.
  tempRoot = await mkdtemp(join(tmpdir(), 'dispensario-dist-'));
  distDir = join(tempRoot, 'dist');
  await mkdir(join(distDir, 'assets'), { recursive: true });
  await writeFile(join(distDir, 'index.html'), INDEX_HTML);
  await writeFile(join(distDir, 'assets', 'app-abc.js'), APP_JS);
  await writeFile(join(distDir, 'assets', 'big-abc.js'), BIG_JS);
  await writeFile(join(distDir, 'sw.js'), SW_JS);
  await writeFile(join(distDir, 'manifest.webmanifest'), '{"name":"Dispensario"}');
  await writeFile(join(tempRoot, 'package.json'), `{"name":"${SECRET}"}`);
  await writeFile(join(tempRoot, 'secret'), SECRET);
  await mkdir(join(distDir, '.vite'), { recursive: true });
  await writeFile(join(distDir, '.vite', 'manifest.json'), `{"secret":"${SECRET}"}`);
  await writeFile(join(tempRoot, 'secret.txt'), SECRET);
  // A sibling whose name starts with the dist directory's name: a naive prefix check would let it through.
  await mkdir(join(tempRoot, 'dist-evil'), { recursive: true });
  await writeFile(join(tempRoot, 'dist-evil', 'steal'), SECRET);
  await writeFile(join(tempRoot, 'dist-evil', 'steal.txt'), SECRET);
  spa = ctx.makeApp({ distDir, assetsDir });
});

afterAll(async () => {
  await ctx?.close();
  if (tempRoot) await rm(tempRoot, { recursive: true, force: true });
});

describe('GET /api/media/products/:file', () => {
  it('serves the drawing of a seeded product as a sandboxed SVG', async () => {
    const response = await ctx.app.request('/api/media/products/magnesio-bisglicinato-400-mg.svg');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/svg+xml');
    const csp = response.headers.get('content-security-policy');
    expect(csp).toBeTruthy();
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain('sandbox');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    // Drawings are cacheable: the API middleware must not overwrite the header with no-store.
    expect(response.headers.get('cache-control')).toBe('public, max-age=86400');
    const body = await response.text();
    expect(body).toMatch(/<svg[\s>]/);
  });

  it('every seeded product has its drawing', async () => {
    for (const product of seedProducts) {
      const response = await ctx.app.request(`/api/media/products/${product.slug}.svg`);
      expect(response.status, product.slug).toBe(200);
      await response.arrayBuffer();
    }
  });

  it.each([
    '..%2f..%2fpackage.json',
    '..%2F..%2F..%2Fpackage.json',
    '..%2f..%2f..%2fserver%2fsrc%2fconfig.ts',
    '%2e%2e%2f%2e%2e%2fpackage.json',
    '..%5c..%5cpackage.json',
    'Magnesio-bisglicinato-400-mg.svg',
    'MAGNESIO-BISGLICINATO-400-MG.SVG',
    'magnesio-bisglicinato-400-mg.SVG',
    'magnesio-bisglicinato-400-mg.png',
    'magnesio-bisglicinato-400-mg.svg.js',
    'magnesio-bisglicinato-400-mg',
    'no-existe.svg',
    '.svg',
    'magnesio_bisglicinato.svg',
    'magnesio-bisglicinato-400-mg.svg%00',
  ])('%s is a JSON 404', async (file) => {
    const response = await ctx.app.request(`/api/media/products/${file}`);
    expect(response.status).toBe(404);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await response.json()).toEqual({ message: 'Imagen no encontrada.' });
  });

  it.each(['/api/media/products/../../package.json', '/api/media/products/a/b.svg', '/api/media/../package.json'])(
    '%s never leaves the API: JSON 404',
    async (path) => {
      const response = await ctx.app.request(path);
      expect(response.status).toBe(404);
      expect(response.headers.get('content-type')).toMatch(/^application\/json/);
      const body = (await response.json()) as ApiErrorBody;
      expect(body.message).toMatch(/no existe|no encontrada/);
    },
  );
});

describe('the built PWA', () => {
  async function expectIndex(response: Response) {
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(response.headers.get('cache-control')).toBe('no-cache');
    expect(await response.text()).toBe(INDEX_HTML);
  }

  it.each(['/', '/co', '/co/herramientas', '/mx/productos/magnesio-bisglicinato-400-mg', '/pe/carrito/'])(
    'client route %s answers index.html, revalidated',
    async (path) => {
      await expectIndex(await spa.request(path));
    },
  );

  it('hashed assets are immutable for a year', async () => {
    const response = await spa.request('/assets/app-abc.js');
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(response.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(await response.text()).toBe(APP_JS);
  });

  it('sends text files compressed to clients that accept it: brotli first, then gzip', async () => {
    const asBrotli = await spa.request('/assets/big-abc.js', { headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(asBrotli.headers.get('content-encoding')).toBe('br');
    expect(asBrotli.headers.get('vary')).toBe('accept-encoding');
    const brotliBytes = Buffer.from(await asBrotli.arrayBuffer());
    expect(brotliBytes.length).toBeLessThan(BIG_JS.length / 4);
    expect(brotliDecompressSync(brotliBytes).toString()).toBe(BIG_JS);

    const asGzip = await spa.request('/assets/big-abc.js', { headers: { 'accept-encoding': 'gzip' } });
    expect(asGzip.headers.get('content-encoding')).toBe('gzip');
    expect(gunzipSync(Buffer.from(await asGzip.arrayBuffer())).toString()).toBe(BIG_JS);

    const plain = await spa.request('/assets/big-abc.js');
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(await plain.text()).toBe(BIG_JS);
  });

  it('makes the brotli copies of the built text files at start, leaving out small files and source maps', async () => {
    const root = await mkdtemp(join(tmpdir(), 'dispensario-precompress-'));
    await mkdir(join(root, 'assets'), { recursive: true });
    await writeFile(join(root, 'assets', 'big-abc.js'), BIG_JS);
    await writeFile(join(root, 'assets', 'big-abc.js.map'), BIG_JS);
    await writeFile(join(root, 'assets', 'app-abc.js'), APP_JS);
    await writeFile(join(root, 'assets', 'photo.png'), BIG_JS);
    try {
      expect(await precompressBuiltFiles(root)).toEqual([join(root, 'assets', 'big-abc.js')]);
      expect(await precompressBuiltFiles(join(root, 'missing'))).toEqual([]);
    } finally {
      await rm(root, { recursive: true, force: true });
    }
  });

  it('the build writes brotli copies next to the files, and the server sends them unless the file is newer', async () => {
    const root = await mkdtemp(join(tmpdir(), 'dispensario-brotli-copies-'));
    await mkdir(join(root, 'assets'), { recursive: true });
    const big = join(root, 'assets', 'big-abc.js');
    await writeFile(big, BIG_JS);
    await writeFile(join(root, 'assets', 'big-abc.js.map'), BIG_JS);
    await writeFile(join(root, 'assets', 'app-abc.js'), APP_JS);
    await writeFile(join(root, 'index.html'), INDEX_HTML);
    try {
      expect(await writeBrotliCopies(root)).toEqual([big]);
      expect(brotliDecompressSync(await readFile(`${big}.br`)).toString()).toBe(BIG_JS);
      await expect(stat(join(root, 'assets', 'app-abc.js.br'))).rejects.toThrow();
      await expect(stat(join(root, 'assets', 'big-abc.js.map.br'))).rejects.toThrow();

      // A copy that says something else proves which one is sent: the build's, not one made by the server.
      const marker = 'export const copia = "de la compilación";';
      await writeFile(`${big}.br`, brotliCompressSync(marker));
      const app = ctx.makeApp({ distDir: root });
      const served = await app.request('/assets/big-abc.js', { headers: { 'accept-encoding': 'br' } });
      expect(served.headers.get('content-encoding')).toBe('br');
      expect(brotliDecompressSync(Buffer.from(await served.arrayBuffer())).toString()).toBe(marker);

      // A file changed after its copy (a hand edit, a partial deploy) is compressed afresh.
      const later = new Date(Date.now() + 60_000);
      await utimes(big, later, later);
      const fresh = await ctx
        .makeApp({ distDir: root })
        .request('/assets/big-abc.js', { headers: { 'accept-encoding': 'br' } });
      expect(brotliDecompressSync(Buffer.from(await fresh.arrayBuffer())).toString()).toBe(BIG_JS);
    } finally {
      await rm(root, { recursive: true, force: true });
    }
  });

  it('compresses JSON answers of the API', async () => {
    const response = await spa.request('/api/products?all=true&country_id=1', {
      headers: { 'accept-encoding': 'gzip', 'x-country': 'co' },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-encoding')).toBe('gzip');
    const body = JSON.parse(gunzipSync(Buffer.from(await response.arrayBuffer())).toString()) as { data: unknown[] };
    expect(body.data.length).toBeGreaterThan(0);
  });

  it('the service worker and the manifest must be revalidated', async () => {
    const sw = await spa.request('/sw.js');
    expect(sw.status).toBe(200);
    expect(sw.headers.get('cache-control')).toBe('no-cache');
    expect(await sw.text()).toBe(SW_JS);
    const manifest = await spa.request('/manifest.webmanifest');
    expect(manifest.status).toBe(200);
    expect(manifest.headers.get('cache-control')).toBe('no-cache');
    expect(manifest.headers.get('content-type')).toBe('application/manifest+json; charset=utf-8');
  });

  it.each(['/missing.js', '/assets/missing-123.js', '/favicon.ico', '/assets/app-abc.css'])(
    '%s is a plain 404, not index.html',
    async (path) => {
      const response = await spa.request(path);
      expect(response.status).toBe(404);
      expect(await response.text()).not.toContain('<title>');
    },
  );

  it.each([
    '/../package.json',
    '/../secret',
    '/..%2fpackage.json',
    '/..%2fsecret',
    '/..%2Fsecret.txt',
    '/assets/..%2f..%2fsecret',
    '/assets/..%2f..%2fpackage.json',
    '/%2e%2e/secret',
    '/%2e%2e%2fsecret',
    '/..%2f..%2f..%2f..%2f..%2f..%2fetc%2fpasswd',
    '/..%2fdist-evil%2fsteal',
    '/..%2fdist-evil%2fsteal.txt',
    '/..%5csecret',
    '/%00',
    '/%E0%A4%A',
    '/.vite/manifest.json',
  ])('%s does not escape the dist directory', async (path) => {
    const response = await spa.request(path);
    const body = await response.text();
    expect(body).not.toContain(SECRET);
    expect(body).not.toContain('root:');
    // Either a plain 404 or the SPA shell, never a file from outside.
    if (response.status === 200) expect(body).toBe(INDEX_HTML);
    else expect(response.status).toBe(404);
  });

  it('resolveFile refuses paths that climb out of the root, including a sibling sharing its prefix', async () => {
    expect(await resolveFile(distDir, '/assets/app-abc.js')).toBe(join(distDir, 'assets', 'app-abc.js'));
    expect(await resolveFile(distDir, '/../secret.txt')).toBeUndefined();
    expect(await resolveFile(distDir, '/..%2fsecret.txt')).toBeUndefined();
    expect(await resolveFile(distDir, '/../dist-evil/steal.txt')).toBeUndefined();
    expect(await resolveFile(distDir, '/assets/../../secret')).toBeUndefined();
    expect(await resolveFile(distDir, '/sw.js\0.png')).toBeUndefined();
    expect(await resolveFile(distDir, '/%E0%A4%A')).toBeUndefined();
    // The build's own hidden files (the Vite manifest) are not the app's.
    expect(await resolveFile(distDir, '/.vite/manifest.json')).toBeUndefined();
    expect(await resolveFile(distDir, '/%2evite/manifest.json')).toBeUndefined();
    // Directories are not files.
    expect(await resolveFile(distDir, '/assets')).toBeUndefined();
    expect(await resolveFile(distDir, '/')).toBeUndefined();
  });

  it.each(['/api', '/api/', '/api/nope', '/api/co/herramientas', '/api/products/1/extra', '/api/index.html'])(
    '%s never answers index.html',
    async (path) => {
      const response = await spa.request(path);
      expect(response.status).toBe(404);
      expect(response.headers.get('content-type')).toMatch(/^application\/json/);
      const body = await response.text();
      expect(body).not.toContain('<title>');
      expect(JSON.parse(body)).toEqual({ message: 'El recurso solicitado no existe.' });
    },
  );

  it('the API still answers next to the SPA', async () => {
    const response = await spa.request('/api/health');
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
  });

  it('without a build, client routes explain how to build in Spanish', async () => {
    // createTestContext points distDir at a directory that does not exist.
    const response = await ctx.app.request('/co/herramientas');
    expect(response.status).toBe(503);
    expect(await response.text()).toContain('npm run build');
  });
});
