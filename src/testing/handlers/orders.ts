import { http, HttpResponse } from 'msw';
import { COUNTRIES, countryById } from '../../lib/shared/countries';
import { REQUIRED_FIELD_MESSAGE } from '../../lib/shared/field-schemas';
import {
  ORDERS_PAGE_SIZE,
  type OrderDto,
  type OrderItemDto,
  type OrderPrescriptionDto,
  type OrderSummaryDto,
  type PagedDto,
} from '../../lib/shared/orders';
import { TEST_API } from '../api-url';
import { signedIn } from './auth';
import { formRefusal } from './http-shapes';

let nextOrderId = 1000;

/** A line of an order; override what the test is about. */
export function buildOrderItem(overrides: Partial<OrderItemDto> = {}): OrderItemDto {
  const productId = overrides.productId ?? 1;
  return {
    productId,
    name: `Producto ${productId}`,
    slug: `magnesio-bisglicinato-${productId}`,
    image: `/api/media/products/magnesio-${productId}.svg`,
    quantity: 1,
    type: 'standard',
    unitPrice: 89_000,
    lineTotal: 89_000,
    points: null,
    categoryId: 1,
    ...overrides,
  };
}

/** A paid Colombian order of two lines unless overridden; `countryId` sets the currency. */
export function buildOrder(overrides: Partial<OrderDto> = {}): OrderDto {
  const id = overrides.id ?? nextOrderId++;
  const countryId = overrides.countryId ?? 1;
  const country = countryById(countryId) ?? COUNTRIES.co;
  const items = overrides.items ?? [
    buildOrderItem({ productId: 1, quantity: 2, unitPrice: 89_000, lineTotal: 178_000 }),
    buildOrderItem({ productId: 2, quantity: 1, unitPrice: 89_000, lineTotal: 89_000 }),
  ];
  return {
    id,
    number: `${country.subdomain.toUpperCase()}-${String(id).padStart(6, '0')}`,
    sourceId: `source-${id}`,
    countryId,
    currency: country.currency,
    status: 'paid',
    createdAt: '2026-11-20T14:55:00.000Z',
    paidAt: '2026-11-20T15:00:00.000Z',
    customer: {
      firstName: 'Carolina',
      secondName: '',
      firstLastName: 'Mejía',
      secondLastName: 'Rojas',
      typeID: 1,
      numberID: '52345671',
      countryCode: '+57',
      phoneNumber: '3101000001',
      email: 'medico.co@demo.test',
    },
    bill: { typeContributor: 'persona_natural', typeID: 'CC', numberID: '52345671' },
    shipping: {
      address_1: 'Calle 93 # 11-26',
      address_2: 'Apto 502',
      city: 'Bogotá',
      state: 'Cundinamarca',
      postal_code: '110221',
    },
    billing: {
      address_1: 'Calle 93 # 11-26',
      address_2: 'Apto 502',
      city: 'Bogotá',
      state: 'Cundinamarca',
      postal_code: '110221',
    },
    items,
    line_items: items,
    articleCount: items.reduce((sum, item) => sum + item.quantity, 0),
    subtotal: 267_000,
    doctorDiscount: 26_700,
    promoDiscount: 10_000,
    pointsDiscount: 0,
    shippingCost: 12_000,
    total: 242_300,
    productPoints: 0,
    promoCode: 'BIENVENIDA10',
    requiresPrescription: false,
    prescription: null,
    payment: {
      id: `pay-${id}`,
      method: 'visa',
      status: 'approved',
      brand: 'Visa',
      last4: '4242',
      paidAt: '2026-11-20T15:00:00.000Z',
    },
    statusHistory: [
      { status: 'pending_payment', at: '2026-11-20T14:55:00.000Z', note: null },
      { status: 'paid', at: '2026-11-20T15:00:00.000Z', note: null },
    ],
    buyer: { id: 10, uid: 'uid-doctor-0000000000000001', email: 'medico.co@demo.test', display_name: 'Carolina Mejía' },
    ...overrides,
  };
}

/** The signed prescription of a hormone order, waiting for the admin's check. */
const PRESCRIPTION_ON_FILE: OrderPrescriptionDto = {
  documentId: 7,
  mime: 'application/pdf',
  status: 'pending',
  reason: null,
  reviewedAt: null,
};

/** A paid hormone order waiting for the admin's check of its signed prescription. */
export function buildHormoneOrder(overrides: Partial<OrderDto> = {}): OrderDto {
  return buildOrder({
    status: 'pending_prescription',
    requiresPrescription: true,
    items: [
      buildOrderItem({
        productId: 40,
        name: 'Progesterona bioidéntica 100 mg',
        slug: 'progesterona-bioidentica-100-mg',
        categoryId: 4,
        unitPrice: 150_000,
        lineTotal: 150_000,
      }),
    ],
    subtotal: 150_000,
    doctorDiscount: 0,
    promoDiscount: 0,
    promoCode: null,
    shippingCost: 15_000,
    total: 165_000,
    prescription: PRESCRIPTION_ON_FILE,
    statusHistory: [
      { status: 'pending_payment', at: '2026-11-20T14:55:00.000Z', note: null },
      { status: 'paid', at: '2026-11-20T15:00:00.000Z', note: null },
      { status: 'pending_prescription', at: '2026-11-20T15:00:01.000Z', note: null },
    ],
    ...overrides,
  });
}

export function toSummary(order: OrderDto): OrderSummaryDto {
  const { id, number, sourceId, countryId, currency, status, createdAt, paidAt, articleCount, total } = order;
  return { id, number, sourceId, countryId, currency, status, createdAt, paidAt, articleCount, total };
}

/** What the fake server holds; `resetOrderFixtures` (call it in `beforeEach`) starts it over. */
export const orderFixtures = {
  /** The logged-in buyer's orders, newest first. */
  orders: [] as OrderDto[],
  /** Every hormone order the admin can see. */
  hormoneOrders: [] as OrderDto[],
};

export function resetOrderFixtures() {
  // From the same id in every test: the web project's files share one module graph per worker.
  nextOrderId = 1000;
  orderFixtures.orders = [];
  orderFixtures.hormoneOrders = [];
}

const UNAUTHORIZED = () => HttpResponse.json({ message: 'Sesión inválida' }, { status: 401 });

export const orderHandlers = [
  http.get(`${TEST_API}/orders`, ({ request }) => {
    if (!signedIn(request)) return UNAUTHORIZED();
    const url = new URL(request.url);
    const page = Number(url.searchParams.get('page') ?? 1);
    const limit = Number(url.searchParams.get('limit') ?? ORDERS_PAGE_SIZE);
    const all = orderFixtures.orders;
    const answer: PagedDto<OrderSummaryDto> = {
      data: all.slice((page - 1) * limit, page * limit).map(toSummary),
      total: all.length,
      page,
      limit,
      totalPages: Math.ceil(all.length / limit),
    };
    return HttpResponse.json(answer);
  }),
  http.get(`${TEST_API}/orders/:id`, ({ params, request }) => {
    if (!signedIn(request)) return UNAUTHORIZED();
    const order = orderFixtures.orders.find((candidate) => String(candidate.id) === params.id);
    return order
      ? HttpResponse.json({ data: order })
      : HttpResponse.json({ message: 'Pedido no encontrado.' }, { status: 404 });
  }),
  http.get(`${TEST_API}/admin/hormone-orders`, ({ request }) => {
    if (!signedIn(request)) return UNAUTHORIZED();
    const url = new URL(request.url);
    const status = url.searchParams.get('status');
    const countryId = url.searchParams.get('country_id');
    const data = orderFixtures.hormoneOrders.filter(
      (order) => (!status || order.status === status) && (!countryId || order.countryId === Number(countryId)),
    );
    return HttpResponse.json({ data });
  }),
  http.post(`${TEST_API}/admin/hormone-orders/:id/approve`, ({ params, request }) => {
    if (!signedIn(request)) return UNAUTHORIZED();
    const order = orderFixtures.hormoneOrders.find((candidate) => candidate.id === Number(params.id));
    if (!order) return HttpResponse.json({ message: 'Pedido no encontrado.' }, { status: 404 });
    if (order.status !== 'pending_prescription') {
      return HttpResponse.json({ message: 'Este pedido ya no está pendiente de validación.' }, { status: 409 });
    }
    order.status = 'released';
    order.prescription = {
      ...PRESCRIPTION_ON_FILE,
      ...order.prescription,
      status: 'approved',
      reason: null,
      reviewedAt: '2026-11-21T10:00:00.000Z',
    };
    return HttpResponse.json({ data: order });
  }),
  http.post(`${TEST_API}/admin/hormone-orders/:id/reject`, async ({ params, request }) => {
    if (!signedIn(request)) return UNAUTHORIZED();
    const { reason } = (await request.json()) as { reason?: string };
    if (!reason?.trim()) {
      return formRefusal([{ field: 'reason', message: REQUIRED_FIELD_MESSAGE }], { message: REQUIRED_FIELD_MESSAGE });
    }
    const order = orderFixtures.hormoneOrders.find((candidate) => candidate.id === Number(params.id));
    if (!order) return HttpResponse.json({ message: 'Pedido no encontrado.' }, { status: 404 });
    order.status = 'cancelled';
    order.prescription = {
      ...PRESCRIPTION_ON_FILE,
      ...order.prescription,
      status: 'rejected',
      reason: reason.trim(),
      reviewedAt: '2026-11-21T10:00:00.000Z',
    };
    return HttpResponse.json({ data: order });
  }),
];
