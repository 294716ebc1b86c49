import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';
import { IMAGE_WIDTHS } from '../../../src/lib/shared/catalogue';
import { imageSizeQuerySchema } from '../../../src/lib/shared/catalogue-schemas';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { pathId } from '../gamification/input';
import { pathParam, type Api } from '../http/auth';
import type { AppContext } from '../http/app-env';
import { notFound } from '../refusal';
import { resolveFile, sendFile } from '../http/static-files';
import { uploadedImageContent } from './repo';

const UPLOAD_NOT_FOUND_MESSAGE = 'Imagen no encontrada.';
const LARGEST_WIDTH = Math.max(...IMAGE_WIDTHS);
const PRODUCT_IMAGE_NAME = /^[a-z0-9-]+\.svg$/;
const ONE_DAY_S = 86_400;
const ONE_YEAR_S = 31_536_000;
/** sharp renders SVG at 72 dpi unless told otherwise. */
const SVG_BASE_DENSITY = 72;
const MAX_DENSITY = 10_000;

type RasterFormat = 'webp' | 'png';

const CONTENT_TYPES: Record<RasterFormat, string> = { webp: 'image/webp', png: 'image/png' };

/** Whether the Accept header admits WebP (an explicit `q=0` refuses it). */
export function acceptsWebp(accept: string | undefined): boolean {
  if (!accept) return false;
  return accept.split(',').some((part) => {
    const [type = '', ...parameters] = part.split(';').map((piece) => piece.trim().toLowerCase());
    if (type !== 'image/webp') return false;
    const quality = parameters.find((parameter) => parameter.startsWith('q='));
    return quality === undefined || Number(quality.slice(2)) > 0;
  });
}

async function resizeRaster(bytes: Uint8Array, width: number, quality: number, format: RasterFormat): Promise<Buffer> {
  // Never enlarged: a 640 px upload asked for at 3840 is served at 640, the browser scales it.
  const image = sharp(bytes).rotate().resize({ width, withoutEnlargement: true });
  return format === 'webp' ? image.webp({ quality }).toBuffer() : image.png().toBuffer();
}

async function rasterise(svgPath: string, width: number, quality: number, format: RasterFormat): Promise<Buffer> {
  const svg = await readFile(svgPath);
  const { width: intrinsic } = await sharp(svg).metadata();
  // Render the vector at the size asked for, rather than enlarging a 72 dpi bitmap.
  const density = Math.min(MAX_DENSITY, Math.max(1, (SVG_BASE_DENSITY * width) / (intrinsic || width)));
  const image = sharp(svg, { density }).resize({ width });
  return format === 'webp' ? image.webp({ quality }).toBuffer() : image.png().toBuffer();
}

/**
 * Rasterised product images kept on disk under `cacheDir`, one file per name, width, quality and format. A file is
 * written under a temporary name and renamed into place, so a reader (of this process or another) never sees half
 * a file; simultaneous first requests of this process share one rendering.
 */
class ImageCache {
  private readonly pending = new Map<string, Promise<Buffer>>();

  constructor(private readonly cacheDir: string) {}

  /** `svgPath`: the drawing the image is rendered from; null for an upload, which never changes under its id. */
  async get(svgPath: string | null, key: string, render: () => Promise<Buffer>): Promise<Buffer> {
    const cached = join(this.cacheDir, key);
    const [source, existing] = await Promise.all([
      svgPath === null ? null : stat(svgPath),
      stat(cached).catch(() => undefined),
    ]);
    // A drawing regenerated after the file was cached makes the file stale.
    if (existing && (source === null || existing.mtimeMs >= source.mtimeMs)) {
      try {
        return await readFile(cached);
      } catch {
        // Removed meanwhile: render again.
      }
    }
    const running = this.pending.get(key);
    if (running) return running;
    const rendering = this.renderAndStore(cached, render).finally(() => this.pending.delete(key));
    this.pending.set(key, rendering);
    return rendering;
  }

  private async renderAndStore(cached: string, render: () => Promise<Buffer>): Promise<Buffer> {
    const image = await render();
    // Every time, cheap next to a rendering: the folder may have been deleted meanwhile.
    await mkdir(this.cacheDir, { recursive: true });
    const temporary = `${cached}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`;
    try {
      await writeFile(temporary, image);
      await rename(temporary, cached);
    } catch (error) {
      await rm(temporary, { force: true });
      throw error;
    }
    return image;
  }
}

function rasterResponse(c: AppContext, image: Buffer, format: RasterFormat): Response {
  return c.body(new Uint8Array(image), 200, {
    'content-type': CONTENT_TYPES[format],
    // The URL names the image, the width and the quality: what it serves never changes.
    'cache-control': `public, max-age=${ONE_YEAR_S}, immutable`,
    vary: 'Accept',
    'x-content-type-options': 'nosniff',
  });
}

export function registerMediaRoutes(api: Api, db: Kysely<Database>, assetsDir: string, imageCacheDir: string): void {
  const cache = new ImageCache(imageCacheDir);
  const sized = { access: 'public', query: imageSizeQuerySchema } as const;

  // Images uploaded by admins, from the database; always re-encoded by sharp, never served as uploaded.
  api.get('/media/uploads/:id', sized, async (c) => {
    const { w: width, q: quality } = c.req.valid('query');
    const id = pathId(c, 'id', UPLOAD_NOT_FOUND_MESSAGE);
    const format: RasterFormat = acceptsWebp(c.req.header('accept')) ? 'webp' : 'png';
    const key = `upload-${id}.w${width ?? 'full'}.q${quality}.${format}`;
    const content = await uploadedImageContent(db, id);
    if (!content) throw notFound(UPLOAD_NOT_FOUND_MESSAGE);
    const image = await cache.get(null, key, () => resizeRaster(content, width ?? LARGEST_WIDTH, quality, format));
    return rasterResponse(c, image, format);
  });

  // Catalogue drawings shipped in the repository, as SVG or rasterised to a width of product §9.
  api.get('/media/products/:file', sized, async (c) => {
    const { w: width, q: quality } = c.req.valid('query');
    const name = pathParam(c, 'file');
    const file = PRODUCT_IMAGE_NAME.test(name) ? await resolveFile(join(assetsDir, 'products'), `/${name}`) : undefined;
    if (!file) throw notFound('Imagen no encontrada.');

    if (width === undefined) {
      const response = await sendFile(c, file, `public, max-age=${ONE_DAY_S}`);
      // An SVG opened directly must not be able to run script in this origin.
      response.headers.set('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox");
      return response;
    }

    const format: RasterFormat = acceptsWebp(c.req.header('accept')) ? 'webp' : 'png';
    const key = `${name.slice(0, -'.svg'.length)}.w${width}.q${quality}.${format}`;
    const image = await cache.get(file, key, () => rasterise(file, width, quality, format));
    return rasterResponse(c, image, format);
  });
}
