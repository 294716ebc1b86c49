import type { Selectable } from 'kysely';
import { DOCUMENT_KINDS, type DocumentKind, type LibraryDocumentDto } from '../../../src/lib/shared/prescriptions';
import type { DocumentsTable } from '../db/schema';
import { pathId } from '../gamification/input';
import { type AccessRule, type Api } from '../http/auth';
import { notFound } from '../http/errors';
import { QueryReader } from '../http/query-params';
import type { Services } from '../http/services';
import { contentDisposition } from '../uploads/files';

export const DOCUMENT_NOT_FOUND_MESSAGE = 'No encontramos este documento.';

/** Medical resources are for approved professionals; admins will manage the library. */
const LIBRARY_ACCESS: AccessRule = { roles: ['doctor', 'health_professional', 'admin'], approved: true };

export function documentFileUrl(id: number): string {
  return `/api/documents/${id}/file`;
}

function toDocumentDto(row: Omit<Selectable<DocumentsTable>, 'content'>): LibraryDocumentDto {
  return {
    id: row.id,
    kind: row.kind,
    title: row.title,
    description: row.description,
    fileName: row.file_name,
    mime: row.mime,
    size: row.size,
    url: documentFileUrl(row.id),
    createdAt: row.created_at.toISOString(),
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

export function registerDocumentRoutes(api: Api, services: Services): void {
  const { db } = services;

  api.get('/documents', { access: LIBRARY_ACCESS }, async (c) => {
    const query = new QueryReader(c.req.query());
    const kind: DocumentKind | undefined = query.oneOf('kind', DOCUMENT_KINDS);
    query.assertValid();
    const rows = await db
      .selectFrom('documents')
      .select(['id', 'kind', 'title', 'description', 'file_name', 'mime', 'size', 'created_at'])
      .$if(kind !== undefined, (rows) => rows.where('kind', '=', kind ?? 'template'))
      .orderBy('kind')
      .orderBy('id')
      .execute();
    return c.json<{ data: LibraryDocumentDto[] }>({ data: rows.map(toDocumentDto) });
  });

  // Opened by a link: the session cookie is accepted as well as the bearer token.
  api.get('/documents/:id/file', { access: LIBRARY_ACCESS, cookieAuth: true }, async (c) => {
    const id = pathId(c, 'id', DOCUMENT_NOT_FOUND_MESSAGE);
    const row = await db
      .selectFrom('documents')
      .select(['file_name', 'mime', 'content'])
      .where('id', '=', id)
      .executeTakeFirst();
    if (!row) throw notFound(DOCUMENT_NOT_FOUND_MESSAGE);
    return c.body(new Uint8Array(row.content), 200, downloadHeaders(row.mime, row.file_name));
  });
}
