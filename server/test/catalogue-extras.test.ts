import { beforeAll, describe, expect, it } from 'vitest';
import type {
  ApiErrorBody,
  CategoryCountDto,
  DiscountListDto,
  PharmaceuticalFormCountDto,
  ProductDto,
} from '../../src/lib/shared/api-types';
import { categories, pharmaceuticalForms, products as seedProducts } from '../src/db/seed/catalogue-data';
import { discountLists as seedDiscountLists } from '../src/db/seed/discount-data';
import { authHeaders, createUser, jsonRequest, sessionFor } from './helpers';
import { productIdOf } from './prescriptions-fixtures';
import { testContextForFile } from './support/file-context';

const ctx = testContextForFile();
/** Request headers of each kind of caller; one session each (a second login would revoke the first). */
const as: Record<string, Record<string, string>> = {};

beforeAll(async () => {
  const emails = {
    patient: 'paciente.co@demo.test',
    doctor: 'medico.co@demo.test',
    professional: 'profesional.co@demo.test',
    pending: 'pendiente.co@demo.test',
    admin: 'admin@demo.test',
  };
  for (const [actor, email] of Object.entries(emails)) as[actor] = authHeaders(await sessionFor(ctx, email), 'co');
  as.anonymous = {};
  // Professionals of the other purchase levels, and an approved one without a level.
  for (const [actor, level] of [
    ['preferencial', 2],
    ['distribuidor', 3],
    ['withoutLevel', null],
  ] as const) {
    const user = await createUser(ctx, { role: 'doctor' });
    await ctx.database.db.updateTable('users').set({ purchase_level_id: level }).where('id', '=', user.id).execute();
    as[actor] = authHeaders(await sessionFor(ctx, user.email), 'co');
  }
});

const NOT_FOUND: ApiErrorBody = { message: 'Producto no encontrado.' };
const SERIAL_NOT_FOUND: ApiErrorBody = { message: 'No encontramos un producto con ese número de serie.' };
const hiddenCategoryIds = new Set(categories.filter((c) => !c.patientVisible).map((c) => c.id));
const seedBySlug = new Map(seedProducts.map((product) => [product.slug, product]));

function headersOf(actor: string): Record<string, string> {
  const headers = as[actor];
  if (!headers) throw new Error(`Sin sesión: ${actor}`);
  return headers;
}

async function getJson<T>(path: string, actor = 'anonymous', init: RequestInit = {}): Promise<T> {
  const response = await ctx.app.request(`/api${path}`, { ...init, headers: { ...headersOf(actor), ...init.headers } });
  if (response.status !== 200) throw new Error(`${path} as ${actor} → ${response.status}: ${await response.text()}`);
  return (await response.json()) as T;
}

/** A facet's entries with how many products each has, those with none left out. */
function counted<T extends { id: number; name: string; slug: string }>(entries: T[], countOf: (entry: T) => number) {
  return entries
    .map((entry) => ({ id: entry.id, name: entry.name, slug: entry.slug, count: countOf(entry) }))
    .filter((entry) => entry.count > 0);
}

/** Expected facet counts from the seed data (every seeded product is active and priced in all three countries). */
function expectedCategoryCounts(professional: boolean): CategoryCountDto[] {
  return counted(
    categories.filter((category) => professional || category.patientVisible),
    (category) => seedProducts.filter((product) => product.categoryId === category.id).length,
  );
}

function expectedFormCounts(professional: boolean, categoryId?: number): PharmaceuticalFormCountDto[] {
  const visible = seedProducts.filter(
    (product) =>
      (professional || !hiddenCategoryIds.has(product.categoryId)) &&
      (categoryId === undefined || product.categoryId === categoryId),
  );
  return counted(
    pharmaceuticalForms,
    (form) => visible.filter((product) => product.pharmaceuticalFormId === form.id).length,
  );
}

async function expectBadQuery(path: string, errors: string[]) {
  const response = await ctx.app.request(`/api${path}`);
  expect(response.status, path).toBe(400);
  const body = (await response.json()) as ApiErrorBody;
  expect(body).toMatchObject({ message: 'Los parámetros de la consulta no son válidos.', errors });
  expect(body.fieldErrors?.map((problem) => problem.message)).toEqual(errors);
}

describe('GET /api/products/categories', () => {
  it('lists the general catalogue’s categories with their counts, in order, to anonymous visitors and patients', async () => {
    const expected = expectedCategoryCounts(false);
    expect(expected.map((category) => category.id)).toEqual([1, 2, 3, 6, 7, 8, 9]);
    for (const actor of ['anonymous', 'patient', 'pending']) {
      expect(await getJson(`/products/categories`, actor)).toEqual({ data: expected });
    }
  });

  it('adds hormones and professional use for approved professionals and admins', async () => {
    const expected = expectedCategoryCounts(true);
    expect(expected.map((category) => category.id)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
    for (const actor of ['doctor', 'professional', 'admin']) {
      expect(await getJson(`/products/categories?country_id=2`, actor)).toEqual({ data: expected });
    }
  });

  it('counts only active products priced in the country and leaves empty categories out', async () => {
    const db = ctx.database.db;
    await db
      .insertInto('categories')
      .values({ id: 50, name: 'Vacía', slug: 'vacia', description: '', patient_visible: true, sort_order: 50 })
      .execute();
    const magnesio = await productIdOf(ctx, 'magnesio-bisglicinato-400-mg');
    const d3 = await productIdOf(ctx, 'vitamina-d3-k2-gotas');
    await db.deleteFrom('product_prices').where('product_id', '=', magnesio).where('country_id', '=', 3).execute();
    await db.updateTable('products').set({ active: false }).where('id', '=', d3).execute();
    try {
      const count = async (query: string) =>
        (await getJson<{ data: CategoryCountDto[] }>(`/products/categories${query}`)).data.find((c) => c.id === 1)
          ?.count;
      const full = expectedCategoryCounts(false).find((category) => category.id === 1)?.count ?? 0;
      expect(await count('')).toBe(full - 1);
      expect(await count('?country_id=3')).toBe(full - 2);
      const peru = await getJson<{ data: CategoryCountDto[] }>('/products/categories', 'anonymous', {
        headers: { 'x-country': 'pe' },
      });
      expect(peru.data.find((category) => category.id === 1)?.count).toBe(full - 2);
      expect(peru.data.some((category) => category.id === 50)).toBe(false);
    } finally {
      await db.updateTable('products').set({ active: true }).where('id', '=', d3).execute();
      const price = seedBySlug.get('magnesio-bisglicinato-400-mg');
      await db
        .insertInto('product_prices')
        .values({
          product_id: magnesio,
          country_id: 3,
          amount: price?.prices.pe ?? 1,
          vat_included: price?.vatIncluded ?? false,
        })
        .execute();
      await db.deleteFrom('categories').where('id', '=', 50).execute();
    }
  });

  it('ignores role_id and purchase_level_id in the query and refuses unknown countries', async () => {
    expect(await getJson('/products/categories?role_id=1&purchase_level_id=3')).toEqual({
      data: expectedCategoryCounts(false),
    });
    await expectBadQuery('/products/categories?country_id=99', ['El país 99 no está disponible en la tienda.']);
    await expectBadQuery('/products/categories?country_id=co', [
      'El parámetro "country_id" debe ser un número entero entre 1 y 2147483647.',
    ]);
  });
});

describe('GET /api/products/pharmaceutical-forms', () => {
  it('counts the visible products of each form, optionally of one category', async () => {
    expect(await getJson('/products/pharmaceutical-forms')).toEqual({ data: expectedFormCounts(false) });
    expect(await getJson('/products/pharmaceutical-forms', 'patient')).toEqual({ data: expectedFormCounts(false) });
    expect(await getJson('/products/pharmaceutical-forms', 'doctor')).toEqual({ data: expectedFormCounts(true) });
    for (const categoryId of [1, 2, 6]) {
      const narrowed = await getJson(`/products/pharmaceutical-forms?category_id=${categoryId}`);
      expect(narrowed).toEqual({ data: expectedFormCounts(false, categoryId) });
    }
    expect(expectedFormCounts(true, 4).length).toBeGreaterThan(0);
    expect(await getJson('/products/pharmaceutical-forms?category_id=4', 'admin')).toEqual({
      data: expectedFormCounts(true, 4),
    });
  });

  it('answers nothing for hidden categories to the general audience, and for unknown ones', async () => {
    expect(await getJson('/products/pharmaceutical-forms?category_id=4')).toEqual({ data: [] });
    expect(await getJson('/products/pharmaceutical-forms?category_id=5', 'patient')).toEqual({ data: [] });
    expect(await getJson('/products/pharmaceutical-forms?category_id=999')).toEqual({ data: [] });
  });

  it('refuses bad parameters in Spanish, all at once', async () => {
    await expectBadQuery('/products/pharmaceutical-forms?category_id=0&country_id=9', [
      'El parámetro "category_id" debe ser un número entero entre 1 y 2147483647.',
      'El país 9 no está disponible en la tienda.',
    ]);
    await expectBadQuery('/products/pharmaceutical-forms?category_id=uno', [
      'El parámetro "category_id" debe ser un número entero entre 1 y 2147483647.',
    ]);
  });
});

describe('GET /api/products/discount-lists', () => {
  const shape = (lists: DiscountListDto[]) =>
    lists.map((list) => ({
      name: list.name,
      level: list.purchase_level_id,
      active: list.active,
      items: list.items.map((item) => [item.category_id, item.product_id, item.discount_percent]),
    }));
  const seeded = seedDiscountLists.map((list) => ({
    name: list.name,
    level: list.purchaseLevelId,
    active: true,
    items: list.items.map((item) => [item.categoryId, null, item.percent]),
  }));

  it('seeds one list per purchase level', () => {
    expect(seeded).toEqual([
      { name: 'Lista Estándar', level: 1, active: true, items: [1, 2, 3, 6, 7, 8, 9].map((id) => [id, null, 10]) },
      {
        name: 'Lista Preferencial',
        level: 2,
        active: true,
        items: [1, 2, 3, 4, 5, 6, 7, 8, 9].map((id) => [id, null, id === 4 ? 20 : 15]),
      },
      {
        name: 'Lista Distribuidor',
        level: 3,
        active: true,
        items: [1, 2, 3, 4, 5, 6, 7, 8, 9].map((id) => [id, null, 25]),
      },
    ]);
  });

  it('answers an approved professional the list of their purchase level, whatever the query says', async () => {
    const doctor = await getJson<{ data: DiscountListDto[] }>(
      '/products/discount-lists?purchase_level_id=3&role_id=3',
      'doctor',
    );
    expect(shape(doctor.data)).toEqual([seeded[0]]);
    expect(doctor.data[0]?.items[0]).toEqual({
      id: expect.any(Number),
      category_id: 1,
      product_id: null,
      discount_percent: 10,
    });
    expect(
      shape((await getJson<{ data: DiscountListDto[] }>('/products/discount-lists', 'professional')).data),
    ).toEqual([seeded[0]]);
    expect(
      shape((await getJson<{ data: DiscountListDto[] }>('/products/discount-lists', 'preferencial')).data),
    ).toEqual([seeded[1]]);
    expect(
      shape((await getJson<{ data: DiscountListDto[] }>('/products/discount-lists', 'distribuidor')).data),
    ).toEqual([seeded[2]]);
  });

  it('answers admins every list and everybody else none', async () => {
    expect(shape((await getJson<{ data: DiscountListDto[] }>('/products/discount-lists', 'admin')).data)).toEqual(
      seeded,
    );
    for (const actor of ['anonymous', 'patient', 'pending', 'withoutLevel']) {
      expect(await getJson('/products/discount-lists?purchase_level_id=3&role_id=1', actor), actor).toEqual({
        data: [],
      });
    }
    const deadToken = await ctx.app.request('/api/products/discount-lists', { headers: authHeaders('A'.repeat(43)) });
    expect(await deadToken.json()).toEqual({ data: [] });
  });

  it('hides inactive lists from professionals but not from admins', async () => {
    const db = ctx.database.db;
    await db.updateTable('discount_lists').set({ active: false }).where('purchase_level_id', '=', 1).execute();
    try {
      expect(await getJson('/products/discount-lists', 'doctor')).toEqual({ data: [] });
      const admin = await getJson<{ data: DiscountListDto[] }>('/products/discount-lists', 'admin');
      expect(admin.data.map((list) => [list.purchase_level_id, list.active])).toEqual([
        [1, false],
        [2, true],
        [3, true],
      ]);
    } finally {
      await db.updateTable('discount_lists').set({ active: true }).where('purchase_level_id', '=', 1).execute();
    }
  });
});

describe('discounts in ProductDto', () => {
  const percent = (value: number) => [{ discount_value: value, discount_type: 'percent' }];

  async function discountsBySlug(actor: string, path = '/products?all=true'): Promise<Map<string, unknown>> {
    const { data } = await getJson<{ data: ProductDto[] }>(path, actor);
    return new Map(data.map((product) => [product.slug, product.discounts]));
  }

  it('are empty for anonymous visitors, patients, pending professionals, admins and professionals without a level', async () => {
    for (const actor of ['anonymous', 'patient', 'pending', 'admin', 'withoutLevel']) {
      const discounts = await discountsBySlug(actor);
      expect(discounts.size).toBeGreaterThan(0);
      for (const [slug, value] of discounts) expect(value, `${slug} as ${actor}`).toEqual([]);
    }
  });

  it('follow the purchase level of an approved professional, category by category', async () => {
    const expectations: [string, (categoryId: number) => number | null][] = [
      ['doctor', (id) => (id === 4 || id === 5 ? null : 10)],
      ['professional', (id) => (id === 4 || id === 5 ? null : 10)],
      ['preferencial', (id) => (id === 4 ? 20 : 15)],
      ['distribuidor', () => 25],
    ];
    for (const [actor, expected] of expectations) {
      const discounts = await discountsBySlug(actor);
      expect(discounts.size).toBe(seedProducts.length);
      for (const product of seedProducts) {
        const value = expected(product.categoryId);
        expect(discounts.get(product.slug), `${product.slug} as ${actor}`).toEqual(
          value === null ? [] : percent(value),
        );
      }
    }
  });

  it('are the same in the detail, the paged list and by serial number', async () => {
    const { data } = await getJson<{ data: ProductDto[] }>('/products?limit=5&category_id=4', 'preferencial');
    expect(data.length).toBeGreaterThan(0);
    for (const product of data) {
      expect(product.discounts).toEqual(percent(20));
      expect(await getJson(`/products/${product.slug}`, 'preferencial')).toEqual(product);
      const serial = seedBySlug.get(product.slug)?.serialNumber;
      const response = await ctx.app.request(
        '/api/products/search-by-serial',
        jsonRequest('POST', { number_serial: serial }, headersOf('preferencial')),
      );
      expect(await response.json()).toEqual({ data: product });
    }
  });

  it('a line naming the product wins over its category’s; the best of several active lists applies', async () => {
    const db = ctx.database.db;
    const magnesio = await productIdOf(ctx, 'magnesio-bisglicinato-400-mg');
    const d3 = await productIdOf(ctx, 'vitamina-d3-k2-gotas');
    const standard = await db
      .selectFrom('discount_lists')
      .select('id')
      .where('purchase_level_id', '=', 1)
      .executeTakeFirstOrThrow();
    const extra = await db
      .insertInto('discount_lists')
      .values({ name: 'Promoción', purchase_level_id: 1 })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('discount_list_items')
      .values([
        // Lower than the category's 10 %: the product line still wins.
        { discount_list_id: standard.id, product_id: magnesio, discount_percent: 5.5 },
        // A 0 % line leaves a product out of its category's discount.
        { discount_list_id: standard.id, product_id: d3, discount_percent: 0 },
        { discount_list_id: extra.id, category_id: 2, discount_percent: 12 },
      ])
      .execute();
    try {
      const discounts = await discountsBySlug('doctor');
      expect(discounts.get('magnesio-bisglicinato-400-mg')).toEqual(percent(5.5));
      expect(discounts.get('vitamina-d3-k2-gotas')).toEqual([]);
      const probiotic = seedProducts.find((product) => product.categoryId === 2);
      expect(discounts.get(probiotic?.slug ?? '')).toEqual(percent(12));
      expect((await getJson<ProductDto>(`/products/${magnesio}`, 'doctor')).discounts).toEqual(percent(5.5));
      // Other levels are not affected.
      expect((await getJson<ProductDto>(`/products/${magnesio}`, 'distribuidor')).discounts).toEqual(percent(25));
      await db.updateTable('discount_lists').set({ active: false }).where('id', '=', extra.id).execute();
      expect((await discountsBySlug('doctor')).get(probiotic?.slug ?? '')).toEqual(percent(10));
    } finally {
      await db.deleteFrom('discount_lists').where('id', '=', extra.id).execute();
      await db.deleteFrom('discount_list_items').where('product_id', 'in', [magnesio, d3]).execute();
    }
  });

  it('the database refuses lines naming both or neither of category and product, and percentages out of 0–100', async () => {
    const db = ctx.database.db;
    const list = await db.selectFrom('discount_lists').select('id').executeTakeFirstOrThrow();
    const magnesio = await productIdOf(ctx, 'magnesio-bisglicinato-400-mg');
    const attempts = [
      { discount_list_id: list.id, discount_percent: 5 },
      { discount_list_id: list.id, category_id: 1, product_id: magnesio, discount_percent: 5 },
      { discount_list_id: list.id, product_id: magnesio, discount_percent: 101 },
      { discount_list_id: list.id, product_id: magnesio, discount_percent: -1 },
    ];
    for (const values of attempts) {
      await expect(db.insertInto('discount_list_items').values(values).execute()).rejects.toThrow();
    }
  });
});

describe('POST /api/products/search-by-serial', () => {
  const search = (body: unknown, actor = 'anonymous', query = '') =>
    ctx.app.request(`/api/products/search-by-serial${query}`, jsonRequest('POST', body, headersOf(actor)));

  it('finds a product by its serial number, ignoring case and spaces', async () => {
    const seed = seedBySlug.get('magnesio-bisglicinato-400-mg');
    const serial = seed?.serialNumber ?? '';
    expect(serial).toBe('FM-VM-010137');
    const exact = await search({ number_serial: serial });
    expect(exact.status).toBe(200);
    const body = (await exact.json()) as { data: ProductDto };
    expect(body.data).toEqual(await getJson('/products/magnesio-bisglicinato-400-mg'));
    for (const variant of ['fm-vm-010137', '  FM-VM-010137  ', 'fm - vm - 010 137', 'Fm-Vm-010137\t']) {
      const response = await search({ number_serial: variant });
      expect(response.status, variant).toBe(200);
      expect(((await response.json()) as { data: ProductDto }).data.slug).toBe('magnesio-bisglicinato-400-mg');
    }
  });

  it('prices in the requested country', async () => {
    const response = await search({ number_serial: 'FM-VM-010137' }, 'anonymous', '?country_id=2');
    const { data } = (await response.json()) as { data: ProductDto };
    expect(data.price?.currency).toBe('MXN');
    expect(data.price?.amount).toBe(seedBySlug.get('magnesio-bisglicinato-400-mg')?.prices.mx);
  });

  it('answers 404 for unknown serials and for products the viewer may not see', async () => {
    for (const serial of ['FM-NO-000000', 'FM-VM-01013', '%', 'FM-VM-010137%']) {
      const response = await search({ number_serial: serial });
      expect(response.status, serial).toBe(404);
      expect(await response.json()).toEqual(SERIAL_NOT_FOUND);
    }
    const hormone = seedBySlug.get('dhea-25-mg')?.serialNumber;
    for (const actor of ['anonymous', 'patient', 'pending']) {
      const response = await search({ number_serial: hormone }, actor);
      expect(response.status, actor).toBe(404);
      expect(await response.json()).toEqual(SERIAL_NOT_FOUND);
    }
    for (const actor of ['doctor', 'admin']) {
      const response = await search({ number_serial: hormone }, actor);
      expect(response.status, actor).toBe(200);
    }
  });

  it('answers 400 "Campo obligatorio" without a serial number', async () => {
    for (const body of [{}, { number_serial: '' }, { number_serial: '   ' }, { number_serial: null }, '']) {
      const response = await search(body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      const error = (await response.json()) as ApiErrorBody;
      expect(error.message).toBe('Revisa los datos del formulario.');
      expect(error.errors).toEqual(['Campo obligatorio']);
      expect(error.fieldErrors).toEqual([{ field: 'number_serial', message: 'Campo obligatorio' }]);
    }
  });

  it('answers other bad input with a Spanish 400', async () => {
    const cases: [unknown, string][] = [
      [{ number_serial: { $ne: '' } }, 'Revisa los datos del formulario.'],
      [{ number_serial: ['FM-VM-010137'] }, 'Revisa los datos del formulario.'],
      [{ number_serial: 'X'.repeat(101) }, 'Revisa los datos del formulario.'],
      [{ number_serial: 'FM\u0000VM' }, 'Revisa los datos del formulario.'],
      ['{"number_serial":', 'El cuerpo de la solicitud no es un JSON válido.'],
      [['FM-VM-010137'], 'El cuerpo de la solicitud debe ser un objeto JSON.'],
    ];
    for (const [body, message] of cases) {
      const response = await search(body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(((await response.json()) as ApiErrorBody).message).toBe(message);
    }
    const badCountry = await search({ number_serial: 'FM-VM-010137' }, 'anonymous', '?country_id=7');
    expect(badCountry.status).toBe(400);
  });
});

describe('GET /api/products/{id} next to the fixed paths', () => {
  it('still finds products by id and slug, and 404s a slug that is not a product', async () => {
    expect((await getJson<ProductDto>('/products/1')).id).toBe(1);
    const response = await ctx.app.request('/api/products/categorias');
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual(NOT_FOUND);
  });
});
