import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiErrorBody } from '../../src/lib/shared/api-types';
import type { LibraryDocumentDto } from '../../src/lib/shared/prescriptions';
import { renderTextPdf } from '../src/documents/pdf';
import { createTestContext, sessionFor, type TestContext } from './helpers';
import { client, json, type Caller } from './prescriptions-fixtures';

let ctx: TestContext;
let doctor: Caller;

beforeAll(async () => {
  ctx = await createTestContext();
  doctor = { token: await sessionFor(ctx, 'medico.co@demo.test') };
});

afterAll(async () => {
  await ctx?.close();
});

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
