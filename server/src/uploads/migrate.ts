import { STORED_NAME_PATTERN, UPLOAD_AREAS } from './files';
import type { UploadStorage } from './storage';

interface UploadsCopyReport {
  copied: number;
  /** Already in the target: an earlier run copied them (the command may run any number of times). */
  alreadyThere: number;
  /** Files whose names the server never gives (left-overs, an editor's backup): nothing points at them. */
  ignored: number;
}

/**
 * Copies every upload of `from` (UPLOADS_DIR, or PostgreSQL when moving on to a bucket) missing from `to` (PostgreSQL
 * or the S3 bucket), a file at a time, so a server that ran on one disk can move to several instances. Nothing is
 * removed from `from`: it stays a backup until someone has checked the copy. Each file is stored whole or not at all
 * (one transaction, one PutObject), so an interrupted run leaves whole files only and the next run copies the rest.
 */
export async function copyUploads(from: UploadStorage, to: UploadStorage): Promise<UploadsCopyReport> {
  const report: UploadsCopyReport = { copied: 0, alreadyThere: 0, ignored: 0 };
  for (const area of UPLOAD_AREAS) {
    for (const name of await from.list(area)) {
      if (!STORED_NAME_PATTERN.test(name)) {
        report.ignored += 1;
        continue;
      }
      if (await to.exists(area, name)) {
        report.alreadyThere += 1;
        continue;
      }
      const content = await from.get(area, name);
      if (!content) continue;
      await to.put(area, name, content.stream);
      report.copied += 1;
    }
  }
  return report;
}

/** How the command's messages name a storage as where files go and where they are. */
export function storagePlace(storage: UploadStorage): { into: string; within: string } {
  if (storage.kind === 's3') return { into: 'al bucket S3', within: 'en el bucket S3' };
  if (storage.kind === 'database') return { into: 'a PostgreSQL', within: 'en PostgreSQL' };
  return { into: 'a UPLOADS_DIR', within: 'en UPLOADS_DIR' };
}

/** The command's summary, in Spanish like every message of the server. */
export function uploadsCopySummary(report: UploadsCopyReport, to: UploadStorage): string {
  const { into, within } = storagePlace(to);
  return [
    `Archivos copiados ${into}: ${report.copied}.`,
    `Ya estaban ${within}: ${report.alreadyThere}.`,
    `Ignorados (nombre que el servidor no genera): ${report.ignored}.`,
  ].join('\n');
}
