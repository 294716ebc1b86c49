import { LIBRARY_DOCUMENT_MAX_BYTES, type LibraryDocumentDto } from '../../../src/lib/shared/prescriptions';
import {
  libraryDocumentChangesSchema,
  libraryQuerySchema,
  newLibraryDocumentSchema,
} from '../../../src/lib/shared/upload-schemas';
import { pathId } from '../gamification/input';
import { viewerOf, type AccessRule, type Api } from '../http/auth';
import type { Viewer } from '../http/app-env';
import { notFound } from '../refusal';
import type { Services } from '../http/services';
import { checkedUpload } from '../uploads/checked-upload';
import { contentDisposition } from '../uploads/files';
import {
  deleteDocument,
  findDocumentFile,
  insertDocument,
  listDocuments,
  updateDocument,
  type DocumentFields,
  type DocumentRow,
  type LibraryReader,
} from './repo';

const DOCUMENT_NOT_FOUND_MESSAGE = 'No encontramos este documento.';
const DOCUMENT_TOO_LARGE_MESSAGE = `El documento supera el tamaño máximo de ${LIBRARY_DOCUMENT_MAX_BYTES / 1024 / 1024} MB.`;

/** Medical resources are for approved professionals; admins manage the library. */
const LIBRARY_ACCESS: AccessRule = { roles: ['doctor', 'health_professional', 'admin'], approved: true };
const ADMIN: AccessRule = ['admin'];
const MULTIPART_OVERHEAD_BYTES = 64 * 1024;

function documentFileUrl(id: number): string {
  return `/api/documents/${id}/file`;
}

function toDocumentDto(row: DocumentRow): LibraryDocumentDto {
  return {
    id: row.id,
    kind: row.kind,
    title: row.title,
    description: row.description,
    fileName: row.file_name,
    mime: row.mime,
    size: row.size,
    url: documentFileUrl(row.id),
    countryId: row.country_id,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
  };
}

/** A download that never runs as a page of the site: typed, attachment, sandboxed, not kept by shared caches. */
export function downloadHeaders(mime: string, fileName: string): Record<string, string> {
  return {
    'content-type': mime,
    'content-disposition': contentDisposition('attachment', fileName),
    'cache-control': 'private, no-store',
    'x-content-type-options': 'nosniff',
    'content-security-policy': "default-src 'none'; sandbox",
  };
}

/** The file of a document form, checked by its first bytes and its size. */
async function checkedDocument(file: File) {
  const checked = await checkedUpload(file, {
    maxBytes: LIBRARY_DOCUMENT_MAX_BYTES,
    tooLargeMessage: DOCUMENT_TOO_LARGE_MESSAGE,
  });
  return { file_name: checked.name, mime: checked.type.mime, size: checked.bytes.byteLength, content: checked.bytes };
}

function documentFields(fields: {
  kind: DocumentFields['kind'];
  title: string;
  description: string;
  countryId: number | null;
}): DocumentFields {
  return { kind: fields.kind, title: fields.title, description: fields.description, country_id: fields.countryId };
}

/** A document of another country is not found (404), in the list and by its link alike. */
function readerOf({ user, session }: Viewer): LibraryReader {
  return { admin: user.role === 'admin', countryId: session.country_id };
}

export function registerDocumentRoutes(api: Api, services: Services): void {
  const { db } = services;
  const uploadLimits = {
    maxBodyBytes: LIBRARY_DOCUMENT_MAX_BYTES + MULTIPART_OVERHEAD_BYTES,
    tooLargeMessage: DOCUMENT_TOO_LARGE_MESSAGE,
  };

  api.get('/documents', { access: LIBRARY_ACCESS, query: libraryQuerySchema }, async (c) => {
    const { kind } = c.req.valid('query');
    const rows = await listDocuments(db, readerOf(viewerOf(c)), kind);
    return c.json<{ data: LibraryDocumentDto[] }>({ data: rows.map(toDocumentDto) });
  });

  // Opened by a link: the session cookie is accepted as well as the bearer token.
  api.get('/documents/:id/file', { access: LIBRARY_ACCESS }, async (c) => {
    const id = pathId(c, 'id', DOCUMENT_NOT_FOUND_MESSAGE);
    const row = await findDocumentFile(db, readerOf(viewerOf(c)), id);
    if (!row) throw notFound(DOCUMENT_NOT_FOUND_MESSAGE);
    return c.body(new Uint8Array(row.content), 200, downloadHeaders(row.mime, row.file_name));
  });

  api.post('/admin/documents', { access: ADMIN, ...uploadLimits, form: newLibraryDocumentSchema }, async (c) => {
    const fields = c.req.valid('form');
    const file = await checkedDocument(fields.file);
    const row = await insertDocument(db, documentFields(fields), file);
    return c.json<LibraryDocumentDto>(toDocumentDto(row), 201);
  });

  // Replacing keeps the id, so links professionals saved keep working; the file is optional on an edit.
  api.put('/admin/documents/:id', { access: ADMIN, ...uploadLimits, form: libraryDocumentChangesSchema }, async (c) => {
    const id = pathId(c, 'id', DOCUMENT_NOT_FOUND_MESSAGE);
    const fields = c.req.valid('form');
    const file = fields.file && (await checkedDocument(fields.file));
    const row = await updateDocument(db, id, documentFields(fields), file);
    if (!row) throw notFound(DOCUMENT_NOT_FOUND_MESSAGE);
    return c.json<LibraryDocumentDto>(toDocumentDto(row));
  });

  api.delete('/admin/documents/:id', { access: ADMIN }, async (c) => {
    const id = pathId(c, 'id', DOCUMENT_NOT_FOUND_MESSAGE);
    if (!(await deleteDocument(db, id))) throw notFound(DOCUMENT_NOT_FOUND_MESSAGE);
    return c.body(null, 204);
  });
}
