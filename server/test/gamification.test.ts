import { beforeAll, describe, expect, it } from 'vitest';
import type { ApiErrorBody, DataResponse } from '../../src/lib/shared/api-types';
import type { CountryCode } from '../../src/lib/shared/countries';
import {
  insufficientPointsMessage,
  PRESCRIPTION_REWARD_MESSAGES,
  type ComboDto,
  type EventDto,
  type PointProductDto,
  type PointProductRedemptionDto,
  type PointsConfigDto,
  type PointsHistoryPageDto,
  type PointsRedemptionRecordDto,
  type PrescriptionRewardResponseDto,
} from '../../src/lib/shared/points';
import { products as seedProducts } from '../src/db/seed/catalogue-data';
import { pointsItems, STARTING_BALANCE_POINTS } from '../src/db/seed/points-data';
import { appendEntry, lockBalance } from '../src/gamification/ledger';
import { authHeaders, createUser, jsonRequest, sessionFor, userByEmail } from './helpers';
import { testContextForFile } from './support/file-context';

const ctx = testContextForFile();
let admin: string;

beforeAll(async () => {
  admin = await sessionFor(ctx, 'admin@demo.test');
});

interface Call {
  status: number;
  body: unknown;
}

async function call(
  method: string,
  path: string,
  token: string | null,
  options: { body?: unknown; country?: CountryCode; key?: string } = {},
): Promise<Call> {
  const headers: Record<string, string> = token ? authHeaders(token, options.country ?? 'co') : {};
  if (options.key !== undefined) headers['idempotency-key'] = options.key;
  const init = options.body === undefined ? { method, headers } : jsonRequest(method, options.body, headers);
  const response = await ctx.app.request(`/api/gamification${path}`, init);
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : null };
}

const message = (result: Call) => (result.body as ApiErrorBody).message;
const data = <T>(result: Call) => (result.body as DataResponse<T>).data;

/** A new approved professional of `country` with `points` granted by an admin adjustment. */
async function professionalWith(points: number, country: CountryCode = 'co') {
  const countryId = { co: 1, mx: 2, pe: 3 }[country];
  const user = await createUser(ctx, { role: 'doctor', countryId });
  if (points > 0) {
    await ctx.database.db.transaction().execute(async (tx) => {
      await appendEntry(tx, await lockBalance(tx, user.id), {
        userId: user.id,
        countryId,
        delta: points,
        type: 'adjustment',
      });
    });
  }
  return { user, token: await sessionFor(ctx, user.email, country) };
}

async function balance(userId: number): Promise<number> {
  const result = await call('GET', `/users/${userId}/points`, admin);
  return (result.body as { points: number }).points;
}

async function createItem(items: 'events' | 'combos' | 'products', body: Record<string, unknown>) {
  const result = await call('POST', `/${items}`, admin, { body });
  expect(result.status, JSON.stringify(result.body)).toBe(201);
  return result.body as { id: number };
}

const DAY_MS = 24 * 60 * 60 * 1000;
const isoIn = (days: number) => new Date(Date.now() + days * DAY_MS).toISOString();

describe('config', () => {
  it('lists the value of a point and the earning rules of every country to signed-in users', async () => {
    const doctor = await sessionFor(ctx, 'medico.co@demo.test');
    const result = await call('GET', '/config', doctor);
    expect(result.status).toBe(200);
    const configs = data<PointsConfigDto[]>(result);
    expect(
      configs.map(({ countryId, pointValue, currency, useCents }) => ({ countryId, pointValue, currency, useCents })),
    ).toEqual([
      { countryId: 1, pointValue: 10, currency: 'COP', useCents: false },
      { countryId: 2, pointValue: 5, currency: 'MXN', useCents: true },
      { countryId: 3, pointValue: 1, currency: 'PEN', useCents: true },
    ]);
    expect(configs[0]).toMatchObject({ purchaseRewardPercent: 2, prescriptionRewardPercent: 3 });
    expect((await call('GET', '/config', null)).status).toBe(401);
  });

  it('is changed by admins only, within bounds', async () => {
    const doctor = await sessionFor(ctx, 'medico.pe@demo.test', 'pe');
    expect((await call('PATCH', '/config/3', doctor, { body: { pointValue: 2 }, country: 'pe' })).status).toBe(403);

    const changed = await call('PATCH', '/config/3', admin, {
      body: { pointValue: 1.5, prescriptionRewardPercent: 4 },
    });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({
      countryId: 3,
      pointValue: 1.5,
      purchaseRewardPercent: 2,
      prescriptionRewardPercent: 4,
    });

    for (const body of [
      { pointValue: 0 },
      { pointValue: -1 },
      { pointValue: '2' },
      { pointValue: 10_001 },
      { pointValue: 1.234 },
      { purchaseRewardPercent: 51 },
      { prescriptionRewardPercent: -0.5 },
    ]) {
      const refused = await call('PATCH', '/config/3', admin, { body });
      expect(refused.status, JSON.stringify(body)).toBe(400);
      expect((refused.body as ApiErrorBody).fieldErrors, JSON.stringify(body)).toEqual([
        { field: Object.keys(body)[0], message: expect.stringMatching(/^Debe ser un número (mayor que|de) 0 hasta/) },
      ]);
    }
    expect((await call('PATCH', '/config/3', admin, { body: {} })).body).toMatchObject({
      message: 'Revisa los datos del formulario.',
      errors: ['Indica pointValue, purchaseRewardPercent o prescriptionRewardPercent.'],
    });
    expect((await call('PATCH', '/config/99', admin, { body: { pointValue: 2 } })).status).toBe(404);
    expect((await call('PATCH', '/config/abc', admin, { body: { pointValue: 2 } })).status).toBe(404);

    const restored = await call('PATCH', '/config/3', admin, { body: { pointValue: 1, prescriptionRewardPercent: 3 } });
    expect(restored.body).toMatchObject({ pointValue: 1, prescriptionRewardPercent: 3 });
  });
});

describe('balance and history', () => {
  it('the seed gave each approved demo professional a starting balance', async () => {
    for (const email of ['medico.co@demo.test', 'profesional.mx@demo.test', 'medico.pe@demo.test']) {
      expect(await balance((await userByEmail(ctx, email)).id), email).toBe(STARTING_BALANCE_POINTS);
    }
    for (const email of ['pendiente.co@demo.test', 'paciente.co@demo.test']) {
      expect(await balance((await userByEmail(ctx, email)).id), email).toBe(0);
    }
  });

  it('are read by their owner (by id or uid) and admins; anybody else gets a 404', async () => {
    const doctor = await userByEmail(ctx, 'medico.co@demo.test');
    const own = await sessionFor(ctx, doctor.email);
    expect(await call('GET', `/users/${doctor.id}/points`, own)).toEqual({
      status: 200,
      body: { points: STARTING_BALANCE_POINTS },
    });
    expect((await call('GET', `/users/${doctor.uid}/points`, own)).body).toEqual({ points: STARTING_BALANCE_POINTS });
    for (const email of ['medico.mx@demo.test', 'paciente.co@demo.test']) {
      const other = await sessionFor(ctx, email, email.includes('.mx') ? 'mx' : 'co');
      const refused = await call('GET', `/users/${doctor.id}/points`, other, {
        country: email.includes('.mx') ? 'mx' : 'co',
      });
      expect(refused).toEqual({ status: 404, body: { message: 'Usuario no encontrado.' } });
      const history = await call('GET', `/history/unified/${doctor.id}`, other, {
        country: email.includes('.mx') ? 'mx' : 'co',
      });
      expect(history.status).toBe(404);
    }
    expect((await call('GET', '/users/999999/points', admin)).status).toBe(404);
    expect((await call('GET', '/users/a%20b/points', admin)).status).toBe(404);
    expect((await call('GET', `/users/${doctor.id}/points`, null)).status).toBe(401);
  });

  it('pages the unified history newest first, filtered by type', async () => {
    const { user, token } = await professionalWith(5_000);
    const product = (await createItem('products', {
      name: 'Libreta de notas',
      priceInPoints: 10,
      countries: [1],
    })) as PointProductDto;
    for (let index = 0; index < 12; index += 1) {
      const redeemed = await call('POST', '/products/redeem', token, { body: { productId: product.id, quantity: 1 } });
      expect(redeemed.status).toBe(200);
    }
    const first = await call('GET', `/history/unified/${user.id}`, token);
    expect(first.status).toBe(200);
    const page = first.body as PointsHistoryPageDto;
    expect(page).toMatchObject({ total: 13, limit: 10, page: 1, totalPages: 2 });
    expect(page.items).toHaveLength(10);
    expect(page.data).toEqual(page.items);
    expect(page.items[0]).toEqual({
      id: expect.any(Number),
      type: 'product',
      points: -10,
      balance: 4_880,
      createdAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
      metadata: { name: 'Libreta de notas' },
      products: [{ productId: product.id, quantity: 1, name: 'Libreta de notas', imageUrl: null }],
    });

    const second = (await call('GET', `/history/unified/${user.id}?page=2&limit=10`, token))
      .body as PointsHistoryPageDto;
    expect(second.items.map((entry) => entry.type)).toEqual(['product', 'product', 'adjustment']);
    const adjustments = (await call('GET', `/history/unified/${user.id}?type=adjustment`, token))
      .body as PointsHistoryPageDto;
    expect(adjustments).toMatchObject({ total: 1, totalPages: 1 });
    expect(adjustments.items[0]).toMatchObject({ type: 'adjustment', points: 5_000, balance: 5_000 });

    for (const query of ['type=regalo', 'page=0', 'limit=101', 'limit=abc']) {
      expect((await call('GET', `/history/unified/${user.id}?${query}`, token)).status, query).toBe(400);
    }
  });
});

describe('catalogue', () => {
  it('answers the fields of product §3 for each country, only what can be redeemed now', async () => {
    const doctor = await sessionFor(ctx, 'medico.co@demo.test');
    const events = data<EventDto[]>(await call('GET', '/events/country/1', doctor));
    expect(events).toHaveLength(1);
    expect(Object.keys(events[0] ?? {}).sort()).toEqual(
      ['countries', 'description', 'endDate', 'id', 'image', 'isActive', 'name', 'requiredPoints', 'startDate'].sort(),
    );
    expect(events[0]?.countries).toEqual([
      { id: 1, name: 'Colombia', iso_code: 'COL' },
      { id: 2, name: 'México', iso_code: 'MX' },
      { id: 3, name: 'Perú', iso_code: 'PE' },
    ]);

    const combos = data<ComboDto[]>(await call('GET', '/combos/country/2', doctor));
    expect(combos).toHaveLength(3);
    expect(Object.keys(combos[0] ?? {}).sort()).toEqual(
      ['countries', 'description', 'id', 'image', 'isActive', 'name', 'requiredPoints'].sort(),
    );

    for (const countryId of [1, 2, 3]) {
      const products = data<PointProductDto[]>(await call('GET', `/products/by-country/${countryId}`, doctor));
      expect(products.length, String(countryId)).toBeGreaterThanOrEqual(4);
      expect(products.every((product) => product.countries.some((country) => country.id === countryId))).toBe(true);
      expect(Object.keys(products[0] ?? {}).sort()).toEqual(
        ['countries', 'deletedAt', 'description', 'id', 'imageUrl', 'isActive', 'name', 'priceInPoints'].sort(),
      );
    }
    expect((await call('GET', '/products/by-country/9', doctor)).status).toBe(404);
    expect((await call('GET', '/events/country/x', doctor)).status).toBe(404);
  });

  it('lists everything to admins and what is open now to the others', async () => {
    const doctor = await sessionFor(ctx, 'medico.co@demo.test');
    const all = data<EventDto[]>(await call('GET', '/events', admin));
    const open = data<EventDto[]>(await call('GET', '/events', doctor));
    expect(all.length).toBeGreaterThan(open.length);
    expect(all.some((event) => Date.parse(event.endDate) < Date.now())).toBe(true);
    expect(open.every((event) => Date.parse(event.endDate) >= Date.now() && event.isActive)).toBe(true);
  });

  it('is created, changed, deactivated and removed by admins', async () => {
    const event = (await createItem('events', {
      name: 'Webinar de microbiota',
      description: 'En línea.',
      image: '/api/media/products/probiotico-multicepa-50-mil-millones.svg',
      requiredPoints: 200,
      countries: [1, 2],
      startDate: isoIn(-1),
      endDate: isoIn(10),
    })) as EventDto;
    expect(event).toMatchObject({ name: 'Webinar de microbiota', requiredPoints: 200, isActive: true });
    expect(event.countries.map((country) => country.id)).toEqual([1, 2]);

    const changed = await call('PATCH', `/events/${event.id}`, admin, { body: { isActive: false, countries: [3] } });
    expect(changed.body).toMatchObject({ isActive: false, countries: [{ id: 3 }], requiredPoints: 200 });
    const refused = await call('PATCH', `/events/${event.id}`, admin, { body: { endDate: isoIn(-5) } });
    expect(refused.status).toBe(400);
    expect((refused.body as ApiErrorBody).errors).toEqual(['La fecha de fin debe ser posterior a la de inicio.']);

    for (const body of [
      { name: 'Sin puntos', countries: [1] },
      { name: 'Puntos cero', requiredPoints: 0, countries: [1] },
      { name: 'Sin países', requiredPoints: 10, countries: [] },
      { name: 'País raro', requiredPoints: 10, countries: [7] },
      { name: 'Imagen', requiredPoints: 10, countries: [1], image: 'javascript:alert(1)' },
      { requiredPoints: 10, countries: [1] },
    ]) {
      expect((await call('POST', '/combos', admin, { body })).status, JSON.stringify(body)).toBe(400);
    }
    expect(
      (await call('POST', '/events', admin, { body: { name: 'Sin fechas', requiredPoints: 10, countries: [1] } }))
        .status,
    ).toBe(400);
    expect((await call('PATCH', '/combos/999999', admin, { body: { isActive: false } })).status).toBe(404);
    const doctor = await sessionFor(ctx, 'medico.co@demo.test');
    expect((await call('POST', '/combos', doctor, { body: { name: 'x' } })).status).toBe(403);

    const product = (await createItem('products', {
      name: 'Maletín médico',
      imageUrl: null,
      priceInPoints: 900,
      countries: [1],
    })) as PointProductDto;
    expect(product).toMatchObject({ imageUrl: null, priceInPoints: 900, deletedAt: null, isActive: true });
    expect((await call('DELETE', `/products/${product.id}`, admin)).status).toBe(204);
    expect((await call('DELETE', `/products/${product.id}`, admin)).status).toBe(404);
    const listed = data<PointProductDto[]>(await call('GET', '/products/by-country/1', doctor));
    expect(listed.some((item) => item.id === product.id)).toBe(false);
    const removed = data<PointProductDto[]>(await call('GET', '/products', admin)).find(
      (item) => item.id === product.id,
    );
    expect(removed).toMatchObject({ isActive: false, deletedAt: expect.any(String) });
  });
});

describe('redemptions', () => {
  /** The seeded event that is open now, or the one that ended. */
  const seededEvent = async (open: boolean) => {
    const seeded = pointsItems.find((item) => item.period && item.period.endDays > 0 === open);
    const events = data<EventDto[]>(await call('GET', '/events', admin));
    const found = events.find((event) => event.name === seeded?.name);
    if (!found) throw new Error('evento sembrado no encontrado');
    return found;
  };

  it('joins an open event once, and answers the balance left', async () => {
    const { user, token } = await professionalWith(5_000);
    const event = await seededEvent(true);
    const joined = await call('POST', '/participate-event', token, { body: { eventId: event.id } });
    expect(joined).toEqual({ status: 200, body: { remaining: 5_000 - event.requiredPoints } });
    const again = await call('POST', '/participate-event', token, { body: { eventId: String(event.id) } });
    expect(again).toEqual({ status: 409, body: { message: 'Ya participas en este evento.' } });
    const records = data<PointsRedemptionRecordDto[]>(await call('GET', `/history/events/${user.id}`, token));
    expect(records).toEqual([
      {
        id: expect.any(Number),
        itemId: event.id,
        name: event.name,
        spentPoints: event.requiredPoints,
        createdAt: expect.any(String),
      },
    ]);
  });

  it('refuses events that ended, have not started or are inactive, and items of another country', async () => {
    const { user, token } = await professionalWith(5_000);
    const ended = await seededEvent(false);
    expect(await call('POST', '/participate-event', token, { body: { eventId: ended.id } })).toEqual({
      status: 422,
      body: { message: 'El evento ya terminó.' },
    });
    const future = await createItem('events', {
      name: 'Jornada futura',
      requiredPoints: 10,
      countries: [1],
      startDate: isoIn(5),
      endDate: isoIn(6),
    });
    expect(message(await call('POST', '/participate-event', token, { body: { eventId: future.id } }))).toBe(
      'El evento aún no ha comenzado.',
    );
    const inactive = await createItem('combos', {
      name: 'Combo apagado',
      requiredPoints: 10,
      countries: [1],
      isActive: false,
    });
    expect(await call('POST', '/buy-combo', token, { body: { comboId: inactive.id } })).toEqual({
      status: 422,
      body: { message: 'El combo no está activo.' },
    });
    const mexican = data<PointProductDto[]>(await call('GET', '/products/by-country/2', admin)).find(
      (product) => product.countries.length === 1,
    );
    expect(await call('POST', '/products/redeem', token, { body: { productId: mexican?.id, quantity: 1 } })).toEqual({
      status: 422,
      body: { message: 'El producto de puntos no está disponible en Colombia.' },
    });
    expect(await call('POST', '/buy-combo', token, { body: { comboId: 999_999 } })).toEqual({
      status: 404,
      body: { message: 'Combo no encontrado.' },
    });
    expect(await balance(user.id)).toBe(5_000);
  });

  it('refuses a spend larger than the balance, moving nothing', async () => {
    const { user, token } = await professionalWith(1_000);
    const combo = data<ComboDto[]>(await call('GET', '/combos/country/1', token))[0];
    const refused = await call('POST', '/buy-combo', token, { body: { comboId: combo?.id } });
    expect(refused).toEqual({
      status: 422,
      body: { message: insufficientPointsMessage(1_000, combo?.requiredPoints ?? 0) },
    });
    expect(message(refused)).toBe(`No tienes puntos suficientes: tienes 1000 y necesitas ${combo?.requiredPoints}`);
    expect(await balance(user.id)).toBe(1_000);
    const history = (await call('GET', `/history/unified/${user.id}`, token)).body as PointsHistoryPageDto;
    expect(history.total).toBe(1);
  });

  it('refuses bad input with Spanish 400s', async () => {
    const { user, token } = await professionalWith(1_000);
    const cases: [string, string, unknown, string][] = [
      ['POST', '/participate-event', {}, 'Indica el evento con su id numérico (eventId).'],
      ['POST', '/participate-event', { eventId: 'abc' }, 'Indica el evento con su id numérico (eventId).'],
      ['POST', '/participate-event', { eventId: -3 }, 'Indica el evento con su id numérico (eventId).'],
      ['POST', '/buy-combo', { comboId: 1.5 }, 'Indica el combo con su id numérico (comboId).'],
      ['POST', '/products/redeem', { productId: 'x', quantity: 1 }, 'Cada producto debe tener un id numérico.'],
      [
        'POST',
        '/products/redeem',
        { productId: 1, quantity: 0 },
        'La cantidad de cada producto debe ser un número entero mayor que 0.',
      ],
      [
        'POST',
        '/products/redeem',
        { productId: 1, quantity: -2 },
        'La cantidad de cada producto debe ser un número entero mayor que 0.',
      ],
      ['POST', '/products/redeem', { productId: 1, quantity: 101 }, 'La cantidad máxima por producto es 100.'],
      ['POST', '/redeem/batch', { products: [] }, 'Debes enviar al menos un producto.'],
      [
        'POST',
        '/redeem/batch',
        { products: [{ productId: 1, quantity: 1 }, { productId: 2 }] },
        'La cantidad de cada producto debe ser un número entero mayor que 0.',
      ],
      ['POST', '/redeem/batch', { products: 'todos' }, 'Debe ser una lista de productos con productId y quantity.'],
      ['PATCH', '/subtract', {}, 'Indica los productos o los puntos a descontar.'],
      ['PATCH', '/subtract', { points: -5 }, 'Los puntos deben ser un número entero mayor o igual a 0.'],
      [
        'PATCH',
        '/subtract',
        { products: [{ productId: 'a', quantity: 1 }] },
        'Cada producto debe tener un id numérico.',
      ],
    ];
    for (const [method, path, body, expected] of cases) {
      const result = await call(method, path, token, { body });
      expect(result.status, `${path} ${JSON.stringify(body)}`).toBe(400);
      // Issue #20: the form's message, the field's own problem first among `errors`.
      expect(message(result)).toBe('Revisa los datos del formulario.');
      expect((result.body as ApiErrorBody).errors?.[0], `${path} ${JSON.stringify(body)}`).toBe(expected);
    }
    expect(message(await call('POST', '/buy-combo', token, { body: '[1]' }))).toBe(
      'El cuerpo de la solicitud debe ser un objeto JSON.',
    );
    expect(await balance(user.id)).toBe(1_000);
  });

  it('redeems several point products at once, all or nothing', async () => {
    const { user, token } = await professionalWith(10_000);
    const products = data<PointProductDto[]>(await call('GET', '/products/by-country/1', token));
    const [first, second] = products;
    if (!first || !second) throw new Error('faltan productos de puntos');
    const mexican = data<PointProductDto[]>(await call('GET', '/products/by-country/2', admin)).find(
      (product) => product.countries.length === 1,
    );
    const refused = await call('POST', '/redeem/batch', token, {
      body: {
        products: [
          { productId: first.id, quantity: 1 },
          { productId: mexican?.id, quantity: 1 },
        ],
      },
    });
    expect(refused.status).toBe(422);
    expect(await balance(user.id)).toBe(10_000);

    const cost = first.priceInPoints * 2 + second.priceInPoints;
    const redeemed = await call('POST', '/redeem/batch', token, {
      body: {
        products: [
          { productId: first.id, quantity: 1 },
          { productId: String(second.id), quantity: 1 },
          { productId: first.id, quantity: 1 },
        ],
      },
    });
    expect(redeemed).toEqual({ status: 200, body: { remaining: 10_000 - cost } });
    const history = (await call('GET', `/history/unified/${user.id}?type=batch`, token)).body as PointsHistoryPageDto;
    expect(history.items[0]).toMatchObject({
      points: -cost,
      products: [
        { productId: first.id, quantity: 2, name: first.name },
        { productId: second.id, quantity: 1, name: second.name },
      ],
    });
    const redemptions = data<PointProductRedemptionDto[]>(await call('GET', `/history/products/${user.id}`, token));
    expect(
      redemptions.map((redemption) => [redemption.productId, redemption.quantity, redemption.spentPoints]).sort(),
    ).toEqual(
      [
        [first.id, 2, first.priceInPoints * 2],
        [second.id, 1, second.priceInPoints],
      ].sort(),
    );
    expect(redemptions[0]?.product).toMatchObject({ id: expect.any(Number), priceInPoints: expect.any(Number) });
  });

  it('subtracts the points of catalogue products taken with points and of a discount', async () => {
    const { user, token } = await professionalWith(5_000);
    const withPoints = seedProducts.find((product) => product.pointsPrice !== null);
    const withoutPoints = seedProducts.find((product) => product.pointsPrice === null);
    const idOf = async (slug: string | undefined) =>
      (
        await ctx.database.db
          .selectFrom('products')
          .select('id')
          .where('slug', '=', slug ?? '')
          .executeTakeFirstOrThrow()
      ).id;
    const productId = await idOf(withPoints?.slug);
    const subtracted = await call('PATCH', '/subtract', token, {
      body: { products: [{ productId, quantity: 2 }], points: 150, reason: 'Compra en consultorio' },
    });
    const cost = (withPoints?.pointsPrice ?? 0) * 2 + 150;
    expect(subtracted).toEqual({ status: 200, body: { remaining: 5_000 - cost } });
    const entry = ((await call('GET', `/history/unified/${user.id}?type=subtract`, token)).body as PointsHistoryPageDto)
      .items[0];
    expect(entry).toMatchObject({
      points: -cost,
      metadata: { reason: 'Compra en consultorio' },
      products: [{ productId, quantity: 2, name: withPoints?.name, imageUrl: expect.stringMatching(/\.svg$/) }],
    });
    const refused = await call('PATCH', '/subtract', token, {
      body: { products: [{ productId: await idOf(withoutPoints?.slug), quantity: 1 }] },
    });
    expect(refused).toEqual({
      status: 422,
      body: { message: `El producto ${withoutPoints?.name} no se puede pagar con puntos.` },
    });
    expect(
      (await call('PATCH', '/subtract', token, { body: { products: [{ productId: 999_999, quantity: 1 }] } })).status,
    ).toBe(404);
    expect(await balance(user.id)).toBe(5_000 - cost);
  });

  it('spends once per Idempotency-Key and answers a retry as the first time', async () => {
    const { user, token } = await professionalWith(2_000);
    const product = data<PointProductDto[]>(await call('GET', '/products/by-country/1', token)).find(
      (item) => item.priceInPoints <= 1_000,
    );
    const body = { productId: product?.id, quantity: 1 };
    const first = await call('POST', '/products/redeem', token, { body, key: 'clave-1' });
    const retry = await call('POST', '/products/redeem', token, { body, key: 'clave-1' });
    expect(first.status).toBe(200);
    expect(retry).toEqual(first);
    expect(await balance(user.id)).toBe(2_000 - (product?.priceInPoints ?? 0));

    const reused = await call('POST', '/products/redeem', token, { body: { ...body, quantity: 2 }, key: 'clave-1' });
    expect(reused).toEqual({
      status: 409,
      body: { message: 'Esta Idempotency-Key ya se usó con otra solicitud: usa una clave nueva para cada operación.' },
    });
    const other = await call('POST', '/buy-combo', token, { body: { comboId: 1 }, key: 'clave-1' });
    expect(other.status).toBe(409);
    expect((await call('POST', '/products/redeem', token, { body, key: 'x'.repeat(201) })).status).toBe(400);
    expect((await call('POST', '/products/redeem', token, { body, key: 'con espacio' })).status).toBe(400);
    expect(await balance(user.id)).toBe(2_000 - (product?.priceInPoints ?? 0));
  });

  it('is for approved professionals only', async () => {
    const product = data<PointProductDto[]>(await call('GET', '/products/by-country/1', admin))[0];
    for (const email of ['pendiente.co@demo.test', 'paciente.co@demo.test', 'admin@demo.test']) {
      const token = email === 'admin@demo.test' ? admin : await sessionFor(ctx, email);
      const result = await call('POST', '/products/redeem', token, { body: { productId: product?.id, quantity: 1 } });
      expect(result.status, email).toBe(403);
    }
  });
});

describe('POST /gamification/prescription-reward', () => {
  const reward = (body: Record<string, unknown>) => call('POST', '/prescription-reward', admin, { body });
  let doctorUid: string;
  let doctorId: number;
  let doctorDocument: string;
  let patientUid: string;
  let productId: number;
  let productPrice: number;

  beforeAll(async () => {
    const doctor = await userByEmail(ctx, 'medico.co@demo.test');
    doctorUid = doctor.uid;
    doctorId = doctor.id;
    doctorDocument = doctor.document_number ?? '';
    patientUid = (await userByEmail(ctx, 'paciente.co@demo.test')).uid;
    const product = await ctx.database.db
      .selectFrom('products as p')
      .innerJoin('product_prices as pr', 'pr.product_id', 'p.id')
      .where('pr.country_id', '=', 1)
      .select(['p.id', 'pr.amount'])
      .orderBy('p.id')
      .executeTakeFirstOrThrow();
    productId = product.id;
    productPrice = product.amount;
  });

  let sale = 0;
  const base = () => {
    sale += 1;
    return {
      doctorUid,
      patientData: {
        country: 'co',
        name: 'Paciente de Prueba',
        identification: '1.099.888.777',
        email: 'paciente@prueba.test',
        phone: '3001112233',
        address: 'Calle 1 # 2-3, Bogotá',
      },
      products: [{ productId, quantity: 2 }],
      saleId: `venta-${sale}`,
    };
  };

  it('credits the doctor 3 % of the sale in points, once per sale, and answers message and total', async () => {
    const before = await balance(doctorId);
    const body = base();
    const first = await reward(body);
    const points = Math.floor((productPrice * 2 * 0.03) / 10);
    expect(first.status).toBe(200);
    expect(first.body).toEqual({
      message: `Recompensa registrada: ${points} puntos para Carolina Mejía Duarte.`,
      total: before + points,
      points,
    });
    const repeat = await reward({ ...body, doctorUid: undefined, doctorId: doctorDocument });
    expect(repeat.body).toEqual({
      message: `La venta ${body.saleId} ya había sido recompensada.`,
      total: before + points,
      points: 0,
    });
    const other = await reward({ ...body, doctorUid: (await userByEmail(ctx, 'profesional.co@demo.test')).uid });
    expect((other.body as PrescriptionRewardResponseDto).points).toBe(0);

    const doctorToken = await sessionFor(ctx, 'medico.co@demo.test');
    const history = (await call('GET', `/history/unified/${doctorId}?type=prescription`, doctorToken))
      .body as PointsHistoryPageDto;
    expect(history.items[0]).toMatchObject({
      points,
      metadata: {
        name: 'Paciente de Prueba',
        identification: '1099888777',
        email: 'paciente@prueba.test',
        phone: '3001112233',
        country: 'Colombia',
        address: 'Calle 1 # 2-3, Bogotá',
        dialCode: '+57',
      },
      products: [{ productId, quantity: 2 }],
    });
  });

  it('resolves the doctor by uid, by the doctorId heuristic, or refuses with the spec’s message', async () => {
    const { doctorUid: _uid, ...withoutUid } = base();
    expect((await reward({ ...withoutUid, doctorId: doctorUid })).status).toBe(200);
    expect((await reward({ ...base(), doctorUid: undefined, doctorId: doctorDocument })).status).toBe(200);
    expect((await reward({ ...base(), doctorUid: undefined, doctorId: Number(doctorDocument) })).status).toBe(200);
    expect((await reward({ ...base(), doctorUid: undefined, doctorId: doctorId })).status).toBe(200);
    const patient = await userByEmail(ctx, 'paciente.co@demo.test');
    const unresolved = [
      { doctorUid: undefined },
      { doctorUid: 'no-existe' },
      { doctorUid: undefined, doctorId: '12345x' },
      { doctorUid: undefined, doctorId: '99999999' },
      { doctorUid: undefined, doctorId: patient.uid },
      { doctorUid: undefined, doctorId: patient.document_number },
      { doctorUid: undefined, doctorId: 'abcDEF123' },
      { doctorUid: undefined, doctorId: '52.345.671' },
    ];
    for (const change of unresolved) {
      const result = await reward({ ...base(), ...change });
      expect(result, JSON.stringify(change)).toEqual({
        status: 400,
        body: { message: PRESCRIPTION_REWARD_MESSAGES.doctorUnresolved },
      });
    }
  });

  it('needs a patient uid or document, and a safe patient record', async () => {
    const body = base();
    const { identification: _document, ...dataWithoutDocument } = body.patientData;
    expect(await reward({ ...body, patientData: dataWithoutDocument })).toEqual({
      status: 400,
      body: { message: 'Debes enviar patientUid o patientId (documento) para identificar al paciente' },
    });
    expect(await reward({ ...body, patientData: dataWithoutDocument, patientUid: 'desconocido' })).toEqual({
      status: 400,
      body: { message: 'No se pudo construir información segura del paciente (se requiere UID o documento).' },
    });
    expect(await reward({ ...body, patientData: { ...dataWithoutDocument, identification: 'sin número' } })).toEqual({
      status: 400,
      body: { message: PRESCRIPTION_REWARD_MESSAGES.patientUnsafe },
    });
    expect((await reward({ ...body, patientData: undefined, patientId: 'CC 1.234.567' })).status).toBe(200);
  });

  it('keeps a patient uid whose document matches (digits only) and discards it otherwise', async () => {
    const doctorToken = await sessionFor(ctx, 'medico.co@demo.test');
    const latest = async () =>
      (
        (await call('GET', `/history/unified/${doctorId}?type=prescription&limit=1`, doctorToken))
          .body as PointsHistoryPageDto
      ).items[0]?.metadata;
    const onlyCountry = { country: 'Colombia' };
    expect((await reward({ ...base(), patientUid, patientId: 'CC 52.345.674', patientData: onlyCountry })).status).toBe(
      200,
    );
    expect(await latest()).toMatchObject({
      name: 'Mariana Gómez Ortiz',
      identification: '52345674',
      email: 'paciente.co@demo.test',
    });
    expect((await reward({ ...base(), patientUid, patientId: '11223344', patientData: onlyCountry })).status).toBe(200);
    expect(await latest()).toMatchObject({ name: '', identification: '11223344', email: '' });
    expect((await reward({ ...base(), patientUid, patientData: onlyCountry })).status).toBe(200);
    expect(await latest()).toMatchObject({ name: 'Mariana Gómez Ortiz', identification: '52345674' });
  });

  it('needs products with a numeric id and a quantity above 0, and a sale id', async () => {
    const cases: [unknown, string][] = [
      [[], 'Debes enviar al menos un producto.'],
      [[{ productId: 'abc', quantity: 1 }], 'Cada producto debe tener un id numérico.'],
      [[{ productId, quantity: 0 }], 'La cantidad de cada producto debe ser un número entero mayor que 0.'],
      [[{ productId, quantity: -1 }], 'La cantidad de cada producto debe ser un número entero mayor que 0.'],
    ];
    for (const [products, expected] of cases) {
      expect(await reward({ ...base(), products }), JSON.stringify(products)).toEqual({
        status: 400,
        body: expect.objectContaining({ message: expected }),
      });
    }
    expect(message(await reward({ ...base(), saleId: undefined }))).toBe(
      'Debes enviar saleId para identificar la venta.',
    );
    expect((await reward({ ...base(), products: [{ productId: 999_999, quantity: 1 }] })).status).toBe(404);
  });

  it('is for admins only', async () => {
    const doctor = await sessionFor(ctx, 'medico.co@demo.test');
    expect((await call('POST', '/prescription-reward', doctor, { body: base() })).status).toBe(403);
    expect((await call('POST', '/prescription-reward', null, { body: base() })).status).toBe(401);
  });
});
