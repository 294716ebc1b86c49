import { http, HttpResponse } from 'msw';
import { DOCUMENT_KINDS, type DocumentKind, type LibraryDocumentDto } from '../../lib/shared/prescriptions';
import { TEST_API } from '../api-url';
import { parseMultipart } from './http-shapes';
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

function save(existing: LibraryDocumentDto | null, body: string) {
  const { fields, files } = parseMultipart(body);
  const [file] = files;
  const title = fields.title?.trim() ?? '';
  if (!title)
    return HttpResponse.json(
      { message: 'Revisa los campos.', errors: { title: 'Campo obligatorio' } },
      { status: 400 },
    );
  let fileFields: Pick<LibraryDocumentDto, 'fileName' | 'mime' | 'size'> | null = null;
  if (file) {
    const mime = sniff(file.content);
    const extension = file.name.split('.').pop()?.toLowerCase() ?? '';
    if (!mime) return HttpResponse.json({ message: 'Sube un PDF o una imagen JPG, PNG o WEBP.' }, { status: 400 });
    if (EXTENSION_TYPES[extension] !== mime) {
      return HttpResponse.json({ message: FILE_MISMATCH_MESSAGE }, { status: 400 });
    }
    fileFields = { fileName: file.name, mime, size: file.content.length };
  } else if (!existing) {
    return HttpResponse.json({ message: 'Revisa los campos.', errors: { file: 'Campo obligatorio' } }, { status: 400 });
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
