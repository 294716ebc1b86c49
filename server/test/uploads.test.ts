import { sql } from 'kysely';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  PROFILE_PHOTO_MAX_BYTES,
  UPLOAD_MAX_BYTES,
  type CredentialsStatusDto,
  type ProfileDto,
} from '../../src/lib/shared/accounts';
import type { ApiErrorBody } from '../../src/lib/shared/api-types';
import type { UserRow } from '../src/db/schema';
import { detectFileType } from '../src/uploads/files';
import { authHeaders, createUser, sessionFor, userByEmail } from './helpers';
import { testContextForFile } from './support/file-context';

const ctx = testContextForFile();
let doctor: UserRow;
let doctorToken: string;
let otherDoctorToken: string;
let patientToken: string;
let adminToken: string;
let png: Buffer;
let jpeg: Buffer;
const pdf = Buffer.from('%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
const exe = Buffer.concat([Buffer.from('MZ\x90\x00\x03\x00\x00\x00'), Buffer.alloc(200, 1)]);

beforeAll(async () => {
  doctor = await createUser(ctx, { role: 'doctor', approval: 'pending' });
  const other = await createUser(ctx, { role: 'doctor' });
  [doctorToken, otherDoctorToken, patientToken, adminToken, png, jpeg] = await Promise.all([
    sessionFor(ctx, doctor.email),
    sessionFor(ctx, other.email),
    sessionFor(ctx, 'paciente.co@demo.test'),
    sessionFor(ctx, 'admin@demo.test'),
    sharp({ create: { width: 640, height: 480, channels: 3, background: '#2e7d5b' } })
      .png()
      .toBuffer(),
    sharp({ create: { width: 300, height: 900, channels: 3, background: '#c0392b' } })
      .jpeg()
      .toBuffer(),
  ]);
});

async function body<T>(response: Response): Promise<T> {
  return (await response.json()) as T;
}

function credentialsForm(
  files: { bytes: Uint8Array; name: string; type?: string }[],
  fields: Record<string, string | undefined> = {},
): FormData {
  const form = new FormData();
  for (const file of files) {
    form.append('files', new File([new Uint8Array(file.bytes)], file.name, { type: file.type ?? 'application/pdf' }));
  }
  const values = {
    userId: String(doctor.id),
    documentType: 'tarjeta-profesional',
    contactNumber: '310 555 0199',
    countryCode: '+57',
    ...fields,
  };
  for (const [key, value] of Object.entries(values)) if (value !== undefined) form.append(key, value);
  return form;
}

const upload = (form: FormData, token: string | null = doctorToken) =>
  ctx.app.request('/api/credentials', { method: 'POST', body: form, headers: token ? authHeaders(token) : {} });

/** What the app's upload storage holds: the disk on PGlite, the database on PostgreSQL. */
const storedFiles = (area: 'credentials' | 'profile') => ctx.app.services.uploads.list(area);

describe('detectFileType', () => {
  it('reads magic bytes, not names', () => {
    expect(detectFileType(pdf)?.mime).toBe('application/pdf');
    expect(detectFileType(png)?.mime).toBe('image/png');
    expect(detectFileType(jpeg)?.mime).toBe('image/jpeg');
    expect(detectFileType(Buffer.from('RIFF\x00\x00\x00\x00WEBPVP8 '))?.mime).toBe('image/webp');
    expect(detectFileType(Buffer.from('RIFF\x00\x00\x00\x00WAVEfmt '))).toBeUndefined();
    expect(detectFileType(exe)).toBeUndefined();
    expect(detectFileType(new Uint8Array())).toBeUndefined();
  });
});

describe('GET /api/credentials', () => {
  it('is not_uploaded and required for a professional without uploads', async () => {
    const response = await ctx.app.request('/api/credentials', { headers: authHeaders(otherDoctorToken) });
    expect(response.status).toBe(200);
    expect(await body<CredentialsStatusDto>(response)).toEqual({ status: 'not_uploaded', required: true, history: [] });
  });

  it('is not required for patients and admins', async () => {
    for (const token of [patientToken, adminToken]) {
      const status = await body<CredentialsStatusDto>(
        await ctx.app.request('/api/credentials', { headers: authHeaders(token) }),
      );
      expect(status).toEqual({ status: 'not_uploaded', required: false, history: [] });
    }
  });

  it('without a token says that no authentication token is available', async () => {
    const response = await ctx.app.request('/api/credentials');
    expect(response.status).toBe(401);
    expect(await body<ApiErrorBody>(response)).toEqual({ message: 'No hay un token de autenticación disponible.' });
  });
});

describe('POST /api/credentials', () => {
  it('stores the files under random names outside any served folder and answers 201 with the status', async () => {
    const response = await upload(
      credentialsForm([
        { bytes: pdf, name: 'tarjeta profesional.pdf' },
        { bytes: png, name: 'diploma.png', type: 'image/png' },
      ]),
    );
    expect(response.status).toBe(201);
    const status = await body<CredentialsStatusDto>(response);
    expect(status.status).toBe('pending');
    expect(status.required).toBe(true);
    expect(status.history).toHaveLength(1);
    const [entry] = status.history;
    expect(entry).toMatchObject({
      documentType: 'tarjeta-profesional',
      contactNumber: '3105550199',
      countryCode: '+57',
      status: 'pending',
      reason: null,
      reviewedAt: null,
    });
    expect(entry?.files.map((file) => [file.name, file.mime, file.size])).toEqual([
      ['tarjeta profesional.pdf', 'application/pdf', pdf.length],
      ['diploma.png', 'image/png', png.length],
    ]);
    expect(entry?.files[0]?.url).toMatch(/^\/api\/credentials\/files\/\d+$/);
    const names = await storedFiles('credentials');
    expect(names.every((name) => /^[a-f0-9]{32}\.(pdf|png)$/.test(name))).toBe(true);
    expect(names).toHaveLength(2);

    const again = await upload(
      credentialsForm([{ bytes: jpeg, name: 'cedula.jpg', type: 'image/jpeg' }], {
        documentType: 'documento-identidad',
        userId: doctor.uid,
      }),
    );
    expect(again.status).toBe(201);
    const history = (await body<CredentialsStatusDto>(again)).history;
    expect(history.map((item) => item.documentType)).toEqual(['documento-identidad', 'tarjeta-profesional']);
  });

  it('refuses a file disguised by its name and MIME type (an .exe renamed .pdf) with 415', async () => {
    const before = await storedFiles('credentials');
    const response = await upload(
      credentialsForm([
        { bytes: pdf, name: 'ok.pdf' },
        { bytes: exe, name: 'tarjeta.pdf' },
      ]),
    );
    expect(response.status).toBe(415);
    expect(await body<ApiErrorBody>(response)).toEqual({
      message: 'Tipo de archivo no permitido. Sube un PDF o una imagen JPG, PNG o WEBP.',
    });
    expect(await storedFiles('credentials')).toEqual(before);
  });

  it('refuses a file over 10 MB with 413', async () => {
    const big = Buffer.alloc(UPLOAD_MAX_BYTES + 1, 0x20);
    pdf.copy(big);
    const response = await upload(credentialsForm([{ bytes: big, name: 'grande.pdf' }]));
    expect(response.status).toBe(413);
    expect(await body<ApiErrorBody>(response)).toEqual({ message: 'El archivo supera el tamaño máximo de 10 MB.' });
  });

  it('refuses a body larger than all files allowed together before reading it', async () => {
    const response = await ctx.app.request('/api/credentials', {
      method: 'POST',
      body: 'x',
      headers: {
        ...authHeaders(doctorToken),
        'content-length': String(60 * 1024 * 1024),
        'content-type': 'multipart/form-data; boundary=x',
      },
    });
    expect(response.status).toBe(413);
  });

  it('lists every missing or wrong field with 400', async () => {
    const form = new FormData();
    const response = await upload(form);
    expect(response.status).toBe(400);
    const error = await body<ApiErrorBody>(response);
    expect(error.message).toBe('Revisa los datos del formulario.');
    expect(error.fieldErrors).toEqual(
      ['userId', 'files', 'documentType', 'contactNumber'].map((field) => ({ field, message: 'Campo obligatorio' })),
    );
    const wrong = await upload(
      credentialsForm([{ bytes: pdf, name: 'a.pdf' }], {
        documentType: 'carta',
        contactNumber: '12',
        countryCode: '57',
      }),
    );
    expect(wrong.status).toBe(400);
    expect((await body<ApiErrorBody>(wrong)).fieldErrors).toEqual([
      { field: 'documentType', message: 'Selecciona un tipo de documento válido.' },
      { field: 'contactNumber', message: 'El número debe tener entre 7 y 15 dígitos.' },
      { field: 'countryCode', message: 'El indicativo del país no es válido.' },
    ]);
    const tooMany = await upload(
      credentialsForm(Array.from({ length: 6 }, (_, index) => ({ bytes: pdf, name: `${index}.pdf` }))),
    );
    expect(tooMany.status).toBe(400);
    expect((await body<ApiErrorBody>(tooMany)).fieldErrors).toEqual([
      { field: 'files', message: 'Puedes subir como máximo 5 archivos.' },
    ]);
    const json = await ctx.app.request('/api/credentials', {
      method: 'POST',
      body: '{"files":[]}',
      headers: { ...authHeaders(doctorToken), 'content-type': 'application/json' },
    });
    expect(json.status).toBe(400);
  });

  it("refuses to upload in another user's name (403), and to patients and admins", async () => {
    const other = await upload(credentialsForm([{ bytes: pdf, name: 'a.pdf' }], { userId: String(doctor.id + 1) }));
    expect(other.status).toBe(403);
    for (const token of [patientToken, adminToken]) {
      const response = await upload(credentialsForm([{ bytes: pdf, name: 'a.pdf' }]), token);
      expect(response.status).toBe(403);
    }
    const anonymous = await upload(credentialsForm([{ bytes: pdf, name: 'a.pdf' }]), null);
    expect(anonymous.status).toBe(401);
    expect((await body<ApiErrorBody>(anonymous)).message).toBe('No hay un token de autenticación disponible.');
  });

  it('leaves nothing half-written when the transaction fails', async () => {
    const filesBefore = await storedFiles('credentials');
    const rowsBefore = await ctx.database.db.selectFrom('credentials').select('id').execute();
    await sql`alter table credential_files add constraint prueba_sin_archivos check (size < 0) not valid`.execute(
      ctx.database.db,
    );
    try {
      const response = await upload(
        credentialsForm([
          { bytes: pdf, name: 'a.pdf' },
          { bytes: png, name: 'b.png' },
        ]),
      );
      expect(response.status).toBe(500);
      expect((await body<ApiErrorBody>(response)).message).not.toMatch(/constraint|prueba/i);
    } finally {
      await sql`alter table credential_files drop constraint prueba_sin_archivos`.execute(ctx.database.db);
    }
    expect(await storedFiles('credentials')).toEqual(filesBefore);
    expect(await ctx.database.db.selectFrom('credentials').select('id').execute()).toEqual(rowsBefore);
  });

  it('new documents after a rejection put the professional back in review', async () => {
    const rejected = await createUser(ctx, { role: 'health_professional', approval: 'rejected' });
    const token = await sessionFor(ctx, rejected.email);
    const response = await upload(
      credentialsForm([{ bytes: pdf, name: 'a.pdf' }], { userId: String(rejected.id) }),
      token,
    );
    expect(response.status).toBe(201);
    expect((await userByEmail(ctx, rejected.email)).approval_status).toBe('pending');
  });
});

describe('GET /api/credentials/files/{id}', () => {
  it('streams the file to its owner and to admins only', async () => {
    const status = await body<CredentialsStatusDto>(
      await ctx.app.request('/api/credentials', { headers: authHeaders(doctorToken) }),
    );
    const file = status.history.flatMap((entry) => entry.files).find((item) => item.mime === 'application/pdf');
    if (!file) throw new Error('sin archivo');
    for (const token of [doctorToken, adminToken]) {
      const response = await ctx.app.request(file.url, { headers: authHeaders(token) });
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('application/pdf');
      expect(response.headers.get('content-disposition')).toContain('attachment;');
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      expect(response.headers.get('content-length')).toBe(String(pdf.byteLength));
      expect(Buffer.from(await response.arrayBuffer()).equals(pdf)).toBe(true);
    }
    for (const token of [otherDoctorToken, patientToken]) {
      const response = await ctx.app.request(file.url, { headers: authHeaders(token) });
      expect(response.status).toBe(404);
      expect(await body<ApiErrorBody>(response)).toEqual({ message: 'Archivo no encontrado.' });
    }
    expect((await ctx.app.request(file.url)).status).toBe(401);
    // The storefront's cookie works for links opened in a new tab.
    const byCookie = await ctx.app.request(file.url, { headers: { cookie: `sso_token_co=${doctorToken}` } });
    expect(byCookie.status).toBe(200);
    for (const id of ['999999', 'abc', '1e3', '-1']) {
      expect((await ctx.app.request(`/api/credentials/files/${id}`, { headers: authHeaders(adminToken) })).status).toBe(
        404,
      );
    }
  });
});

describe('POST /api/auth/profile/photo and GET /api/media/profile/{name}', () => {
  const photoForm = (bytes: Uint8Array, name = 'foto.png', type = 'image/png') => {
    const form = new FormData();
    form.append('file', new File([new Uint8Array(bytes)], name, { type }));
    return form;
  };
  const sendPhoto = (form: FormData, token = patientToken) =>
    ctx.app.request('/api/auth/profile/photo', { method: 'POST', body: form, headers: authHeaders(token) });

  it('resizes the photo to a 256×256 WEBP served to the owner, admins and the patient’s doctor', async () => {
    const response = await sendPhoto(photoForm(png));
    expect(response.status).toBe(200);
    const { profile_image_url: url } = await body<{ profile_image_url: string }>(response);
    expect(url).toMatch(/^\/api\/media\/profile\/[a-f0-9]{32}\.webp$/);
    const profile = await body<ProfileDto>(
      await ctx.app.request('/api/auth/profile', { headers: authHeaders(patientToken) }),
    );
    expect(profile.profile_image_url).toBe(url);

    const patientsDoctor = await sessionFor(ctx, 'medico.co@demo.test');
    for (const token of [patientToken, adminToken, patientsDoctor]) {
      const image = await ctx.app.request(url, { headers: authHeaders(token) });
      expect(image.status).toBe(200);
      expect(image.headers.get('content-type')).toBe('image/webp');
      const metadata = await sharp(Buffer.from(await image.arrayBuffer())).metadata();
      expect([metadata.format, metadata.width, metadata.height]).toEqual(['webp', 256, 256]);
    }
    const cookie = await ctx.app.request(url, { headers: { cookie: `sso_token_co=${patientToken}` } });
    expect(cookie.status).toBe(200);
    for (const token of [otherDoctorToken, doctorToken, await sessionFor(ctx, 'paciente.mx@demo.test')]) {
      const image = await ctx.app.request(url, { headers: authHeaders(token) });
      expect(image.status).toBe(404);
    }
    expect((await ctx.app.request(url)).status).toBe(401);
    expect(
      (await ctx.app.request('/api/media/profile/../../secret', { headers: authHeaders(adminToken) })).status,
    ).toBe(404);
  });

  it('replaces the previous photo and removes its file', async () => {
    const first = await body<{ profile_image_url: string }>(
      await sendPhoto(photoForm(jpeg, 'a.jpg', 'image/jpeg'), doctorToken),
    );
    const second = await body<{ profile_image_url: string }>(await sendPhoto(photoForm(png), doctorToken));
    const names = await storedFiles('profile');
    expect(names).toContain(second.profile_image_url.split('/').pop());
    expect(names).not.toContain(first.profile_image_url.split('/').pop());
    expect((await ctx.app.request(first.profile_image_url, { headers: authHeaders(doctorToken) })).status).toBe(404);
  });

  it('refuses PDFs, disguised executables, broken images, oversized files and a missing file', async () => {
    const pdfPhoto = await sendPhoto(photoForm(pdf, 'foto.png'));
    expect(pdfPhoto.status).toBe(415);
    expect((await body<ApiErrorBody>(pdfPhoto)).message).toBe(
      'Tipo de imagen no permitido. Sube una imagen JPG, PNG o WEBP.',
    );
    expect((await sendPhoto(photoForm(exe, 'foto.jpg', 'image/jpeg'))).status).toBe(415);
    const broken = Buffer.concat([png.subarray(0, 40), Buffer.alloc(100)]);
    const brokenResponse = await sendPhoto(photoForm(broken));
    expect(brokenResponse.status).toBe(400);
    const big = Buffer.alloc(PROFILE_PHOTO_MAX_BYTES + 1);
    png.copy(big);
    const bigResponse = await sendPhoto(photoForm(big));
    expect(bigResponse.status).toBe(413);
    expect((await body<ApiErrorBody>(bigResponse)).message).toBe('La imagen supera el tamaño máximo de 5 MB.');
    const missing = await sendPhoto(new FormData());
    expect(missing.status).toBe(400);
    expect((await body<ApiErrorBody>(missing)).errors).toEqual(['Foto: Campo obligatorio']);
  });
});

describe('PATCH /api/auth/profile', () => {
  it('updates the sent fields, recomputes the display name and ignores fields nobody may change', async () => {
    const user = await createUser(ctx, { role: 'patient' });
    const token = await sessionFor(ctx, user.email);
    const response = await ctx.app.request('/api/auth/profile', {
      method: 'PATCH',
      headers: { ...authHeaders(token), 'content-type': 'application/json' },
      body: JSON.stringify({
        first_name: ' Ana María ',
        last_name: 'Zapata',
        birth_date: '1992-02-29',
        gender: 'femenino',
        phone_number: '(310) 555-0123',
        country_code: '+57',
        document_type_id: 2,
        role_id: 3,
        role: 'admin',
        approval_status: 'approved',
        email: 'robo@x.test',
        id: 1,
      }),
    });
    expect(response.status).toBe(200);
    const profile = await body<ProfileDto>(response);
    expect(profile).toMatchObject({
      id: user.id,
      email: user.email,
      first_name: 'Ana María',
      last_name: 'Zapata',
      display_name: 'Ana María Zapata',
      birth_date: '1992-02-29',
      gender: 'femenino',
      phone_number: '3105550123',
      document_type_id: 2,
      role: { id: 0, name: 'patient' },
    });
    const cleared = await ctx.app.request('/api/auth/profile', {
      method: 'PATCH',
      headers: { ...authHeaders(token), 'content-type': 'application/json' },
      body: JSON.stringify({ gender: null, phone_number: '' }),
    });
    expect(await body<ProfileDto>(cleared)).toMatchObject({
      gender: null,
      phone_number: null,
      first_name: 'Ana María',
    });
  });

  it('validates each field', async () => {
    const token = await sessionFor(ctx, (await createUser(ctx, { role: 'doctor' })).email);
    const response = await ctx.app.request('/api/auth/profile', {
      method: 'PATCH',
      headers: { ...authHeaders(token), 'content-type': 'application/json' },
      body: JSON.stringify({
        first_name: '',
        last_name: 'x'.repeat(81),
        birth_date: '2023-02-30',
        gender: 'z',
        phone_number: 'abc',
        country_code: '57',
        specialty: { a: 1 },
        document_type_id: 6,
      }),
    });
    expect(response.status).toBe(400);
    const error = await body<ApiErrorBody>(response);
    expect(error.message).toBe('Revisa los datos del formulario.');
    expect((error as ApiErrorBody & { fieldErrors: unknown }).fieldErrors).toEqual([
      { field: 'first_name', message: 'Campo obligatorio' },
      { field: 'last_name', message: 'Máximo 80 caracteres.' },
      { field: 'birth_date', message: 'Escribe una fecha de nacimiento válida (AAAA-MM-DD) que no sea futura.' },
      { field: 'gender', message: 'Selecciona una opción válida.' },
      { field: 'phone_number', message: 'El número debe tener entre 7 y 15 dígitos.' },
      { field: 'country_code', message: 'El indicativo del país no es válido.' },
      { field: 'specialty', message: 'Valor no válido.' },
    ]);
    // The user's country is not in the body: a document type of another country is said once the fields are right.
    const otherCountry = await ctx.app.request('/api/auth/profile', {
      method: 'PATCH',
      headers: { ...authHeaders(token), 'content-type': 'application/json' },
      body: JSON.stringify({ document_type_id: 6 }),
    });
    expect(otherCountry.status).toBe(400);
    expect((await body<ApiErrorBody>(otherCountry)).errors).toEqual([
      'El tipo de documento no es válido para tu país.',
    ]);
  });
});
