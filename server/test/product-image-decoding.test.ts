import { randomBytes } from 'node:crypto';
import { crc32 } from 'node:zlib';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AdminProductDto } from '../../src/lib/shared/admin-products';
import type { ApiErrorBody } from '../../src/lib/shared/api-types';
import { IMAGE_TOO_MANY_PIXELS_MESSAGE, IMAGE_UNREADABLE_MESSAGE } from '../src/uploads/decoded-image';
import { json } from './prescriptions-fixtures';
import { demoCaller, testContextForFile } from './support/file-context';
import { adminProductInput, createdAdminProduct } from './support/admin-products';

const ctx = testContextForFile();
const admin = demoCaller(ctx, 'admin');
let productId: number;
/** A photo-like PNG (noise does not compress): cut in half, its pixel data ends early. */
let noisyPng: Buffer;

const PRODUCT = adminProductInput({
  name: 'Ashwagandha 600 mg',
  slug: 'ashwagandha-imagenes',
  serialNumber: 'IMG-DEC-1',
});

beforeAll(async () => {
  productId = (await createdAdminProduct(ctx, admin, PRODUCT)).id;
  noisyPng = await sharp({
    create: {
      width: 400,
      height: 400,
      channels: 3,
      background: '#808080',
      noise: { type: 'gaussian', mean: 128, sigma: 40 },
    },
  })
    .png()
    .toBuffer();
});

function upload(bytes: Uint8Array, name: string, type: string) {
  const form = new FormData();
  form.append('file', new File([new Uint8Array(bytes)], name, { type }));
  return ctx.app.request(`/api/admin/products/${productId}/images`, {
    method: 'POST',
    body: form,
    headers: { authorization: `Bearer ${admin.token}` },
  });
}

/** A valid 1 × 1 PNG whose header (IHDR, with its checksum recomputed) declares width × height pixels. */
async function pngDeclaring(width: number, height: number): Promise<Buffer> {
  const png = Buffer.from(
    await sharp({ create: { width: 1, height: 1, channels: 3, background: '#fff' } })
      .png()
      .toBuffer(),
  );
  // Signature (8), IHDR length (4), "IHDR" (4), width (4), height (4), … then its CRC over type and data.
  png.writeUInt32BE(width, 16);
  png.writeUInt32BE(height, 20);
  png.writeUInt32BE(crc32(png.subarray(12, 29)), 29);
  return png;
}

async function storedImages(): Promise<number> {
  const rows = await ctx.database.db
    .selectFrom('product_images')
    .select('id')
    .where('product_id', '=', productId)
    .execute();
  return rows.length;
}

describe('product images are decoded at upload', () => {
  it('a truncated PNG is refused with a Spanish 422 and nothing is stored', async () => {
    const response = await upload(noisyPng.subarray(0, noisyPng.length / 2), 'cortada.png', 'image/png');
    expect(response.status).toBe(422);
    expect((await json<ApiErrorBody>(response)).message).toBe(IMAGE_UNREADABLE_MESSAGE);
    expect(await storedImages()).toBe(0);
  });

  it('a PNG whose header declares 100 000 × 100 000 pixels is refused with a 413, without decoding it', async () => {
    const response = await upload(await pngDeclaring(100_000, 100_000), 'enorme.png', 'image/png');
    expect(response.status).toBe(413);
    expect((await json<ApiErrorBody>(response)).message).toBe(IMAGE_TOO_MANY_PIXELS_MESSAGE);
    expect(await storedImages()).toBe(0);
  });

  it('a non-image named .jpg is refused: by its bytes (415), or by the decoder when it starts like a JPEG (422)', async () => {
    const text = await upload(new TextEncoder().encode('esto no es una foto'), 'foto.jpg', 'image/jpeg');
    expect(text.status).toBe(415);
    expect((await json<ApiErrorBody>(text)).message).toMatch(/imagen JPG, PNG o WEBP/);

    const fakeJpeg = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), randomBytes(4096)]);
    const garbage = await upload(fakeJpeg, 'foto.jpg', 'image/jpeg');
    expect(garbage.status).toBe(422);
    expect((await json<ApiErrorBody>(garbage)).message).toBe(IMAGE_UNREADABLE_MESSAGE);
    expect(await storedImages()).toBe(0);
  });

  it('a whole photo is stored and served re-encoded', async () => {
    const response = await upload(noisyPng, 'entera.png', 'image/png');
    expect(response.status).toBe(201);
    const image = (await json<AdminProductDto>(response)).images.at(-1);
    const served = await ctx.app.request(`${image?.url}?w=640`, { headers: { accept: 'image/webp' } });
    expect(served.status).toBe(200);
    expect((await sharp(Buffer.from(await served.arrayBuffer())).metadata()).width).toBe(400);
  });
});
