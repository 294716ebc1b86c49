import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomStoredName } from '../src/uploads/files';
import { copyUploads, uploadsCopySummary } from '../src/uploads/migrate';
import {
  DatabaseUploadStorage,
  DiskUploadStorage,
  UPLOAD_CHUNK_BYTES,
  UPLOAD_CHUNK_MISSING_MESSAGE,
} from '../src/uploads/storage';
import { createTestContext, type TestContext } from './helpers';
import { describeUploadStorage, LARGE_BYTES, piecesOf } from './upload-storage-contract';

let ctx: TestContext;
let diskRoot: string;

beforeAll(async () => {
  ctx = await createTestContext({ seed: false });
  diskRoot = await mkdtemp(join(tmpdir(), 'dispensario-storage-'));
});

afterAll(async () => {
  await ctx?.close();
  if (diskRoot) await rm(diskRoot, { recursive: true, force: true });
});

describeUploadStorage('disk', () => new DiskUploadStorage(diskRoot));
describeUploadStorage('database', () => new DatabaseUploadStorage(ctx.database.db));

describe('database upload storage', () => {
  it('keeps a file in chunks of at most 256 KB and reads them back one at a time, in order', async () => {
    const uploads = new DatabaseUploadStorage(ctx.database.db);
    const bytes = randomBytes(LARGE_BYTES);
    const name = randomStoredName('jpg');
    await uploads.put('credentials', name, bytes);

    const rows = await ctx.database.db
      .selectFrom('upload_files as f')
      .innerJoin('upload_chunks as c', 'c.file_id', 'f.id')
      .select(['f.size', 'f.chunks', 'c.position', (eb) => eb.fn<number>('length', ['c.data']).as('length')])
      .where('f.name', '=', name)
      .orderBy('c.position')
      .execute();
    expect(rows.map((row) => [row.position, Number(row.length)])).toEqual([
      [0, UPLOAD_CHUNK_BYTES],
      [1, UPLOAD_CHUNK_BYTES],
      [2, 1],
    ]);
    expect(rows[0]).toMatchObject({ size: LARGE_BYTES, chunks: 3 });

    const pieces = await piecesOf(await uploads.get('credentials', name));
    expect(pieces.map((piece) => piece.byteLength)).toEqual([UPLOAD_CHUNK_BYTES, UPLOAD_CHUNK_BYTES, 1]);
    expect(Buffer.concat(pieces).equals(bytes)).toBe(true);
  });

  it('reads nothing ahead of the reader, and fails a read whose file was deleted half-way', async () => {
    const uploads = new DatabaseUploadStorage(ctx.database.db);
    const name = randomStoredName('pdf');
    await uploads.put('credentials', name, randomBytes(LARGE_BYTES));
    const reader = (await uploads.get('credentials', name))!.stream.getReader();
    expect((await reader.read()).value?.byteLength).toBe(UPLOAD_CHUNK_BYTES);
    await uploads.delete('credentials', name);
    await expect(reader.read()).rejects.toThrow(UPLOAD_CHUNK_MISSING_MESSAGE);
  });

  it('stores nothing of a file whose content fails half-way', async () => {
    const uploads = new DatabaseUploadStorage(ctx.database.db);
    const name = randomStoredName('pdf');
    async function* failing() {
      yield randomBytes(UPLOAD_CHUNK_BYTES + 10);
      throw new Error('conexión cortada');
    }
    await expect(uploads.put('credentials', name, failing())).rejects.toThrow('conexión cortada');
    expect(await uploads.exists('credentials', name)).toBe(false);
    const orphans = await ctx.database.db
      .selectFrom('upload_chunks')
      .select('file_id')
      .where('file_id', 'not in', (eb) => eb.selectFrom('upload_files').select('id'))
      .execute();
    expect(orphans).toEqual([]);
  });
});

describe('the server chooses its upload storage at start-up', () => {
  it('keeps uploads in PostgreSQL with DATABASE_URL and on the disk with PGlite', () => {
    expect(ctx.app.services.uploads.kind).toBe(ctx.database.kind === 'postgres' ? 'database' : 'disk');
  });
});

describe('copying the uploads of the disk into the database (npm run uploads:migrate)', () => {
  it('copies what is missing, skips what is there, ignores stray files, and may run again', async () => {
    const root = await mkdtemp(join(tmpdir(), 'dispensario-copy-'));
    try {
      const disk = new DiskUploadStorage(root);
      const database = new DatabaseUploadStorage(ctx.database.db);
      const files = [
        { area: 'credentials' as const, name: randomStoredName('pdf'), bytes: randomBytes(LARGE_BYTES) },
        { area: 'credentials' as const, name: randomStoredName('png'), bytes: randomBytes(5000) },
        { area: 'profile' as const, name: randomStoredName('webp'), bytes: randomBytes(3000) },
      ];
      for (const file of files) await disk.put(file.area, file.name, file.bytes);
      // An earlier, interrupted run had copied the photo.
      await database.put('profile', files[2]!.name, files[2]!.bytes);
      await writeFile(join(root, 'credentials', 'copia-de-seguridad.pdf~'), 'no es de nadie');

      const first = await copyUploads(disk, database);
      expect(first).toEqual({ copied: 2, alreadyThere: 1, ignored: 1 });
      for (const file of files) {
        const read = Buffer.concat(await piecesOf(await database.get(file.area, file.name)));
        expect(read.equals(file.bytes)).toBe(true);
      }
      // The disk stays as it was: a backup until someone has checked the copy.
      for (const file of files) expect(await disk.exists(file.area, file.name)).toBe(true);

      expect(await copyUploads(disk, database)).toEqual({ copied: 0, alreadyThere: 3, ignored: 1 });
      expect(uploadsCopySummary({ copied: 2, alreadyThere: 1, ignored: 1 }, database)).toBe(
        [
          'Archivos copiados a PostgreSQL: 2.',
          'Ya estaban en PostgreSQL: 1.',
          'Ignorados (nombre que el servidor no genera): 1.',
        ].join('\n'),
      );
    } finally {
      await rm(root, { recursive: true, force: true });
    }
  });
});
