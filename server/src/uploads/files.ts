import { randomBytes } from 'node:crypto';

export interface DetectedType {
  mime: 'application/pdf' | 'image/png' | 'image/jpeg' | 'image/webp';
  extension: 'pdf' | 'png' | 'jpg' | 'webp';
}

const startsWith = (bytes: Uint8Array, signature: readonly number[], offset = 0) =>
  bytes.length >= offset + signature.length && signature.every((byte, index) => bytes[offset + index] === byte);

const ascii = (text: string) => [...text].map((char) => char.charCodeAt(0));

/**
 * The type of a file by its first bytes (magic numbers), never by its name or the MIME type the client claims:
 * an `.exe` renamed `.pdf` is still an executable.
 */
export function detectFileType(bytes: Uint8Array): DetectedType | undefined {
  if (startsWith(bytes, ascii('%PDF-'))) return { mime: 'application/pdf', extension: 'pdf' };
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))
    return { mime: 'image/png', extension: 'png' };
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return { mime: 'image/jpeg', extension: 'jpg' };
  if (startsWith(bytes, ascii('RIFF')) && startsWith(bytes, ascii('WEBP'), 8)) {
    return { mime: 'image/webp', extension: 'webp' };
  }
  return undefined;
}

/** Stored names are random: nothing of the user's file name reaches the disk. */
export const STORED_NAME_PATTERN = /^[a-f0-9]{32}\.(pdf|png|jpg|webp)$/;

const UPLOAD_NAME_INVALID_MESSAGE = 'Nombre de archivo guardado no válido.';

/** Every storage refuses to write other names, so none can reach outside its area. */
export function assertStoredName(name: string): void {
  if (!STORED_NAME_PATTERN.test(name)) throw new Error(UPLOAD_NAME_INVALID_MESSAGE);
}

export function randomStoredName(extension: DetectedType['extension']): string {
  return `${randomBytes(16).toString('hex')}.${extension}`;
}

/** Areas of the private uploads (`storage.ts`); none of them is ever served as static files. */
export const UPLOAD_AREAS = ['credentials', 'profile'] as const;
export type UploadArea = (typeof UPLOAD_AREAS)[number];

/** A file name safe for Content-Disposition: ASCII fallback plus the UTF-8 original (RFC 6266 / 5987). */
export function contentDisposition(kind: 'inline' | 'attachment', originalName: string): string {
  const fallback = originalName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_') || 'archivo';
  return `${kind}; filename="${fallback}"; filename*=UTF-8''${encodeURIComponent(originalName)}`;
}

/** A readable original name: no path, no control characters, at most 200 characters. */
export function cleanOriginalName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  // eslint-disable-next-line no-control-regex -- removing control characters is the point.
  const cleaned = base.replace(/[\u0000-\u001f\u007f]/g, '').trim();
  return (cleaned || 'archivo').slice(0, 200);
}
