import { http, HttpResponse } from 'msw';
import { DOCUMENT_KINDS, type DocumentKind, type LibraryDocumentDto } from '../../lib/shared/prescriptions';
import { TEST_API } from '../api-url';
import { REQUIRED_FIELD_MESSAGE } from '../../lib/shared/field-schemas';
import { formRefusal, parseMultipart } from './http-shapes';
import { prescriptionFixtures } from './prescriptions';

// A fake of the admins' document library (server/src/documents/routes.ts): the same paths, shapes and Spanish
// messages. It writes to `prescriptionFixtures.documents`, which `GET /documents` reads. Not in the default
// handlers: a test opts in with `server.use(...adminLibraryHandlers)`.

export const FILE_MISMATCH_MESSAGE =
  'El archivo no es lo que dice su nombre: su contenido no corresponde a su extensión.';

/** The server reads the type from the bytes; the fake knows PDFs and PNGs, enough for the tests. */
function sniff(content: string): string | null {
  if (content.startsWith('%PDF-')) return 'application/pdf';
  if (content.startsWith('\u0089PNG') || content.startsWith('\uFFFDPNG')) return 'image/png';
  return null;
}

const EXTENSION_TYPES: Record<string, string> = { pdf: 'application/pdf', png: 'image/png' };

let nextId = 900;

/** The server's refusal of a missing field: its message, and the field in `fieldErrors`. */
const missing = (field: string) =>
  formRefusal([{ field, message: REQUIRED_FIELD_MESSAGE }], { message: REQUIRED_FIELD_MESSAGE });
/** A file of the wrong type is an unsupported media type (415), as the server's upload check answers. */
const wrongFile = (message: string) => HttpResponse.json({ message }, { status: 415 });

function save(existing: LibraryDocumentDto | null, body: string) {
  const { fields, files } = parseMultipart(body);
  const [file] = files;
  const title = fields.title?.trim() ?? '';
  if (!title) return missing('title');
  let fileFields: Pick<LibraryDocumentDto, 'fileName' | 'mime' | 'size'> | null = null;
  if (file) {
    const mime = sniff(file.content);
    const extension = file.name.split('.').pop()?.toLowerCase() ?? '';
    if (!mime) return wrongFile('Sube un PDF o una imagen JPG, PNG o WEBP.');
    if (EXTENSION_TYPES[extension] !== mime) return wrongFile(FILE_MISMATCH_MESSAGE);
    fileFields = { fileName: file.name, mime, size: file.content.length };
  } else if (!existing) {
    return missing('file');
  }
  const kind = (DOCUMENT_KINDS as readonly string[]).includes(fields.kind ?? '')
    ? (fields.kind as DocumentKind)
    : 'template';
  const id = existing?.id ?? nextId++;
  const saved: LibraryDocumentDto = {
    id,
    kind,
    title,
    description: fields.description ?? '',
    fileName: fileFields?.fileName ?? existing?.fileName ?? '',
    mime: fileFields?.mime ?? existing?.mime ?? '',
    size: fileFields?.size ?? existing?.size ?? 0,
    url: `/api/documents/${id}/file`,
    countryId: fields.countryId ? Number(fields.countryId) : null,
    createdAt: existing?.createdAt ?? '2026-11-21T10:00:00.000Z',
    updatedAt: '2026-11-21T10:00:00.000Z',
  };
  prescriptionFixtures.documents = existing
    ? prescriptionFixtures.documents.map((document) => (document.id === id ? saved : document))
    : [...prescriptionFixtures.documents, saved];
  return HttpResponse.json(saved, { status: existing ? 200 : 201 });
}

const NOT_FOUND = () => HttpResponse.json({ message: 'No encontramos este documento.' }, { status: 404 });

export const adminLibraryHandlers = [
  http.post(`${TEST_API}/admin/documents`, async ({ request }) => save(null, await request.text())),
  http.put(`${TEST_API}/admin/documents/:id`, async ({ params, request }) => {
    const existing = prescriptionFixtures.documents.find((document) => String(document.id) === params.id);
    return existing ? save(existing, await request.text()) : NOT_FOUND();
  }),
  http.delete(`${TEST_API}/admin/documents/:id`, ({ params }) => {
    const before = prescriptionFixtures.documents.length;
    prescriptionFixtures.documents = prescriptionFixtures.documents.filter(
      (document) => String(document.id) !== params.id,
    );
    return prescriptionFixtures.documents.length < before ? new HttpResponse(null, { status: 204 }) : NOT_FOUND();
  }),
];
