import sharp from 'sharp';
import { Refusal } from '../refusal';

/**
 * Largest image accepted, in pixels (40 megapixels: 8000 × 5000, above any camera a product photo comes from). The
 * size limit in bytes does not bound it: a small PNG can declare 100 000 × 100 000 pixels, gigabytes once decoded.
 */
const MAX_IMAGE_PIXELS = 40_000_000;

export const IMAGE_UNREADABLE_MESSAGE =
  'No pudimos leer la imagen: el archivo está dañado, incompleto o no es una imagen. Expórtala de nuevo y vuelve a subirla.';
export const IMAGE_TOO_MANY_PIXELS_MESSAGE = `La imagen es demasiado grande: máximo ${MAX_IMAGE_PIXELS / 1_000_000} megapíxeles (por ejemplo 8000 × 5000).`;

/**
 * Decodes an uploaded image completely before it is stored, so every stored image can be re-encoded when served:
 * what sharp cannot decode (a truncated file, a renamed non-image) is a 422, more than MAX_IMAGE_PIXELS a 413. The
 * dimensions are read from the header first, so a huge declared image is refused without decoding it.
 */
export async function assertDecodableImage(bytes: Uint8Array): Promise<void> {
  let width: number | undefined;
  let height: number | undefined;
  try {
    ({ width, height } = await sharp(bytes, { limitInputPixels: false }).metadata());
  } catch {
    throw new Refusal(422, IMAGE_UNREADABLE_MESSAGE);
  }
  if (!width || !height) throw new Refusal(422, IMAGE_UNREADABLE_MESSAGE);
  if (width * height > MAX_IMAGE_PIXELS) throw new Refusal(413, IMAGE_TOO_MANY_PIXELS_MESSAGE);
  try {
    // `failOn: 'truncated'`: a file cut short is refused, where the default would decode what is there.
    // Decoded to a thumbnail: every pixel is read, but no full-size copy is kept in memory.
    await sharp(bytes, { failOn: 'truncated', limitInputPixels: MAX_IMAGE_PIXELS })
      .resize({ width: 64, height: 64, fit: 'inside' })
      .webp()
      .toBuffer();
  } catch {
    throw new Refusal(422, IMAGE_UNREADABLE_MESSAGE);
  }
}
