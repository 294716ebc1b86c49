// `npm run uploads:migrate`: copies the uploads of UPLOADS_DIR into the shared storage every instance reads: the S3
// bucket of S3_* when set, else the PostgreSQL database of DATABASE_URL. With both, what PostgreSQL held is copied to
// the bucket too, since the server stops reading it there once S3 is set. Safe to run again: files already copied
// are skipped.
import { loadConfig } from '../config';
import { openDatabase, type DatabaseHandle } from '../db/database';
import { prepareDatabase } from '../db/prepare';
import { startupFailureLine } from '../startup';
import { copyUploads, storagePlace, uploadsCopySummary } from './migrate';
import { S3UploadStorage, UploadStorageUnavailableError } from './s3-storage';
import { DatabaseUploadStorage, DiskUploadStorage, type UploadStorage } from './storage';

const config = loadConfig();
const { databaseUrl, s3 } = config;
if (!databaseUrl && !s3) {
  console.error(
    'Ni S3_* ni DATABASE_URL están definidas: sin almacenamiento compartido los archivos se quedan en UPLOADS_DIR.',
  );
  process.exit(2);
}

async function copyInto(to: UploadStorage, sources: UploadStorage[]): Promise<void> {
  for (const from of sources) {
    const source = from.kind === 'disk' ? config.uploadsDir : 'PostgreSQL';
    console.info(`Copiando los archivos de ${source} ${storagePlace(to).into}…`);
    console.info(uploadsCopySummary(await copyUploads(from, to), to));
  }
}

try {
  const disk = new DiskUploadStorage(config.uploadsDir);
  let database: DatabaseHandle | undefined;
  try {
    if (databaseUrl) {
      database = await openDatabase({ databaseUrl, dataDir: config.dataDir });
      // The tables may not exist yet: the same migrations (under the same lock) as a server starting.
      await prepareDatabase(database, { demoUsers: config.seedDemoUsers });
    }
    if (s3) {
      await copyInto(new S3UploadStorage(s3), database ? [disk, new DatabaseUploadStorage(database.db)] : [disk]);
    } else if (database) {
      await copyInto(new DatabaseUploadStorage(database.db), [disk]);
    }
  } finally {
    await database?.close();
  }
} catch (error) {
  // The bucket's own answer (status and S3 error code, never a key) tells the operator what to fix.
  console.error(
    error instanceof UploadStorageUnavailableError
      ? `${error.message} (${error.detail}): comprueba S3_ENDPOINT, S3_BUCKET y las claves S3_*.`
      : startupFailureLine(error, { databaseUrl }),
  );
  process.exit(1);
}
