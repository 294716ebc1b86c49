import { CREDENTIAL_MAX_FILES, UPLOAD_MAX_BYTES, type CredentialsStatusDto } from '../../../src/lib/shared/accounts';
import { countryById } from '../../../src/lib/shared/countries';
import {
  HORMONE_PRESCRIPTION_DOCUMENT_TYPE,
  HORMONE_PRESCRIPTION_MAX_BYTES,
  HORMONE_PRESCRIPTION_MIME_TYPES,
} from '../../../src/lib/shared/orders';
import { credentialUploadSchema } from '../../../src/lib/shared/upload-schemas';
import { downloadHeaders } from '../documents/routes';
import { FORBIDDEN_MESSAGE, pathParam, viewerOf, type Api } from '../http/auth';
import { readForm } from '../http/body';
import { Refusal } from '../refusal';
import { parsedForm } from '../http/validated';
import type { Services } from '../http/services';
import { isProfessional } from '../users/repo';
import { keyOnRow } from '../http/idempotency';
import { cleanOriginalName, detectFileType, randomStoredName, type DetectedType } from '../uploads/files';
import { credentialsStatus, findCredentialByIdempotencyKey, findCredentialFile, insertCredential } from './repo';

const FILE_TOO_LARGE_MESSAGE = 'El archivo supera el tamaño máximo de 10 MB.';
const FILE_TYPE_MESSAGE = 'Tipo de archivo no permitido. Sube un PDF o una imagen JPG, PNG o WEBP.';
export const PRESCRIPTION_FILE_TYPE_MESSAGE = 'Tipo de archivo no permitido. Sube un PDF o una imagen JPG o PNG.';
const OTHER_USER_UPLOAD_MESSAGE = 'No puedes subir credenciales a nombre de otro usuario.';
const FILE_NOT_FOUND_MESSAGE = 'Archivo no encontrado.';
const MULTIPART_OVERHEAD_BYTES = 1024 * 1024;

interface CheckedFile {
  originalName: string;
  bytes: Uint8Array;
  type: DetectedType;
}

export function registerCredentialRoutes(api: Api, services: Services): void {
  const { db, uploads } = services;

  /** The upload this user already committed with this key: its answer is the user's credentials, as the first time. */
  const idempotent = keyOnRow({
    constraint: 'credentials_idempotency_unique',
    find: (c, key) => findCredentialByIdempotencyKey(db, viewerOf(c).user.id, key),
    answer: async (c) => c.json<CredentialsStatusDto>(await credentialsStatus(db, viewerOf(c).user), 201),
  });

  api.get('/credentials', { access: 'authenticated' }, async (c) => {
    return c.json<CredentialsStatusDto>(await credentialsStatus(db, viewerOf(c).user));
  });

  api.post(
    '/credentials',
    {
      // Professional credentials for professionals; a hormone prescription (`formula-hormonal`) for any buyer.
      access: 'authenticated',
      ownership: 'userId must be the caller; professional documents for professionals only',
      maxBodyBytes:
        CREDENTIAL_MAX_FILES * Math.max(UPLOAD_MAX_BYTES, HORMONE_PRESCRIPTION_MAX_BYTES) + MULTIPART_OVERHEAD_BYTES,
      tooLargeMessage: FILE_TOO_LARGE_MESSAGE,
      // Uploads from a clinic with poor connection are retried: the same key and files store them once.
      idempotent,
    },
    async (c) => {
      const { user, session } = viewerOf(c);
      const claim = c.get('idempotency');
      const form = await readForm(c);
      // Who may upload what is said before the fields are judged: another user's id, a professional's documents.
      const sent = (name: string) => (typeof form[name] === 'string' ? form[name].trim() : '');
      const userId = sent('userId');
      if (userId && userId !== String(user.id) && userId !== user.uid)
        throw new Refusal(403, OTHER_USER_UPLOAD_MESSAGE);
      const prescription = sent('documentType') === HORMONE_PRESCRIPTION_DOCUMENT_TYPE;
      if (sent('documentType') && !prescription && !isProfessional(user)) throw new Refusal(403, FORBIDDEN_MESSAGE);
      const upload = await parsedForm(credentialUploadSchema, form);
      const { files, documentType } = upload;
      const contactNumber = upload.contactNumber ?? null;
      const countryCode = upload.countryCode ?? user.country_code ?? countryById(session.country_id)?.dialCode ?? null;

      const maxBytes = prescription ? HORMONE_PRESCRIPTION_MAX_BYTES : UPLOAD_MAX_BYTES;
      if (files.some((file) => file.size > maxBytes)) throw new Refusal(413, FILE_TOO_LARGE_MESSAGE);
      const checked: CheckedFile[] = [];
      for (const file of files) {
        const bytes = new Uint8Array(await file.arrayBuffer());
        const type = detectFileType(bytes);
        if (prescription && !(HORMONE_PRESCRIPTION_MIME_TYPES as readonly string[]).includes(type?.mime ?? '')) {
          throw new Refusal(415, PRESCRIPTION_FILE_TYPE_MESSAGE);
        }
        if (!type) throw new Refusal(415, FILE_TYPE_MESSAGE);
        checked.push({ originalName: cleanOriginalName(file.name), bytes, type });
      }

      // Files first, then the rows in one transaction; a failed transaction removes the files again.
      const stored: string[] = [];
      try {
        for (const file of checked) {
          const name = randomStoredName(file.type.extension);
          await uploads.put('credentials', name, file.bytes);
          stored.push(name);
        }
        await insertCredential(db, {
          userId: user.id,
          documentType,
          contactNumber,
          countryCode,
          claim,
          files: checked.map((file, index) => ({
            originalName: file.originalName,
            storedName: stored[index] ?? '',
            mime: file.type.mime,
            size: file.bytes.byteLength,
          })),
          prescription,
        });
      } catch (error) {
        await Promise.all(stored.map((name) => uploads.delete('credentials', name)));
        // A request that took over the claim of one still running, which committed first with the same key.
        const winner = await idempotent.winner(c, error);
        if (winner) return winner;
        throw error;
      }
      return c.json<CredentialsStatusDto>(await credentialsStatus(db, user), 201);
    },
  );

  api.get('/credentials/files/:id', { access: 'authenticated', ownership: 'owner, admin' }, async (c) => {
    const viewer = viewerOf(c).user;
    const raw = pathParam(c, 'id');
    const id = /^\d{1,9}$/.test(raw) ? Number(raw) : undefined;
    const file = id === undefined ? undefined : await findCredentialFile(db, id);
    const allowed = file && (file.user_id === viewer.id || viewer.role === 'admin');
    const content = allowed ? await uploads.get('credentials', file.stored_name) : undefined;
    // Another user's file answers exactly like a missing one.
    if (!file || !content) throw new Refusal(404, FILE_NOT_FOUND_MESSAGE);
    return c.body(content.stream, 200, {
      ...downloadHeaders(file.mime, file.original_name),
      'content-length': String(content.size),
    });
  });
}
