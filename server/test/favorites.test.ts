import { sql } from 'kysely';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ApiErrorBody, ProductDto } from '../../src/lib/shared/api-types';
import { FAVORITES_MERGE_MAX_IDS } from '../../src/lib/shared/catalogue';
import { products as seedProducts } from '../src/db/seed/catalogue-data';
import { authHeaders, createUser, jsonRequest, sessionFor } from './helpers';
import { testContextForFile } from './support/file-context';
import { D3_DROPS, DHEA, MAGNESIO } from './support/seed-products';

const ctx = testContextForFile();
const as: Record<string, Record<string, string>> = {};
const ids = new Map<string, number>();
let patientId: number;
let doctorId: number;

const PROFESSIONAL_USE = seedProducts.find((product) => product.categoryId === 5)?.slug ?? '';

beforeAll(async () => {
  const patient = await createUser(ctx, { role: 'patient' });
  const doctor = await createUser(ctx, { role: 'doctor' });
  const other = await createUser(ctx, { role: 'health_professional' });
  patientId = patient.id;
  doctorId = doctor.id;
  as.patient = authHeaders(await sessionFor(ctx, patient.email), 'co');
  as.doctor = authHeaders(await sessionFor(ctx, doctor.email), 'co');
  as.other = authHeaders(await sessionFor(ctx, other.email), 'co');
  as.admin = authHeaders(await sessionFor(ctx, 'admin@demo.test'), 'co');
  const rows = await ctx.database.db.selectFrom('products').select(['id', 'slug']).execute();
  for (const row of rows) ids.set(row.slug, row.id);
});

beforeEach(async () => {
  await ctx.database.db.deleteFrom('favorites').execute();
});

function idOf(slug: string): number {
  const id = ids.get(slug);
  if (id === undefined) throw new Error(`Sin producto: ${slug}`);
  return id;
}

function headersOf(actor: string): Record<string, string> {
  const headers = as[actor];
  if (!headers) throw new Error(`Sin sesión: ${actor}`);
  return headers;
}

const put = (actor: string, id: number | string) =>
  ctx.app.request(`/api/favorites/${id}`, { method: 'PUT', headers: headersOf(actor) });
const remove = (actor: string, id: number | string) =>
  ctx.app.request(`/api/favorites/${id}`, { method: 'DELETE', headers: headersOf(actor) });
const merge = (actor: string, body: unknown, query = '') =>
  ctx.app.request(`/api/favorites/merge${query}`, jsonRequest('POST', body, headersOf(actor)));

async function favorites(actor: string, query = ''): Promise<ProductDto[]> {
  const response = await ctx.app.request(`/api/favorites${query}`, { headers: headersOf(actor) });
  if (response.status !== 200) throw new Error(`favoritos de ${actor} → ${response.status}: ${await response.text()}`);
  return ((await response.json()) as { data: ProductDto[] }).data;
}

const slugs = (products: ProductDto[]) => products.map((product) => product.slug);

describe('favourites of a signed-in user', () => {
  it('PUT adds, GET lists newest first, and both are idempotent', async () => {
    expect(await favorites('patient')).toEqual([]);
    const first = await put('patient', idOf(MAGNESIO));
    expect(first.status).toBe(204);
    expect(await first.text()).toBe('');
    // An older favourite, so the order does not depend on the clock's resolution.
    await sql`update favorites set created_at = now() - interval '1 day' where product_id = ${idOf(MAGNESIO)}`.execute(
      ctx.database.db,
    );
    expect((await put('patient', idOf(D3_DROPS))).status).toBe(204);
    expect((await put('patient', idOf(MAGNESIO))).status).toBe(204);
    expect(slugs(await favorites('patient'))).toEqual([D3_DROPS, MAGNESIO]);
    // Full products, as the catalogue answers them.
    const listed = await favorites('patient');
    const detail = await ctx.app.request(`/api/products/${MAGNESIO}`, { headers: headersOf('patient') });
    expect(listed[1]).toEqual(await detail.json());
  });

  it('DELETE removes, and removing what is not there is still a 204', async () => {
    await put('patient', idOf(MAGNESIO));
    await put('patient', idOf(D3_DROPS));
    const removed = await remove('patient', idOf(MAGNESIO));
    expect(removed.status).toBe(204);
    expect(slugs(await favorites('patient'))).toEqual([D3_DROPS]);
    expect((await remove('patient', idOf(MAGNESIO))).status).toBe(204);
    expect((await remove('patient', 999_999)).status).toBe(204);
    expect(slugs(await favorites('patient'))).toEqual([D3_DROPS]);
  });

  it('keeps each user’s favourites apart', async () => {
    await put('patient', idOf(MAGNESIO));
    await put('other', idOf(D3_DROPS));
    expect(slugs(await favorites('patient'))).toEqual([MAGNESIO]);
    expect(slugs(await favorites('other'))).toEqual([D3_DROPS]);
    await remove('other', idOf(MAGNESIO));
    expect(slugs(await favorites('patient'))).toEqual([MAGNESIO]);
  });

  it('works for every role, admins included', async () => {
    for (const actor of ['patient', 'doctor', 'other', 'admin']) {
      expect((await put(actor, idOf(MAGNESIO))).status, actor).toBe(204);
      expect(slugs(await favorites(actor)), actor).toEqual([MAGNESIO]);
    }
  });

  it('prices in the requested country and lists products not sold there with price null', async () => {
    const db = ctx.database.db;
    await put('patient', idOf(MAGNESIO));
    await db
      .deleteFrom('product_prices')
      .where('product_id', '=', idOf(MAGNESIO))
      .where('country_id', '=', 2)
      .execute();
    try {
      const [mexico] = await favorites('patient', '?country_id=2');
      expect(mexico?.slug).toBe(MAGNESIO);
      expect(mexico?.price).toBeNull();
      const [colombia] = await favorites('patient');
      expect(colombia?.price?.currency).toBe('COP');
      const [peru] = await favorites('patient', '?country_id=3');
      expect(peru?.price?.currency).toBe('PEN');
    } finally {
      const seed = seedProducts.find((product) => product.slug === MAGNESIO);
      await db
        .insertInto('product_prices')
        .values({
          product_id: idOf(MAGNESIO),
          country_id: 2,
          amount: seed?.prices.mx ?? 1,
          vat_included: seed?.vatIncluded ?? false,
        })
        .execute();
    }
  });

  it('carries the professional’s discounts', async () => {
    await put('doctor', idOf(MAGNESIO));
    await put('patient', idOf(MAGNESIO));
    expect((await favorites('doctor'))[0]?.discounts).toEqual([{ discount_value: 10, discount_type: 'percent' }]);
    expect((await favorites('patient'))[0]?.discounts).toEqual([]);
  });
});

describe('audience rules', () => {
  it('a patient cannot add hormones or professional products: 404 like a missing product', async () => {
    for (const slug of [DHEA, PROFESSIONAL_USE]) {
      const response = await put('patient', idOf(slug));
      expect(response.status, slug).toBe(404);
      expect(await response.json()).toEqual({ message: 'Producto no encontrado.' });
    }
    expect(await favorites('patient')).toEqual([]);
  });

  it('an approved professional can; the favourite is hidden, not lost, while the approval is withdrawn', async () => {
    expect((await put('doctor', idOf(DHEA))).status).toBe(204);
    expect(slugs(await favorites('doctor'))).toEqual([DHEA]);
    const db = ctx.database.db;
    await db.updateTable('users').set({ approval_status: 'pending' }).where('id', '=', doctorId).execute();
    try {
      expect(await favorites('doctor')).toEqual([]);
      expect((await put('doctor', idOf(DHEA))).status).toBe(404);
    } finally {
      await db.updateTable('users').set({ approval_status: 'approved' }).where('id', '=', doctorId).execute();
    }
    expect(slugs(await favorites('doctor'))).toEqual([DHEA]);
  });

  it('inactive products cannot be added and are not listed', async () => {
    const db = ctx.database.db;
    await put('patient', idOf(D3_DROPS));
    await db.updateTable('products').set({ active: false }).where('id', '=', idOf(D3_DROPS)).execute();
    try {
      expect(await favorites('patient')).toEqual([]);
      expect((await put('patient', idOf(D3_DROPS))).status).toBe(404);
    } finally {
      await db.updateTable('products').set({ active: true }).where('id', '=', idOf(D3_DROPS)).execute();
    }
    expect(slugs(await favorites('patient'))).toEqual([D3_DROPS]);
  });

  it.each([
    ['an unknown id', '999999'],
    ['id 0', '0'],
    ['a slug', MAGNESIO],
    ['a negative id', '-1'],
    ['a decimal id', '1.5'],
    ['an id above int4', '2147483648'],
    ['a huge id', '99999999999999999999'],
  ])('PUT with %s is a 404', async (_label, id) => {
    const response = await put('patient', id);
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ message: 'Producto no encontrado.' });
  });

  it('DELETE with an id that cannot exist is a 404', async () => {
    const response = await remove('patient', 'abc');
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ message: 'Producto no encontrado.' });
  });
});

describe('POST /api/favorites/merge', () => {
  it('adds the products the user may see and answers the whole list', async () => {
    await put('patient', idOf(MAGNESIO));
    const response = await merge('patient', {
      productIds: [idOf(D3_DROPS), idOf(DHEA), idOf(PROFESSIONAL_USE), 999_999, idOf(MAGNESIO), idOf(D3_DROPS)],
    });
    expect(response.status).toBe(200);
    const { data } = (await response.json()) as { data: ProductDto[] };
    expect(slugs(data).sort()).toEqual([MAGNESIO, D3_DROPS].sort());
    expect(await favorites('patient')).toEqual(data);
    const rows = await ctx.database.db
      .selectFrom('favorites')
      .select('product_id')
      .where('user_id', '=', patientId)
      .execute();
    expect(rows).toHaveLength(2);
  });

  it('lets an approved professional merge hormones, and prices in the requested country', async () => {
    const response = await merge('doctor', { productIds: [idOf(DHEA)] }, '?country_id=3');
    const { data } = (await response.json()) as { data: ProductDto[] };
    expect(slugs(data)).toEqual([DHEA]);
    expect(data[0]?.price?.currency).toBe('PEN');
  });

  it('accepts an empty list and up to the maximum of ids', async () => {
    const empty = await merge('patient', { productIds: [] });
    expect(empty.status).toBe(200);
    expect(await empty.json()).toEqual({ data: [] });
    const many = Array.from({ length: FAVORITES_MERGE_MAX_IDS }, (_, index) => index + 1);
    const response = await merge('patient', { productIds: many });
    expect(response.status).toBe(200);
    const { data } = (await response.json()) as { data: ProductDto[] };
    const visible = seedProducts.filter((product) => product.categoryId !== 4 && product.categoryId !== 5);
    expect(data).toHaveLength(visible.length);
  });

  it('answers 400 "Campo obligatorio" without productIds', async () => {
    for (const body of [{}, { productIds: null }, '']) {
      const response = await merge('patient', body);
      expect(response.status).toBe(400);
      const error = (await response.json()) as ApiErrorBody;
      expect(error).toEqual({
        message: 'Revisa los datos del formulario.',
        errors: ['Campo obligatorio'],
        fieldErrors: [{ field: 'productIds', message: 'Campo obligatorio' }],
      });
    }
  });

  it.each([
    ['not a list', { productIds: 5 }, 'Debe ser una lista de identificadores de producto.'],
    [
      'too many ids',
      { productIds: Array.from({ length: 201 }, (_, i) => i + 1) },
      'Máximo 200 productos por solicitud.',
    ],
    ['strings', { productIds: ['1'] }, 'Cada producto debe ser un número entero positivo.'],
    ['decimals', { productIds: [1.5] }, 'Cada producto debe ser un número entero positivo.'],
    ['zero', { productIds: [0] }, 'Cada producto debe ser un número entero positivo.'],
    ['ids above int4', { productIds: [2_147_483_648] }, 'Cada producto debe ser un número entero positivo.'],
    ['nulls', { productIds: [null] }, 'Cada producto debe ser un número entero positivo.'],
  ])('answers 400 for %s', async (_label, body, line) => {
    const response = await merge('patient', body);
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      message: 'Revisa los datos del formulario.',
      errors: [line],
      fieldErrors: [{ field: 'productIds', message: line }],
    });
    expect(await favorites('patient')).toEqual([]);
  });

  it('answers 400 for a body that is not a JSON object, and for an unknown country', async () => {
    expect((await merge('patient', '[1, 2]')).status).toBe(400);
    expect((await merge('patient', '{"productIds": [1,')).status).toBe(400);
    const badCountry = await merge('patient', { productIds: [1] }, '?country_id=99');
    expect(badCountry.status).toBe(400);
    expect(await favorites('patient')).toEqual([]);
  });
});

describe('anonymous callers', () => {
  it('get 401 on every favourites route', async () => {
    const calls = [
      ctx.app.request('/api/favorites'),
      ctx.app.request(`/api/favorites/${idOf(MAGNESIO)}`, { method: 'PUT' }),
      ctx.app.request(`/api/favorites/${idOf(MAGNESIO)}`, { method: 'DELETE' }),
      ctx.app.request('/api/favorites/merge', jsonRequest('POST', { productIds: [1] })),
      ctx.app.request('/api/favorites', { headers: authHeaders('A'.repeat(43)) }),
    ];
    for (const response of await Promise.all(calls)) {
      expect(response.status).toBe(401);
      expect(((await response.json()) as ApiErrorBody).message).toMatch(/^(No hay un token|Tu sesión expiró)/);
    }
    expect(await ctx.database.db.selectFrom('favorites').selectAll().execute()).toEqual([]);
  });
});

describe('the favorites table', () => {
  it('goes with the user', async () => {
    const user = await createUser(ctx, { role: 'patient' });
    const token = await sessionFor(ctx, user.email);
    await ctx.app.request(`/api/favorites/${idOf(MAGNESIO)}`, { method: 'PUT', headers: authHeaders(token, 'co') });
    await ctx.database.db.deleteFrom('sessions').where('user_id', '=', user.id).execute();
    await ctx.database.db.deleteFrom('users').where('id', '=', user.id).execute();
    expect(await ctx.database.db.selectFrom('favorites').selectAll().execute()).toEqual([]);
  });
});
