import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { randomStoredName } from '../src/uploads/files';
import { UPLOAD_CHUNK_BYTES, type StoredUpload, type UploadStorage } from '../src/uploads/storage';

/** Two chunks and a byte: the last chunk is a short one. */
export const LARGE_BYTES = 2 * UPLOAD_CHUNK_BYTES + 1;

/** The bytes as a client's upload arrives: in pieces of sizes that do not line up with the chunks. */
export async function* arriving(bytes: Uint8Array, pieceBytes: number): AsyncGenerator<Uint8Array> {
  for (let offset = 0; offset < bytes.byteLength; offset += pieceBytes)
    yield bytes.subarray(offset, offset + pieceBytes);
}

/** The pieces a stored file is read in; its announced size must be what they add up to. */
export async function piecesOf(stored: StoredUpload | undefined): Promise<Uint8Array[]> {
  const pieces: Uint8Array[] = [];
  for await (const piece of stored!.stream) pieces.push(piece);
  expect(pieces.reduce((total, piece) => total + piece.byteLength, 0)).toBe(stored!.size);
  return pieces;
}

/**
 * What every `UploadStorage` must do, whatever keeps the bytes: the routes, the export and the copy command rely on
 * exactly this. Each storage's test file runs it against its own instance.
 */
export function describeUploadStorage(kind: string, storage: () => UploadStorage): void {
  describe(`${kind} upload storage`, () => {
    it('gives back exactly what was stored, and knows what it holds', async () => {
      const uploads = storage();
      const bytes = randomBytes(LARGE_BYTES);
      const name = randomStoredName('pdf');
      expect(await uploads.exists('credentials', name)).toBe(false);
      expect(await uploads.get('credentials', name)).toBeUndefined();

      await uploads.put('credentials', name, arriving(bytes, 100_000));
      expect(await uploads.exists('credentials', name)).toBe(true);
      expect(await uploads.exists('profile', name)).toBe(false);
      expect(await uploads.list('credentials')).toContain(name);
      const read = Buffer.concat(await piecesOf(await uploads.get('credentials', name)));
      expect(read.equals(bytes)).toBe(true);

      await uploads.delete('credentials', name);
      expect(await uploads.exists('credentials', name)).toBe(false);
      expect(await uploads.get('credentials', name)).toBeUndefined();
      expect(await uploads.list('credentials')).not.toContain(name);
      // Deleting again is no error: deletions run after commits and may repeat.
      await uploads.delete('credentials', name);
    });

    it('refuses to overwrite a stored file and leaves it whole', async () => {
      const uploads = storage();
      const name = randomStoredName('png');
      const first = randomBytes(1000);
      await uploads.put('profile', name, first);
      await expect(uploads.put('profile', name, randomBytes(1000))).rejects.toThrow();
      expect(Buffer.concat(await piecesOf(await uploads.get('profile', name))).equals(first)).toBe(true);
    });

    it('stores an empty file', async () => {
      const uploads = storage();
      const name = randomStoredName('pdf');
      await uploads.put('credentials', name, new Uint8Array(0));
      expect(Buffer.concat(await piecesOf(await uploads.get('credentials', name))).byteLength).toBe(0);
    });

    it('answers nothing for names the server never gives, so no path leaves the area', async () => {
      const uploads = storage();
      for (const name of ['../credentials/x.pdf', 'datos.json', '']) {
        expect(await uploads.get('credentials', name)).toBeUndefined();
        expect(await uploads.exists('credentials', name)).toBe(false);
        await expect(uploads.put('credentials', name, new Uint8Array(1))).rejects.toThrow();
      }
    });
  });
}
