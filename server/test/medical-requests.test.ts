import { describe, expect, it } from 'vitest';
import type { FormErrorDto } from '../../src/lib/shared/accounts';
import type { ApiErrorBody } from '../../src/lib/shared/api-types';
import {
  MEDICAL_REQUEST_FORM_FIELDS,
  type MedicalRequestDto,
  type MedicalRequestListDto,
} from '../../src/lib/shared/prescriptions';
import { MEDICAL_REQUEST_LIMIT } from '../src/medical-requests/routes';
import { jsonRequest, sessionFor } from './helpers';
import { client, json } from './prescriptions-fixtures';
import { testContextForFile } from './support/file-context';

type Problem = ApiErrorBody & { fieldErrors?: FormErrorDto[] };

const ctx = testContextForFile();
let address = 0;

function request(overrides: Record<string, unknown> = {}) {
  return {
    names: 'Sofía',
    last_names: 'Cárdenas Mora',
    email: 'Sofia.Cardenas@Prueba.test',
    country_id: 2,
    country_code: '+52',
    mobile_number: '55 1234 5678',
    description: 'Cansancio persistente y problemas de sueño desde hace meses.',
    ...overrides,
  };
}

const send = (body: unknown, from = `198.51.100.${(address += 1)}`) =>
  ctx.app.request('/api/medical-requests', jsonRequest('POST', body, { 'x-forwarded-for': from }));

describe('POST /api/medical-requests', () => {
  it('stores a request from anybody', async () => {
    const response = await send(request());
    expect(response.status).toBe(201);
    expect(await json<MedicalRequestDto>(response)).toMatchObject({
      names: 'Sofía',
      email: 'sofia.cardenas@prueba.test',
      country_id: 2,
      country_name: 'México',
      mobile_number: '5512345678',
    });
  });

  it('answers "Campo obligatorio" for every missing field', async () => {
    const response = await send({});
    expect(response.status).toBe(400);
    const problem = await json<Problem>(response);
    expect(problem.message).toBe('Revisa los datos del formulario.');
    expect(problem.fieldErrors).toEqual(
      MEDICAL_REQUEST_FORM_FIELDS.map((field) => ({ field: field.name, message: 'Campo obligatorio' })),
    );
  });

  it('refuses malformed values', async () => {
    const response = await send(
      request({ email: 'correo', country_id: 7, mobile_number: '123', description: { a: 1 } }),
    );
    expect(response.status).toBe(400);
    // A value of the wrong type is reported while reading, before the form's rules run.
    expect((await json<Problem>(response)).fieldErrors).toEqual([
      { field: 'description', message: 'Valor no válido.' },
      { field: 'email', message: 'Escribe un correo electrónico válido.' },
      { field: 'country_id', message: 'Selecciona un país de la lista.' },
      { field: 'mobile_number', message: 'El número debe tener entre 7 y 15 dígitos.' },
    ]);
  });

  it('is rate limited per address, counting stored requests only', async () => {
    const from = '203.0.113.250';
    expect((await send({}, from)).status).toBe(400);
    for (let index = 0; index < MEDICAL_REQUEST_LIMIT.limit; index += 1) {
      expect((await send(request(), from)).status).toBe(201);
    }
    const blocked = await send(request(), from);
    expect(blocked.status).toBe(429);
    expect(blocked.headers.get('retry-after')).toMatch(/^\d+$/);
    expect((await json<Problem>(blocked)).message).toMatch(/^Ya recibimos varias solicitudes/);
    expect((await send(request(), '203.0.113.251')).status).toBe(201);
  });
});

describe('GET /api/admin/medical-requests', () => {
  it('lists the requests for admins, newest first, by country', async () => {
    await send(request({ names: 'Última', country_id: 3, country_code: '+51', mobile_number: '987654321' }));
    const admin = { token: await sessionFor(ctx, 'admin@demo.test') };
    const list = await json<MedicalRequestListDto>(await client(ctx, admin).get('/admin/medical-requests'));
    expect(list.data[0]?.names).toBe('Última');
    expect(list.total).toBeGreaterThan(1);
    const peru = await json<MedicalRequestListDto>(
      await client(ctx, admin).get('/admin/medical-requests?country_id=3'),
    );
    expect(peru.data.map((item) => item.country_name)).toEqual(['Perú']);

    const doctor = { token: await sessionFor(ctx, 'medico.co@demo.test') };
    expect((await client(ctx, doctor).get('/admin/medical-requests')).status).toBe(403);
    expect((await client(ctx, null).get('/admin/medical-requests')).status).toBe(401);
  });
});

describe('PATCH /api/admin/medical-requests/{id}', () => {
  it('moves a request from new to contacted to closed, and filters by status', async () => {
    const created = await json<MedicalRequestDto>(await send(request({ names: 'Seguimiento' })));
    expect(created.status).toBe('new');
    const admin = client(ctx, { token: await sessionFor(ctx, 'admin@demo.test') });
    const contacted = await json<MedicalRequestDto>(
      await admin.send('PATCH', `/admin/medical-requests/${created.id}`, { status: 'contacted' }),
    );
    expect(contacted.status).toBe('contacted');
    expect(contacted.statusUpdatedAt).not.toBeNull();
    const onlyContacted = await json<MedicalRequestListDto>(
      await admin.get('/admin/medical-requests?status=contacted'),
    );
    expect(onlyContacted.data.map((item) => item.id)).toEqual([created.id]);

    const wrong = await admin.send('PATCH', `/admin/medical-requests/${created.id}`, { status: 'archivada' });
    expect(wrong.status).toBe(400);
    expect((await json<ApiErrorBody>(wrong)).fieldErrors).toEqual([
      { field: 'status', message: 'El estado debe ser nueva, contactada o cerrada.' },
    ]);
    const missing = await admin.send('PATCH', '/admin/medical-requests/999999', { status: 'closed' });
    expect((await json<ApiErrorBody>(missing)).message).toBe('No encontramos esta solicitud.');

    const doctor = client(ctx, { token: await sessionFor(ctx, 'medico.co@demo.test') });
    expect((await doctor.send('PATCH', `/admin/medical-requests/${created.id}`, { status: 'closed' })).status).toBe(
      403,
    );
  });
});

describe('what a request is about (issue #19)', () => {
  it('is medical attention unless the custom-product or advisor form says otherwise, and admins filter by it', async () => {
    const attention = await json<MedicalRequestDto>(await send(request({ names: 'Sin motivo' })));
    expect(attention.topic).toBe('attention');
    const custom = await send(
      request({ names: 'Fórmula', topic: 'custom_product', description: 'Una crema de progesterona al 3 %.' }),
    );
    expect(custom.status).toBe(201);
    expect((await json<MedicalRequestDto>(custom)).topic).toBe('custom_product');

    const wrong = await send(request({ topic: 'queja' }));
    expect(wrong.status).toBe(400);
    expect((await json<ApiErrorBody>(wrong)).fieldErrors).toEqual([
      { field: 'topic', message: 'El motivo debe ser atención médica, producto personalizado o asesor.' },
    ]);

    const admin = client(ctx, { token: await sessionFor(ctx, 'admin@demo.test') });
    const customs = await json<MedicalRequestListDto>(await admin.get('/admin/medical-requests?topic=custom_product'));
    expect(customs.data.map((item) => [item.names, item.topic])).toEqual([['Fórmula', 'custom_product']]);
  });
});
