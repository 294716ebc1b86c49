import type { Selectable } from 'kysely';
import { LIBRARY_DOCUMENT_MAX_BYTES, type LibraryDocumentDto } from '../../../src/lib/shared/prescriptions';
import {
  libraryDocumentChangesSchema,
  libraryQuerySchema,
  newLibraryDocumentSchema,
} from '../../../src/lib/shared/upload-schemas';
import type { DocumentsTable } from '../db/schema';
import { pathId } from '../gamification/input';
import { viewerOf, type AccessRule, type Api } from '../http/auth';
import type { Viewer } from '../http/app-env';
import { notFound } from '../http/errors';
import type { Services } from '../http/services';
import { checkedUpload } from '../uploads/checked-upload';
import { contentDisposition } from '../uploads/files';

const DOCUMENT_NOT_FOUND_MESSAGE = 'No encontramos este documento.';
const DOCUMENT_TOO_LARGE_MESSAGE = `El documento supera el tamaño máximo de ${LIBRARY_DOCUMENT_MAX_BYTES / 1024 / 1024} MB.`;

/** Medical resources are for approved professionals; admins manage the library. */
const LIBRARY_ACCESS: AccessRule = { roles: ['doctor', 'health_professional', 'admin'], approved: true };
const ADMIN: AccessRule = ['admin'];
const MULTIPART_OVERHEAD_BYTES = 64 * 1024;

type DocumentRow = Omit<Selectable<DocumentsTable>, 'content'>;
const DOCUMENT_COLUMNS = [
  'id',
  'kind',
  'title',
  'description',
  'file_name',
  'mime',
  'size',
  'country_id',
  'created_at',
  'updated_at',
] as const;

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
function checkedDocument(file: File) {
  return checkedUpload(file, { maxBytes: LIBRARY_DOCUMENT_MAX_BYTES, tooLargeMessage: DOCUMENT_TOO_LARGE_MESSAGE });
}

export function registerDocumentRoutes(api: Api, services: Services): void {
  const { db } = services;
  // Professionals see the documents for every country and their session's; an admin sees the whole library. A
  // document of another country is not found (404), in the list and by its link alike.
  const visibleDocuments = ({ user, session }: Viewer) =>
    db
      .selectFrom('documents')
      .$if(user.role !== 'admin', (rows) =>
        rows.where((eb) => eb.or([eb('country_id', 'is', null), eb('country_id', '=', session.country_id)])),
      );
  const uploadLimits = {
    maxBodyBytes: LIBRARY_DOCUMENT_MAX_BYTES + MULTIPART_OVERHEAD_BYTES,
    tooLargeMessage: DOCUMENT_TOO_LARGE_MESSAGE,
  };

  api.get('/documents', { access: LIBRARY_ACCESS, query: libraryQuerySchema }, async (c) => {
    const { kind } = c.req.valid('query');
    const rows = await visibleDocuments(viewerOf(c))
      .select(DOCUMENT_COLUMNS)
      .$if(kind !== undefined, (rows) => rows.where('kind', '=', kind ?? 'template'))
      .orderBy('kind')
      .orderBy('id')
      .execute();
    return c.json<{ data: LibraryDocumentDto[] }>({ data: rows.map(toDocumentDto) });
  });

  // Opened by a link: the session cookie is accepted as well as the bearer token.
  api.get('/documents/:id/file', { access: LIBRARY_ACCESS }, async (c) => {
    const id = pathId(c, 'id', DOCUMENT_NOT_FOUND_MESSAGE);
    const row = await visibleDocuments(viewerOf(c))
      .select(['file_name', 'mime', 'content'])
      .where('id', '=', id)
      .executeTakeFirst();
    if (!row) throw notFound(DOCUMENT_NOT_FOUND_MESSAGE);
    return c.body(new Uint8Array(row.content), 200, downloadHeaders(row.mime, row.file_name));
  });

  api.post('/admin/documents', { access: ADMIN, ...uploadLimits, form: newLibraryDocumentSchema }, async (c) => {
    const fields = c.req.valid('form');
    const file = await checkedDocument(fields.file);
    const row = await db
      .insertInto('documents')
      .values({
        kind: fields.kind,
        title: fields.title,
        description: fields.description,
        country_id: fields.countryId,
        file_name: file.name,
        mime: file.type.mime,
        size: file.bytes.byteLength,
        content: file.bytes,
      })
      .returning(DOCUMENT_COLUMNS)
      .executeTakeFirstOrThrow();
    return c.json<LibraryDocumentDto>(toDocumentDto(row), 201);
  });

  // Replacing keeps the id, so links professionals saved keep working; the file is optional on an edit.
  api.put('/admin/documents/:id', { access: ADMIN, ...uploadLimits, form: libraryDocumentChangesSchema }, async (c) => {
    const id = pathId(c, 'id', DOCUMENT_NOT_FOUND_MESSAGE);
    const fields = c.req.valid('form');
    const file = fields.file && (await checkedDocument(fields.file));
    const row = await db
      .updateTable('documents')
      .set({
        kind: fields.kind,
        title: fields.title,
        description: fields.description,
        country_id: fields.countryId,
        updated_at: new Date(),
        ...(file && { file_name: file.name, mime: file.type.mime, size: file.bytes.byteLength, content: file.bytes }),
      })
      .where('id', '=', id)
      .returning(DOCUMENT_COLUMNS)
      .executeTakeFirst();
    if (!row) throw notFound(DOCUMENT_NOT_FOUND_MESSAGE);
    return c.json<LibraryDocumentDto>(toDocumentDto(row));
  });

  api.delete('/admin/documents/:id', { access: ADMIN }, async (c) => {
    const id = pathId(c, 'id', DOCUMENT_NOT_FOUND_MESSAGE);
    const deleted = await db.deleteFrom('documents').where('id', '=', id).returning('id').executeTakeFirst();
    if (!deleted) throw notFound(DOCUMENT_NOT_FOUND_MESSAGE);
    return c.body(null, 204);
  });
}
