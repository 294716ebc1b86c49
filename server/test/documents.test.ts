import { describe, expect, it } from 'vitest';
import type { ApiErrorBody } from '../../src/lib/shared/api-types';
import type { LibraryDocumentDto } from '../../src/lib/shared/prescriptions';
import { renderTextPdf } from '../src/documents/pdf';
import { sessionFor } from './helpers';
import { client, json } from './prescriptions-fixtures';
import { demoCaller, testContextForFile } from './support/file-context';

const ctx = testContextForFile();
const doctor = demoCaller(ctx, 'doctor');

describe('GET /api/documents', () => {
  it('lists the seeded templates and patient support documents, by kind', async () => {
    const all = await json<{ data: LibraryDocumentDto[] }>(await client(ctx, doctor).get('/documents'));
    expect(all.data.map((document) => document.kind)).toEqual([
      'patient-support',
      'patient-support',
      'patient-support',
      'template',
      'template',
    ]);
    const templates = await json<{ data: LibraryDocumentDto[] }>(
      await client(ctx, doctor).get('/documents?kind=template'),
    );
    expect(templates.data[0]).toMatchObject({
      kind: 'template',
      title: 'Plantilla de historia clínica funcional',
      fileName: 'historia-clinica-funcional.pdf',
      mime: 'application/pdf',
      url: `/api/documents/${templates.data[0]?.id}/file`,
    });
    const wrong = await client(ctx, doctor).get('/documents?kind=otro');
    expect(wrong.status).toBe(400);
  });

  it('is for approved professionals and admins', async () => {
    const as = async (email: string) => client(ctx, { token: await sessionFor(ctx, email) }).get('/documents');
    expect((await as('profesional.co@demo.test')).status).toBe(200);
    expect((await as('admin@demo.test')).status).toBe(200);
    expect((await as('pendiente.co@demo.test')).status).toBe(403);
    const patient = await as('paciente.co@demo.test');
    expect(patient.status).toBe(403);
    expect((await json<ApiErrorBody>(patient)).message).toBe('No tienes permisos para realizar esta acción.');
    expect((await client(ctx, null).get('/documents')).status).toBe(401);
  });
});

describe('GET /api/documents/{id}/file', () => {
  it('downloads the PDF with the bearer token or the session cookie', async () => {
    const [first] = (await json<{ data: LibraryDocumentDto[] }>(await client(ctx, doctor).get('/documents'))).data;
    const response = await ctx.app.request(first?.url ?? '', { headers: { authorization: `Bearer ${doctor.token}` } });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/pdf');
    expect(response.headers.get('content-disposition')).toContain(`filename="${first?.fileName}"`);
    const bytes = Buffer.from(await response.arrayBuffer());
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(bytes.byteLength).toBe(first?.size);

    const byCookie = await ctx.app.request(first?.url ?? '', { headers: { cookie: `sso_token_co=${doctor.token}` } });
    expect(byCookie.status).toBe(200);
    const patient = await sessionFor(ctx, 'paciente.co@demo.test');
    const refused = await ctx.app.request(first?.url ?? '', { headers: { cookie: `sso_token_co=${patient}` } });
    expect(refused.status).toBe(403);
    const missing = await client(ctx, doctor).get('/documents/999999/file');
    expect(missing.status).toBe(404);
    expect((await json<ApiErrorBody>(missing)).message).toBe('No encontramos este documento.');
  });
});

describe('renderTextPdf', () => {
  it('writes a cross-reference table whose offsets point at their objects, over several pages', () => {
    const pdf = renderTextPdf({
      title: 'Guía — “prueba” (1)',
      paragraphs: Array.from({ length: 80 }, (_, index) => `Párrafo ${index + 1}: niño, corazón y ¿año?`),
    }).toString('latin1');
    expect(pdf).toContain('/Count 4');
    const xrefAt = Number(/startxref\n(\d+)/.exec(pdf)?.[1]);
    expect(pdf.slice(xrefAt, xrefAt + 4)).toBe('xref');
    const offsets = [...pdf.slice(xrefAt).matchAll(/^(\d{10}) 00000 n $/gm)].map((match) => Number(match[1]));
    offsets.forEach((offset, index) => expect(pdf.slice(offset).startsWith(`${index + 1} 0 obj`)).toBe(true));
    // WinAnsi: accents keep their Latin-1 byte, the em dash and curly quotes theirs; parentheses are escaped.
    expect(pdf).toContain('(Gu\u00eda \u0097 \u0093prueba\u0094 \\(1\\))');
  });
});

describe('the library, managed by admins', () => {
  const adminUpload = async (method: 'POST' | 'PUT', path: string, fields: Record<string, string>, file?: File) => {
    const form = new FormData();
    for (const [key, value] of Object.entries(fields)) form.append(key, value);
    if (file) form.append('file', file);
    return ctx.app.request(`/api${path}`, {
      method,
      body: form,
      headers: { authorization: `Bearer ${await sessionFor(ctx, 'admin@demo.test')}` },
    });
  };
  const pdf = (text: string, name = 'guia.pdf') =>
    new File([new Uint8Array(renderTextPdf({ title: text, paragraphs: [text] }))], name, { type: 'application/pdf' });

  it('uploads a document for Mexico: Mexican professionals see and download it, Colombian ones do not', async () => {
    const created = await adminUpload(
      'POST',
      '/admin/documents',
      { kind: 'patient-support', title: 'Guía de ayuno intermitente', description: 'Para pacientes.', countryId: '2' },
      pdf('Ayuno intermitente'),
    );
    expect(created.status).toBe(201);
    const document = await json<LibraryDocumentDto>(created);
    expect(document).toMatchObject({ countryId: 2, fileName: 'guia.pdf', mime: 'application/pdf' });

    const mexican = { token: await sessionFor(ctx, 'medico.mx@demo.test', 'mx'), country: 'mx' as const };
    const seenInMexico = await json<{ data: LibraryDocumentDto[] }>(await client(ctx, mexican).get('/documents'));
    expect(seenInMexico.data.map((item) => item.id)).toContain(document.id);
    const download = await client(ctx, mexican).get(`/documents/${document.id}/file`);
    expect(download.status).toBe(200);
    expect(
      Buffer.from(await download.arrayBuffer())
        .subarray(0, 5)
        .toString('latin1'),
    ).toBe('%PDF-');

    const seenInColombia = await json<{ data: LibraryDocumentDto[] }>(await client(ctx, doctor).get('/documents'));
    expect(seenInColombia.data.map((item) => item.id)).not.toContain(document.id);
    expect((await client(ctx, doctor).get(`/documents/${document.id}/file`)).status).toBe(404);
  });

  it('replaces the file under the same id, and removes documents', async () => {
    const document = await json<LibraryDocumentDto>(
      await adminUpload('POST', '/admin/documents', { kind: 'template', title: 'Consentimiento' }, pdf('v1', 'v1.pdf')),
    );
    expect(document.countryId).toBeNull();
    const replaced = await adminUpload(
      'PUT',
      `/admin/documents/${document.id}`,
      { kind: 'template', title: 'Consentimiento informado' },
      pdf('segunda versión', 'v2.pdf'),
    );
    expect(await json<LibraryDocumentDto>(replaced)).toMatchObject({
      id: document.id,
      title: 'Consentimiento informado',
      fileName: 'v2.pdf',
    });
    const removed = await client(ctx, { token: await sessionFor(ctx, 'admin@demo.test') }).delete(
      `/admin/documents/${document.id}`,
    );
    expect(removed.status).toBe(204);
    expect((await client(ctx, doctor).get(`/documents/${document.id}/file`)).status).toBe(404);
  });

  it('refuses a file that is not what its name says, one too large and a missing title, saving nothing', async () => {
    const before = (await json<{ data: LibraryDocumentDto[] }>(await client(ctx, doctor).get('/documents'))).data;
    const fake = await adminUpload(
      'POST',
      '/admin/documents',
      { kind: 'template', title: 'Falso' },
      new File([new TextEncoder().encode('MZ\u0090 ejecutable')], 'plantilla.pdf', { type: 'application/pdf' }),
    );
    expect(fake.status).toBe(415);
    expect((await json<ApiErrorBody>(fake)).message).toBe(
      'Tipo de archivo no permitido. Sube un PDF o una imagen JPG, PNG o WEBP.',
    );
    const renamed = await adminUpload(
      'POST',
      '/admin/documents',
      { kind: 'template', title: 'Renombrado' },
      pdf('pdf', 'foto.png'),
    );
    expect((await json<ApiErrorBody>(renamed)).message).toBe(
      'El archivo no es lo que dice su nombre: su contenido no corresponde a su extensión.',
    );
    const big = new Uint8Array(15 * 1024 * 1024 + 1);
    big.set(new TextEncoder().encode('%PDF-1.4'));
    const tooLarge = await adminUpload(
      'POST',
      '/admin/documents',
      { kind: 'template', title: 'Grande' },
      new File([big], 'grande.pdf'),
    );
    expect(tooLarge.status).toBe(413);
    expect((await json<ApiErrorBody>(tooLarge)).message).toBe('El documento supera el tamaño máximo de 15 MB.');
    const untitled = await adminUpload('POST', '/admin/documents', { kind: 'template' }, pdf('sin título'));
    expect(untitled.status).toBe(400);
    expect((await json<{ fieldErrors: { field: string }[] }>(untitled)).fieldErrors).toEqual([
      { field: 'title', message: 'Campo obligatorio' },
    ]);
    const after = (await json<{ data: LibraryDocumentDto[] }>(await client(ctx, doctor).get('/documents'))).data;
    expect(after).toEqual(before);
  });
});
