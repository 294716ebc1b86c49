import { createWriteStream } from 'node:fs';
import { mkdir, open, readdir, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { assertStoredName, STORED_NAME_PATTERN, type UploadArea } from './files';

/** Largest piece of a file kept in one database row, and so the most of it read into memory at once. */
export const UPLOAD_CHUNK_BYTES = 256 * 1024;

export const UPLOAD_CHUNK_MISSING_MESSAGE = 'Falta una parte del archivo guardado: se borró mientras se leía.';

/** The bytes of a file, whole (a checked upload already in memory) or as they arrive (a file copied from disk). */
export type UploadContent = Uint8Array | AsyncIterable<Uint8Array>;

/** A stored file: its length in bytes (the answer's Content-Length) and its content, read a piece at a time. */
export interface StoredUpload {
  size: number;
  stream: ReadableStream<Uint8Array>;
}

/**
 * Where private uploads (credentials, hormone prescriptions, profile photos) live. Chosen once at start-up
 * (`uploadStorageFor`): an S3-compatible bucket when S3_* is set; else PostgreSQL's tables when DATABASE_URL is set,
 * so every instance reads what any instance stored; else UPLOADS_DIR on the local disk with the embedded PGlite,
 * whose database belongs to one process anyway.
 * Names are the random stored names of `randomStoredName`; anything else is missing.
 */
export interface UploadStorage {
  readonly kind: 'disk' | 'database' | 's3';
  /** Stores a new file; a name already stored is refused rather than overwritten. */
  put: (area: UploadArea, name: string, content: UploadContent) => Promise<void>;
  /** The file, or undefined when there is no such file. */
  get: (area: UploadArea, name: string) => Promise<StoredUpload | undefined>;
  exists: (area: UploadArea, name: string) => Promise<boolean>;
  /** Removes the file; a missing one is not an error (deletions are retried and run after commits). */
  delete: (area: UploadArea, name: string) => Promise<void>;
  /** The stored names of an area, sorted (the copy from disk to the database, tests). */
  list: (area: UploadArea) => Promise<string[]>;
  /**
   * Throws when the storage does not answer, for readiness. Only a store apart from the database has one: the disk
   * and PostgreSQL answer when the database does.
   */
  check?: () => Promise<void>;
}

function isMissing(error: unknown): boolean {
  return (error as NodeJS.ErrnoException | undefined)?.code === 'ENOENT';
}

/** A folder per area under UPLOADS_DIR; files are readable by the server's user only. */
export class DiskUploadStorage implements UploadStorage {
  readonly kind = 'disk';

  constructor(readonly root: string) {}

  async put(area: UploadArea, name: string, content: UploadContent): Promise<void> {
    assertStoredName(name);
    const folder = join(this.root, area);
    await mkdir(folder, { recursive: true });
    const path = join(folder, name);
    try {
      await pipeline(
        Readable.from(content instanceof Uint8Array ? [content] : content),
        createWriteStream(path, { flags: 'wx', mode: 0o600 }),
      );
    } catch (error) {
      // A half-written file must not be served later; an existing one (EEXIST) is another upload's and stays.
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') await rm(path, { force: true });
      throw error;
    }
  }

  async get(area: UploadArea, name: string): Promise<StoredUpload | undefined> {
    if (!STORED_NAME_PATTERN.test(name)) return undefined;
    // Opened before answering, so a missing file is a 404 rather than a stream failing half-way.
    const handle = await open(join(this.root, area, name), 'r').catch((error: unknown) => {
      if (isMissing(error)) return undefined;
      throw error;
    });
    if (!handle) return undefined;
    const { size } = await handle.stat();
    const stream = Readable.toWeb(handle.createReadStream({ highWaterMark: UPLOAD_CHUNK_BYTES }));
    return { size, stream: stream as ReadableStream<Uint8Array> };
  }

  async exists(area: UploadArea, name: string): Promise<boolean> {
    if (!STORED_NAME_PATTERN.test(name)) return false;
    return stat(join(this.root, area, name)).then(
      (found) => found.isFile(),
      () => false,
    );
  }

  async delete(area: UploadArea, name: string): Promise<void> {
    if (!STORED_NAME_PATTERN.test(name)) return;
    await rm(join(this.root, area, name), { force: true });
  }

  async list(area: UploadArea): Promise<string[]> {
    try {
      return (await readdir(join(this.root, area))).sort();
    } catch (error) {
      if (isMissing(error)) return [];
      throw error;
    }
  }
}

/** The content cut into pieces of exactly `size` bytes (the last one shorter), whatever sizes it arrives in. */
async function* piecesOf(content: UploadContent, size: number): AsyncGenerator<Uint8Array> {
  if (content instanceof Uint8Array) {
    for (let offset = 0; offset < content.byteLength; offset += size) yield content.subarray(offset, offset + size);
    return;
  }
  let pending: Uint8Array[] = [];
  let pendingBytes = 0;
  for await (const arrived of content) {
    let rest = arrived;
    while (pendingBytes + rest.byteLength >= size) {
      const take = size - pendingBytes;
      pending.push(rest.subarray(0, take));
      yield Buffer.concat(pending);
      pending = [];
      pendingBytes = 0;
      rest = rest.subarray(take);
    }
    if (rest.byteLength > 0) {
      pending.push(rest);
      pendingBytes += rest.byteLength;
    }
  }
  if (pendingBytes > 0) yield Buffer.concat(pending);
}

/** node-postgres sends a Buffer as bytea; a view of the same memory, not a copy. */
const asBuffer = (bytes: Uint8Array) => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);

/**
 * The tables of migration 0027: a file row and its chunks of UPLOAD_CHUNK_BYTES. Written in one transaction, so
 * no instance ever reads a file half-stored; read a chunk per query as the reader asks for more, so a download holds
 * one chunk in memory and no connection between chunks (a client that stops reading costs nothing).
 */
export class DatabaseUploadStorage implements UploadStorage {
  readonly kind = 'database';

  constructor(private readonly db: Kysely<Database>) {}

  async put(area: UploadArea, name: string, content: UploadContent): Promise<void> {
    assertStoredName(name);
    await this.db.transaction().execute(async (trx) => {
      const file = await trx
        .insertInto('upload_files')
        .values({ area, name, size: 0, chunks: 0 })
        .returning('id')
        .executeTakeFirstOrThrow();
      let chunks = 0;
      let size = 0;
      for await (const piece of piecesOf(content, UPLOAD_CHUNK_BYTES)) {
        await trx
          .insertInto('upload_chunks')
          .values({ file_id: file.id, position: chunks, data: asBuffer(piece) })
          .execute();
        chunks += 1;
        size += piece.byteLength;
      }
      await trx.updateTable('upload_files').set({ size, chunks }).where('id', '=', file.id).execute();
    });
  }

  /** The file's row, or undefined for a missing file or a name the server never gives. */
  async #file(area: UploadArea, name: string) {
    if (!STORED_NAME_PATTERN.test(name)) return undefined;
    return this.db
      .selectFrom('upload_files')
      .select(['id', 'size', 'chunks'])
      .where('area', '=', area)
      .where('name', '=', name)
      .executeTakeFirst();
  }

  async get(area: UploadArea, name: string): Promise<StoredUpload | undefined> {
    const file = await this.#file(area, name);
    if (!file) return undefined;
    const { db } = this;
    let position = 0;
    const stream = new ReadableStream<Uint8Array>(
      {
        async pull(controller) {
          if (position >= file.chunks) {
            controller.close();
            return;
          }
          const chunk = await db
            .selectFrom('upload_chunks')
            .select('data')
            .where('file_id', '=', file.id)
            .where('position', '=', position)
            .executeTakeFirst();
          if (!chunk) {
            controller.error(new Error(UPLOAD_CHUNK_MISSING_MESSAGE));
            return;
          }
          position += 1;
          controller.enqueue(new Uint8Array(chunk.data.buffer, chunk.data.byteOffset, chunk.data.byteLength));
        },
      },
      // Nothing read ahead of the reader: one chunk in memory at a time.
      { highWaterMark: 0 },
    );
    return { size: file.size, stream };
  }

  async exists(area: UploadArea, name: string): Promise<boolean> {
    return (await this.#file(area, name)) !== undefined;
  }

  async delete(area: UploadArea, name: string): Promise<void> {
    if (!STORED_NAME_PATTERN.test(name)) return;
    // The chunks go with their file (on delete cascade).
    await this.db.deleteFrom('upload_files').where('area', '=', area).where('name', '=', name).execute();
  }

  async list(area: UploadArea): Promise<string[]> {
    const rows = await this.db
      .selectFrom('upload_files')
      .select('name')
      .where('area', '=', area)
      .orderBy('name')
      .execute();
    return rows.map((row) => row.name);
  }
}
