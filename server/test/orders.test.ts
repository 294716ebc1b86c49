import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ApiErrorBody } from '../../src/lib/shared/api-types';
import {
  CHECKOUT_REQUIRED_MESSAGE,
  ORDERS_PAGE_SIZE,
  type CreateOrderResponseDto,
  type OrderDto,
  type OrderSummaryDto,
  type PagedDto,
  type QuoteDto,
  type QuoteRequestDto,
} from '../../src/lib/shared/orders';
import { IDEMPOTENCY_CONFLICT_MESSAGE } from '../src/orders/create';
import { EMPTY_BAG_MESSAGE, INVALID_PHONE_MESSAGE, SESSION_COUNTRY_MESSAGE } from '../../src/lib/shared/order-schemas';
import { jsonRequest } from './helpers';
import {
  createdOrder,
  orderBody,
  ordersWorldForFile,
  buyerForFile,
  postOrder,
  setStock,
  stockOf,
  type Buyer,
} from './orders-fixtures';
import { formRefusal } from './support/refusals';
import { D3, DHEA, MAGNESIO, VITAMINA_C } from './support/seed-products';

const world = ordersWorldForFile();
const patient = buyerForFile(world, { role: 'patient' });
const doctor = buyerForFile(world, { role: 'doctor' });
const pendingDoctor = buyerForFile(world, { role: 'doctor', approval: 'pending' });
const mexican = buyerForFile(world, { role: 'patient', countryId: 2 }, 'mx');

function quoteBody(overrides: Partial<QuoteRequestDto> = {}): QuoteRequestDto {
  return { countryId: 1, items: [], pointItems: [], promoCode: null, discountPoints: 0, ...overrides };
}

async function quote(buyer: Buyer, body: unknown): Promise<Response> {
  return world.ctx.app.request('/api/checkout/quote', jsonRequest('POST', body, buyer.headers));
}

async function quoted(buyer: Buyer, body: unknown): Promise<QuoteDto> {
  const response = await quote(buyer, body);
  expect(response.status, await response.clone().text()).toBe(200);
  return (await response.json()) as QuoteDto;
}

async function orderCount(): Promise<number> {
  const row = await world.ctx.database.db
    .selectFrom('orders')
    .select((eb) => eb.fn.countAll<string | number>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

describe('POST /checkout/quote', () => {
  it('prices the cart on the server and ignores any price the client sends', async () => {
    const body = {
      ...quoteBody(),
      items: [{ ...world.line(MAGNESIO, 2), price: 1, unitPrice: 1 }],
      total: 1,
      subtotal: 1,
    };
    expect(await quoted(patient, body)).toEqual({
      countryId: 1,
      currency: 'COP',
      lines: [
        {
          productId: world.productId(MAGNESIO),
          name: 'Magnesio Bisglicinato 400 mg',
          slug: MAGNESIO,
          image: `/api/media/products/${MAGNESIO}.svg`,
          quantity: 2,
          unitPrice: 89_000,
          doctorDiscount: 0,
          lineTotal: 178_000,
          isHormone: false,
        },
      ],
      pointLines: [],
      articleCount: 2,
      subtotal: 178_000,
      doctorDiscount: 0,
      promoDiscount: 0,
      pointsDiscount: 0,
      shippingCost: 12_000,
      total: 190_000,
      coupon: null,
      productPoints: 0,
      discountPoints: 0,
      requiresPrescription: false,
    });
  });

  it('gives approved professionals their doctor discount, and nobody else', async () => {
    const body = quoteBody({ items: [world.line(MAGNESIO, 2)] });
    const forDoctor = await quoted(doctor, body);
    expect(forDoctor.doctorDiscount).toBe(17_800);
    expect(forDoctor.lines[0]?.doctorDiscount).toBe(17_800);
    expect(forDoctor.lines[0]?.lineTotal).toBe(160_200);
    expect(forDoctor.total).toBe(160_200 + 12_000);
    expect((await quoted(pendingDoctor, body)).doctorDiscount).toBe(0);
    expect((await quoted(patient, body)).doctorDiscount).toBe(0);
  });

  it('charges flat shipping per country below the free-shipping threshold', async () => {
    expect((await quoted(patient, quoteBody({ items: [world.line(VITAMINA_C, 2)] }))).shippingCost).toBe(0);
    const mx = await quoted(mexican, quoteBody({ countryId: 2, items: [world.line(MAGNESIO)] }));
    expect(mx).toMatchObject({ currency: 'MXN', subtotal: 45_390, shippingCost: 14_900, total: 60_290 });
    const peruvian = await world.buyer({ role: 'patient', countryId: 3 }, 'pe');
    const pe = await quoted(peruvian, quoteBody({ countryId: 3, items: [world.line(MAGNESIO, 3)] }));
    expect(pe).toMatchObject({ currency: 'PEN', subtotal: 26_970, shippingCost: 0, total: 26_970 });
  });

  it('makes hormone orders pay shipping, however large, and flags the prescription', async () => {
    const body = quoteBody({ items: [world.line(VITAMINA_C, 3), world.line(DHEA)] });
    const hormones = await quoted(doctor, body);
    expect(hormones.requiresPrescription).toBe(true);
    expect(hormones.lines.map((entry) => entry.isHormone)).toEqual([false, true]);
    expect(hormones.subtotal).toBe(3 * 129_000 + 75_000);
    expect(hormones.shippingCost).toBe(12_000);
  });

  it('applies promo codes in any case, per country, within their dates', async () => {
    const body = quoteBody({ items: [world.line(MAGNESIO, 2)] });
    const welcome = await quoted(doctor, { ...body, promoCode: 'bienvenida10' });
    expect(welcome.coupon).toMatchObject({ code: 'BIENVENIDA10', discountType: 'percentage', value: 10 });
    // 10 % of what is left after the doctor discount.
    expect(welcome.promoDiscount).toBe(16_020);
    expect(welcome.total).toBe(160_200 - 16_020 + 12_000);
    const fixed = await quoted(patient, { ...body, promoCode: 'CO5000' });
    expect(fixed).toMatchObject({ promoDiscount: 5_000, total: 178_000 - 5_000 + 12_000 });
    const mx = await quoted(mexican, quoteBody({ countryId: 2, items: [world.line(MAGNESIO)], promoCode: 'mx100' }));
    expect(mx).toMatchObject({ promoDiscount: 10_000, total: 45_390 - 10_000 + 14_900 });
  });

  it('caps a fixed code at the goods, so the buyer still pays shipping', async () => {
    await world.ctx.database.db
      .insertInto('promo_codes')
      .values({ code: 'REGALO', discount_type: 'fixed', value: 5_000_000, country_id: 1 })
      .execute();
    const capped = await quoted(patient, quoteBody({ items: [world.line(MAGNESIO)], promoCode: 'regalo' }));
    expect(capped).toMatchObject({ promoDiscount: 89_000, shippingCost: 12_000, total: 12_000 });
  });

  it.each([
    ['NOEXISTE', 'El código promocional no existe'],
    ['EXPIRADO', 'El código promocional expiró'],
    ['MX100', 'El código promocional no es válido en este país'],
    ['INACTIVO', 'El código promocional no está activo'],
    ['FUTURO', 'El código promocional aún no está vigente'],
  ])('refuses the code %s with a Spanish 422 on promoCode', async (code, message) => {
    const db = world.ctx.database.db;
    if (code === 'INACTIVO' || code === 'FUTURO') {
      await db
        .insertInto('promo_codes')
        .values({
          code,
          discount_type: 'percentage',
          value: 5,
          country_id: null,
          active: code !== 'INACTIVO',
          valid_from: code === 'FUTURO' ? new Date(Date.now() + 86_400_000) : null,
        })
        .execute();
    }
    const body = quoteBody({ items: [world.line(MAGNESIO)], promoCode: code });
    const response = await quote(patient, body);
    expect(response.status).toBe(422);
    expect(await response.json()).toEqual({ message, fieldErrors: [{ field: 'promoCode', message }] });
    // The cart is still priced without the code.
    expect((await quoted(patient, { ...body, promoCode: null })).total).toBe(101_000);
  });

  it('names unknown products, and hides hormones from patients', async () => {
    const unknown = await quote(patient, quoteBody({ items: [{ productId: 999_999, quantity: 1 }] }));
    expect(unknown.status).toBe(422);
    expect(((await unknown.json()) as ApiErrorBody).message).toBe('El producto 999999 no existe o no está disponible.');
    const hormone = await quote(patient, quoteBody({ items: [world.line(DHEA)] }));
    expect(hormone.status).toBe(422);
    expect(((await hormone.json()) as ApiErrorBody).message).toBe(
      `El producto ${world.productId(DHEA)} no existe o no está disponible.`,
    );
  });

  it('checks quantities, the bag and the session’s country', async () => {
    const problems = async (body: unknown) => {
      const response = await quote(patient, body);
      expect(response.status).toBe(400);
      return ((await response.json()) as { fieldErrors: { field: string; message: string }[] }).fieldErrors;
    };
    const id = world.productId(MAGNESIO);
    expect(await problems(quoteBody({ items: [{ productId: id, quantity: 0 }] }))).toEqual([
      { field: 'items.0.quantity', message: 'La cantidad debe ser un número entero entre 1 y 99.' },
    ]);
    expect(await problems(quoteBody({ items: [{ productId: id, quantity: 1.5 }] }))).toHaveLength(1);
    // The bag's limit (issue #20): a line of 100 is refused, and so are two lines that add up past it.
    expect(await problems(quoteBody({ items: [{ productId: id, quantity: 100 }] }))).toHaveLength(1);
    expect(await problems(quoteBody({ items: [world.line(MAGNESIO, 60), world.line(MAGNESIO, 60)] }))).toEqual([
      { field: 'items', message: 'La cantidad de cada producto debe estar entre 1 y 99.' },
    ]);
    expect(await problems(quoteBody())).toEqual([{ field: 'items', message: EMPTY_BAG_MESSAGE }]);
    expect(await problems(quoteBody({ countryId: 2, items: [world.line(MAGNESIO)] }))).toEqual([
      { field: 'countryId', message: SESSION_COUNTRY_MESSAGE },
    ]);
  });

  it('prices points lines in points and refuses products that cannot be redeemed', async () => {
    const withPoints = await quoted(
      doctor,
      quoteBody({ items: [world.line(MAGNESIO)], pointItems: [world.line(D3, 2)] }),
    );
    expect(withPoints.pointLines).toEqual([
      { productId: world.productId(D3), name: 'Vitamina D3 5000 UI', quantity: 2, unitPoints: 900, totalPoints: 1800 },
    ]);
    expect(withPoints).toMatchObject({ productPoints: 1800, articleCount: 3, subtotal: 89_000 });
    const notRedeemable = await quote(doctor, quoteBody({ pointItems: [world.line(MAGNESIO)] }));
    expect(notRedeemable.status).toBe(422);
  });

  it('refuses what the stock cannot serve', async () => {
    const hierro = world.productId('hierro-bisglicinato-25-mg');
    const response = await quote(patient, quoteBody({ items: [{ productId: hierro, quantity: 1 }] }));
    expect(response.status).toBe(409);
    expect(((await response.json()) as ApiErrorBody).message).toBe(
      'No hay stock suficiente de Hierro Bisglicinato 25 mg. Disponible: 0',
    );
  });

  it('needs a session', async () => {
    const response = await world.ctx.app.request('/api/checkout/quote', jsonRequest('POST', quoteBody()));
    expect(response.status).toBe(401);
  });
});

describe('POST /orders', () => {
  it('creates the order, its payment and its history, and takes the stock', async () => {
    const magnesio = world.productId(MAGNESIO);
    const before = (await stockOf(world.ctx, magnesio)) ?? 0;
    const body = orderBody({ items: [world.line(MAGNESIO, 2)] });
    const { order, payment } = await createdOrder(world.ctx, patient.headers, body);
    expect(order).toMatchObject({
      sourceId: body.sourceId,
      countryId: 1,
      currency: 'COP',
      status: 'pending_payment',
      paidAt: null,
      subtotal: 178_000,
      shippingCost: 12_000,
      total: 190_000,
      articleCount: 2,
      requiresPrescription: false,
      prescription: null,
      bill: { typeContributor: 'persona_natural', typeID: 'CC', numberID: '1020304050' },
      shipping: {
        address_1: 'Calle 10 # 43-12',
        address_2: 'Apto 501',
        city: 'Medellín',
        state: 'Antioquia',
        postal_code: '050021',
      },
      payment: { method: 'visa', status: 'pending', brand: null, last4: null, paidAt: null },
      buyer: { id: patient.user.id, email: patient.user.email },
    });
    expect(order.number).toBe(`CO-${String(order.id).padStart(6, '0')}`);
    expect(order.billing).toEqual(order.shipping);
    expect(order.items).toEqual([
      expect.objectContaining({
        productId: magnesio,
        quantity: 2,
        type: 'standard',
        unitPrice: 89_000,
        lineTotal: 178_000,
      }),
    ]);
    expect(order.line_items).toEqual(order.items);
    expect(order.statusHistory).toEqual([
      { status: 'pending_payment', at: expect.any(String), note: 'Pedido creado: esperando el pago.' },
    ]);
    expect(payment).toEqual({
      id: order.payment.id,
      method: 'visa',
      status: 'pending',
      redirectUrl: `/api/payments/sandbox/${order.payment.id}`,
    });
    expect(await stockOf(world.ctx, magnesio)).toBe(before - 2);
  });

  it('ignores tampered prices and totals', async () => {
    const body = {
      ...orderBody({ items: [{ ...world.line(VITAMINA_C), price: 1, unitPrice: 1, lineTotal: 1 } as never] }),
      total: 1,
      subtotal: 1,
      shippingCost: 0,
    };
    const { order } = await createdOrder(world.ctx, patient.headers, body);
    expect(order).toMatchObject({ subtotal: 129_000, shippingCost: 12_000, total: 141_000 });
  });

  it('waits for the transfer of bank-transfer orders', async () => {
    const { order } = await createdOrder(
      world.ctx,
      patient.headers,
      orderBody({ items: [world.line(MAGNESIO)], paymentMethod: 'bank_transfer' }),
    );
    expect(order.status).toBe('awaiting_transfer');
    expect(order.payment).toMatchObject({ method: 'bank_transfer', status: 'pending' });
  });

  it('lists every missing field with the checkout’s message', async () => {
    const response = await postOrder(world.ctx, patient.headers, {
      ...orderBody({ items: [world.line(MAGNESIO)] }),
      customer: { countryCode: '+57' },
      bill: {},
      address: { postalCode: '', residenceDetail: '' },
    });
    const fieldErrors = await formRefusal(response);
    expect(fieldErrors.map((entry) => entry.field).sort()).toEqual(
      [
        'customer.firstName',
        'customer.firstLastName',
        'customer.typeID',
        'customer.numberID',
        'customer.phoneNumber',
        'customer.email',
        'bill.typeContributor',
        'address.address',
        'address.state',
        'address.city',
      ].sort(),
    );
    expect(fieldErrors.every((entry) => entry.message === CHECKOUT_REQUIRED_MESSAGE)).toBe(true);
  });

  it('checks the phone by the country’s numbering plan, the e-mail and the taxpayer’s document', async () => {
    const body = orderBody({ items: [world.line(MAGNESIO)] });
    const response = await postOrder(world.ctx, patient.headers, {
      ...body,
      customer: { ...body.customer, phoneNumber: '12345', email: 'no-es-un-correo' },
      bill: { typeContributor: 'persona_juridica', typeID: '', numberID: '' },
    });
    // The phone is judged by the order's country after the fields themselves: it comes last.
    expect(await formRefusal(response)).toEqual([
      { field: 'customer.email', message: 'Ingresa un correo electrónico válido.' },
      { field: 'bill.numberID', message: CHECKOUT_REQUIRED_MESSAGE },
      { field: 'customer.phoneNumber', message: INVALID_PHONE_MESSAGE },
    ]);
    // A Mexican number is not valid with Colombia's prefix.
    const mexicanPhone = await postOrder(world.ctx, patient.headers, {
      ...body,
      customer: { ...body.customer, phoneNumber: '55 1234 5678' },
    });
    expect(mexicanPhone.status).toBe(400);
    const company = await createdOrder(world.ctx, patient.headers, {
      ...orderBody({ items: [world.line(MAGNESIO)] }),
      bill: { typeContributor: 'persona_juridica', typeID: '', numberID: '900123456-7' },
    });
    expect(company.order.bill).toEqual({ typeContributor: 'persona_juridica', typeID: 'NIT', numberID: '900123456-7' });
  });

  it('says the shared limits of names, documents and address with the checkout’s messages', async () => {
    const body = orderBody({ items: [world.line(MAGNESIO)] });
    const response = await postOrder(world.ctx, patient.headers, {
      ...body,
      customer: { ...body.customer, firstName: 'Ana3', typeID: 1, numberID: '10203A4050' },
      address: { ...body.address, address: 'C'.repeat(201), city: 'M'.repeat(101) },
    });
    expect(response.status).toBe(400);
    const error = (await response.json()) as {
      message: string;
      errors: string[];
      fieldErrors: { field: string; message: string }[];
    };
    expect(error.fieldErrors).toEqual([
      { field: 'customer.firstName', message: 'El primer nombre lleva solo letras.' },
      {
        field: 'customer.numberID',
        message: 'La cédula de ciudadanía lleva solo números: de 6 a 10 dígitos, sin letras.',
      },
      { field: 'address.address', message: 'La dirección admite como máximo 200 caracteres.' },
      { field: 'address.city', message: 'La ciudad admite como máximo 100 caracteres.' },
    ]);
    expect(error.errors).toContain('La dirección admite como máximo 200 caracteres.');
    expect(error.errors.some((text) => text.startsWith('address.'))).toBe(false);
    // A passport takes letters; a cédula typed with dots is still a cédula.
    const passport = await createdOrder(world.ctx, patient.headers, {
      ...orderBody({ items: [world.line(MAGNESIO)] }),
      customer: { ...body.customer, typeID: 3, numberID: 'AB123456' },
    });
    expect(passport.order.id).toBeGreaterThan(0);
    const dotted = await createdOrder(world.ctx, patient.headers, {
      ...orderBody({ items: [world.line(MAGNESIO)] }),
      customer: { ...body.customer, typeID: 1, numberID: '52.345.671' },
    });
    expect(dotted.order.id).toBeGreaterThan(0);
  });

  it('needs an Idempotency-Key equal to the source id', async () => {
    const body = orderBody({ items: [world.line(MAGNESIO)] });
    const missing = await postOrder(world.ctx, patient.headers, body, null);
    expect(missing.status).toBe(400);
    expect(((await missing.json()) as ApiErrorBody).message).toMatch(/Idempotency-Key/);
    const other = await postOrder(world.ctx, patient.headers, body, randomUUID());
    expect(other.status).toBe(400);
    const notUuid = await postOrder(world.ctx, patient.headers, { ...body, sourceId: 'abc' }, 'abc');
    expect(notUuid.status).toBe(400);
  });

  it('answers a retry with the same key with the same order, and makes it once', async () => {
    const magnesio = world.productId(MAGNESIO);
    const body = orderBody({ items: [world.line(MAGNESIO)] });
    const before = await orderCount();
    const stock = await stockOf(world.ctx, magnesio);
    const first = await postOrder(world.ctx, patient.headers, body);
    expect(first.status).toBe(201);
    const second = await postOrder(world.ctx, patient.headers, body);
    expect(second.status).toBe(200);
    const [a, b] = (await Promise.all([first.json(), second.json()])) as CreateOrderResponseDto[];
    expect(b).toEqual(a);
    expect(await orderCount()).toBe(before + 1);
    expect(await stockOf(world.ctx, magnesio)).toBe((stock ?? 0) - 1);
  });

  it('refuses the same key with another body or from another buyer', async () => {
    const body = orderBody({ items: [world.line(MAGNESIO)] });
    await createdOrder(world.ctx, patient.headers, body);
    const changed = await postOrder(world.ctx, patient.headers, { ...body, items: [world.line(MAGNESIO, 2)] });
    expect(changed.status).toBe(409);
    expect(((await changed.json()) as ApiErrorBody).message).toBe(IDEMPOTENCY_CONFLICT_MESSAGE);
    const stranger = await postOrder(world.ctx, doctor.headers, body);
    expect(stranger.status).toBe(409);
  });

  it('makes one order of a double click racing with the same key', async () => {
    const body = orderBody({ items: [world.line(MAGNESIO)] });
    const before = await orderCount();
    const responses = await Promise.all(Array.from({ length: 8 }, () => postOrder(world.ctx, patient.headers, body)));
    const statuses = responses.map((response) => response.status).sort();
    expect(statuses.filter((status) => status === 201)).toHaveLength(1);
    expect(statuses.filter((status) => status === 200)).toHaveLength(7);
    const bodies = (await Promise.all(responses.map((response) => response.json()))) as CreateOrderResponseDto[];
    expect(new Set(bodies.map((entry) => entry.order.id)).size).toBe(1);
    expect(new Set(bodies.map((entry) => entry.payment.id)).size).toBe(1);
    expect(await orderCount()).toBe(before + 1);
  });

  it('sells exactly the stock to 50 simultaneous buyers', async () => {
    const product = world.productId('selenio-200-ug');
    await setStock(world.ctx, product, 10);
    const before = await orderCount();
    const responses = await Promise.all(
      Array.from({ length: 50 }, () =>
        postOrder(world.ctx, patient.headers, orderBody({ items: [{ productId: product, quantity: 1 }] })),
      ),
    );
    const statuses = responses.map((response) => response.status);
    expect(statuses.filter((status) => status === 201)).toHaveLength(10);
    expect(statuses.filter((status) => status === 409)).toHaveLength(40);
    const refused = responses.find((response) => response.status === 409);
    expect(((await refused?.json()) as ApiErrorBody).message).toMatch(
      /^No hay stock suficiente de Selenio 200 µg \(L-selenometionina\)\. Disponible: 0$/,
    );
    expect(await stockOf(world.ctx, product)).toBe(0);
    expect(await orderCount()).toBe(before + 10);
  });

  it('saves the address in the address book once when asked', async () => {
    const buyer = await world.buyer({ role: 'patient' });
    for (let attempt = 0; attempt < 2; attempt += 1) {
      await createdOrder(world.ctx, buyer.headers, orderBody({ items: [world.line(MAGNESIO)], saveAddress: true }));
    }
    const response = await world.ctx.app.request('/api/addresses', { headers: buyer.headers });
    const { data } = (await response.json()) as { data: { address: string }[] };
    expect(data.map((entry) => entry.address)).toEqual(['Calle 10 # 43-12']);
  });
});

describe('reading orders', () => {
  let buyer: Buyer;
  const created: CreateOrderResponseDto[] = [];

  beforeAll(async () => {
    buyer = await world.buyer({ role: 'patient' });
    for (let index = 0; index < ORDERS_PAGE_SIZE + 2; index += 1) {
      created.push(await createdOrder(world.ctx, buyer.headers, orderBody({ items: [world.line(MAGNESIO)] })));
    }
  });

  const get = (path: string, headers: Record<string, string>) => world.ctx.app.request(`/api/${path}`, { headers });

  it('pages the buyer’s own orders, newest first', async () => {
    const first = (await (await get('orders', buyer.headers)).json()) as PagedDto<OrderSummaryDto>;
    expect(first).toMatchObject({ total: ORDERS_PAGE_SIZE + 2, page: 1, limit: ORDERS_PAGE_SIZE, totalPages: 2 });
    const newest = created.at(-1)?.order;
    expect(first.data[0]).toEqual({
      id: newest?.id,
      number: newest?.number,
      sourceId: newest?.sourceId,
      countryId: 1,
      currency: 'COP',
      status: 'pending_payment',
      createdAt: newest?.createdAt,
      paidAt: null,
      articleCount: 1,
      total: 101_000,
    });
    const second = (await (await get('orders?page=2&limit=10', buyer.headers)).json()) as PagedDto<OrderSummaryDto>;
    expect(second.data.map((order) => order.id)).toEqual([created[1]?.order.id, created[0]?.order.id]);
    expect((await get('orders?limit=51', buyer.headers)).status).toBe(400);
    const none = (await (await get('orders?country_id=2', buyer.headers)).json()) as PagedDto<OrderSummaryDto>;
    expect(none.total).toBe(0);
  });

  it('shows an order to its buyer and admins only', async () => {
    const order = created[0]?.order as OrderDto;
    const own = await get(`orders/${order.id}`, buyer.headers);
    expect(own.status).toBe(200);
    expect(((await own.json()) as { data: OrderDto }).data).toEqual(order);
    expect((await get(`orders/${order.id}`, world.admin)).status).toBe(200);
    const stranger = await get(`orders/${order.id}`, patient.headers);
    expect(stranger.status).toBe(404);
    expect(await stranger.json()).toEqual({ message: 'Pedido no encontrado.' });
    expect((await get('orders/999999', buyer.headers)).status).toBe(404);
    expect((await get('orders/abc', buyer.headers)).status).toBe(404);
  });

  it('finds an order by its source id, within a country or not', async () => {
    const order = created[0]?.order as OrderDto;
    const inCountry = await get(`orders/source/${order.sourceId}/country/1`, buyer.headers);
    expect(inCountry.status).toBe(200);
    const { data } = (await inCountry.json()) as { data: OrderDto };
    expect(data.items).toHaveLength(1);
    expect(data.line_items).toEqual(data.items);
    expect(data.shipping.address_1).toBe('Calle 10 # 43-12');
    expect(data.billing.address_2).toBe('Apto 501');
    expect((await get(`orders/source/${order.sourceId}/country/2`, buyer.headers)).status).toBe(404);
    expect((await get(`orders/source/${order.sourceId}/country/1`, patient.headers)).status).toBe(404);
    expect((await get(`orders/source/${order.sourceId}/country/1`, world.admin)).status).toBe(200);
    const bySource = await get(`orders/by_source/${order.sourceId.toUpperCase()}`, buyer.headers);
    expect(((await bySource.json()) as { data: OrderDto }).data.id).toBe(order.id);
    expect((await get(`orders/by_source/${order.sourceId}`, patient.headers)).status).toBe(404);
    expect((await get(`orders/by_source/${randomUUID()}`, buyer.headers)).status).toBe(404);
    expect((await get('orders/by_source/no-es-uuid', buyer.headers)).status).toBe(404);
  });
});
