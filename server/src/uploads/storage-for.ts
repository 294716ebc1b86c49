import type { DatabaseHandle } from '../db/database';
import { S3UploadStorage, type S3Settings } from './s3-storage';
import { DatabaseUploadStorage, DiskUploadStorage, type UploadStorage } from './storage';

/**
 * The storage of a server's uploads: the bucket when one is configured (the operator asked for it explicitly), else
 * the database it shares with other instances on PostgreSQL, else the disk.
 */
export function uploadStorageFor(
  database: DatabaseHandle,
  uploadsDir: string,
  s3: S3Settings | undefined = undefined,
): UploadStorage {
  if (s3) return new S3UploadStorage(s3);
  return database.kind === 'postgres' ? new DatabaseUploadStorage(database.db) : new DiskUploadStorage(uploadsDir);
}
