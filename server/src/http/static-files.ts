import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { extname, join, normalize, sep } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Context } from 'hono';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.txt': 'text/plain; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.woff2': 'font/woff2',
};

const ONE_YEAR_S = 31_536_000;

/** Resolves a URL path inside `root`, refusing anything that climbs out of it. */
export async function resolveFile(root: string, urlPath: string): Promise<string | undefined> {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return undefined;
  }
  // Nor hidden files and folders (the build's `.vite/manifest.json`): only what the app loads is public.
  if (decoded.includes('\0') || decoded.split('/').some((segment) => segment.startsWith('.'))) return undefined;
  const candidate = normalize(join(root, decoded));
  if (candidate !== root && !candidate.startsWith(root.endsWith(sep) ? root : root + sep)) return undefined;
  try {
    const info = await stat(candidate);
    return info.isFile() ? candidate : undefined;
  } catch {
    return undefined;
  }
}

/** Text formats worth compressing; images and fonts are compressed already. */
const COMPRESSIBLE_EXTENSIONS = new Set([
  '.html',
  '.js',
  '.mjs',
  '.css',
  '.json',
  '.webmanifest',
  '.svg',
  '.txt',
  '.map',
]);
const MIN_COMPRESSED_BYTES = 1024;

type Encoding = 'br' | 'gzip';

/**
 * Compressed copies of the built files, made once per file version (path and modification time): brotli at its
 * highest quality costs tens of milliseconds a file, paid on the first request only. The PWA is a few MB at most.
 */
const compressedCache = new Map<string, Promise<Buffer>>();

function acceptedEncoding(c: Context): Encoding | undefined {
  const header = c.req.header('accept-encoding') ?? '';
  if (/\bbr\b/.test(header)) return 'br';
  if (/\bgzip\b/.test(header)) return 'gzip';
  return undefined;
}

const BROTLI_SUFFIX = '.br';

function brotliMax(body: Buffer): Promise<Buffer> {
  return brotli(body, { params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY } });
}

/** The brotli copy `npm run build` wrote next to a file, unless the file changed after it. */
async function builtBrotliCopy(path: string, mtimeMs: number): Promise<Buffer | undefined> {
  try {
    const copy = `${path}${BROTLI_SUFFIX}`;
    if ((await stat(copy)).mtimeMs < mtimeMs) return undefined;
    return await readFile(copy);
  } catch {
    return undefined;
  }
}

async function compressedBody(path: string, body: Buffer, encoding: Encoding): Promise<Buffer> {
  const { mtimeMs } = await stat(path);
  const key = `${encoding}:${mtimeMs}:${path}`;
  let compressed = compressedCache.get(key);
  if (!compressed) {
    compressed =
      encoding === 'br'
        ? builtBrotliCopy(path, mtimeMs).then((copy) => copy ?? brotliMax(body))
        : gzipAsync(body, { level: constants.Z_BEST_COMPRESSION });
    compressedCache.set(key, compressed);
    // A failed copy is not kept: the next request for the file tries again.
    compressed.catch(() => compressedCache.delete(key));
  }
  return compressed;
}

/**
 * Loads the brotli copies the build wrote, and makes those missing, when the server starts rather than on the first
 * visitor's requests: at the highest quality the app chunk (400 KB) takes about a second of CPU, which the first
 * visit after a deploy would otherwise wait for before anything paints. One file after the other, so requests
 * arriving meanwhile still get CPU. Resolves with the files compressed.
 */
export async function precompressBuiltFiles(distDir: string): Promise<string[]> {
  const compressed: string[] = [];
  for (const { path, body } of await compressibleFiles(distDir)) {
    await compressedBody(path, body, 'br');
    compressed.push(path);
  }
  return compressed;
}

/** The built text files worth compressing: large enough, and not source maps (only developer tools read them). */
async function compressibleFiles(distDir: string): Promise<{ path: string; body: Buffer }[]> {
  let entries;
  try {
    entries = await readdir(distDir, { recursive: true, withFileTypes: true });
  } catch {
    return [];
  }
  const files: { path: string; body: Buffer }[] = [];
  for (const entry of entries) {
    const path = join(entry.parentPath, entry.name);
    const extension = extname(path);
    if (!entry.isFile() || extension === '.map' || !COMPRESSIBLE_EXTENSIONS.has(extension)) continue;
    const body = await readFile(path);
    if (body.length >= MIN_COMPRESSED_BYTES) files.push({ path, body });
  }
  return files;
}

/**
 * Writes the brotli copy of every built text file next to it (`app-x.js.br`), once per build (`npm run build`):
 * then no server process spends CPU on them at start, however many start (several instances, the end-to-end tests'
 * one per worker). In parallel: zlib compresses on libuv's threads. Resolves with the files written.
 */
export async function writeBrotliCopies(distDir: string): Promise<string[]> {
  const files = await compressibleFiles(distDir);
  await Promise.all(files.map(async ({ path, body }) => writeFile(`${path}${BROTLI_SUFFIX}`, await brotliMax(body))));
  return files.map(({ path }) => path);
}

export async function sendFile(c: Context, path: string, cacheControl: string): Promise<Response> {
  const body = await readFile(path);
  const headers: Record<string, string> = {
    'content-type': CONTENT_TYPES[extname(path)] ?? 'application/octet-stream',
    'cache-control': cacheControl,
    'x-content-type-options': 'nosniff',
  };
  if (!COMPRESSIBLE_EXTENSIONS.has(extname(path)) || body.length < MIN_COMPRESSED_BYTES) {
    return c.body(body, 200, headers);
  }
  headers.vary = 'accept-encoding';
  const encoding = acceptedEncoding(c);
  if (!encoding) return c.body(body, 200, headers);
  const compressed = new Uint8Array(await compressedBody(path, body, encoding));
  return c.body(compressed, 200, { ...headers, 'content-encoding': encoding });
}

/**
 * Serves the built PWA. Hashed assets are immutable; the service worker, the manifest and index.html must be
 * revalidated so an update reaches users. Unknown paths without an extension are client routes: index.html.
 */
export function distHandler(distDir: string) {
  // A copy that fails here is made again, or fails, on its request: nothing to report at start.
  void precompressBuiltFiles(distDir).catch(() => undefined);
  return async (c: Context): Promise<Response> => {
    const path = c.req.path;
    const file = path === '/' ? undefined : await resolveFile(distDir, path);
    if (file) {
      const immutable = path.startsWith('/assets/');
      return sendFile(c, file, immutable ? `public, max-age=${ONE_YEAR_S}, immutable` : 'no-cache');
    }
    if (extname(path) !== '') return c.text('No encontrado', 404);
    const index = await resolveFile(distDir, '/index.html');
    if (!index) {
      return c.text('La aplicación no está compilada: ejecuta "npm run build" o "npm start".', 503);
    }
    return sendFile(c, index, 'no-cache');
  };
}
