import type { Kysely } from 'kysely';
import { notNull, notNullNow, ownedBy, tableWithId } from './helpers';

/**
 * Uploads in PostgreSQL when DATABASE_URL is set (issue #21): every instance reads what any instance stored, where
 * UPLOADS_DIR was one machine's disk. A file is a row of `upload_files` and its bytes rows of `upload_chunks` of at most
 * 256 KB each, so it is written and read a chunk at a time and never held whole in memory. bytea rows rather than
 * large objects: they go through Kysely like every other row, on PGlite too, and are deleted with their file (large
 * objects would need `lo_unlink` and a connection of their own).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await tableWithId(db, 'upload_files')
    .addColumn('area', 'text', notNull)
    .addColumn('name', 'text', notNull)
    .addColumn('size', 'integer', notNull)
    .addColumn('chunks', 'integer', notNull)
    .addColumn('created_at', 'timestamptz', notNullNow)
    .addUniqueConstraint('upload_files_area_name_unique', ['area', 'name'])
    .execute();
  await db.schema
    .createTable('upload_chunks')
    .addColumn('file_id', 'integer', ownedBy('upload_files.id'))
    .addColumn('position', 'integer', notNull)
    .addColumn('data', 'bytea', notNull)
    .addPrimaryKeyConstraint('upload_chunks_pkey', ['file_id', 'position'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('upload_chunks').execute();
  await db.schema.dropTable('upload_files').execute();
}
