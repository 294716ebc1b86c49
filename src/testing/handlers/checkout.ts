import { http, HttpResponse } from 'msw';
import { countryById } from '../../lib/shared/countries';
import type {
  AddressDto,
  CreateOrderRequestDto,
  OrderDto,
  OrderStatus,
  QuoteDto,
  QuoteRequestDto,
} from '../../lib/shared/orders';
import { TEST_API } from '../api-url';

/** Unit price of every product in these handlers, in the country's unit. */
export const TEST_UNIT_PRICE = 10_000;
export const TEST_SHIPPING = 12_000;
/** Money one point takes off in these handlers, in the country's unit. */
export const TEST_POINT_VALUE = 10;
/** Products with these ids are hormones. */
export const TEST_HORMONE_IDS: readonly number[] = [40];

interface RecordedOrder {
  request: CreateOrderRequestDto;
  idempotencyKey: string | null;
}

/** What the checkout sent, and what the result page reads back; reset after every test. */
export const checkoutFixtures = {
  orders: [] as RecordedOrder[],
  addresses: [] as AddressDto[],
  /** The status the next order lookup answers. */
  status: 'paid' as OrderStatus,
  /** Orders only the by-source lookup finds (the fallback of product §8). */
  onlyBySource: false,
};

export function resetCheckoutFixtures(): void {
  checkoutFixtures.orders = [];
  checkoutFixtures.addresses = [];
  checkoutFixtures.status = 'paid';
  checkoutFixtures.onlyBySource = false;
}

function quoteFor(request: QuoteRequestDto): QuoteDto | { status: number; message: string } {
  const code = request.promoCode?.toUpperCase() ?? null;
  if (code === 'EXPIRADO') return { status: 422, message: 'El código promocional expiró' };
  if (code !== null && code !== 'BIENVENIDA10') return { status: 422, message: 'El código promocional no existe' };
  const lines = request.items.map((item) => ({
    productId: item.productId,
    name: `Producto ${item.productId}`,
    slug: `producto-${item.productId}`,
    image: null,
    quantity: item.quantity,
    unitPrice: TEST_UNIT_PRICE,
    doctorDiscount: 0,
    lineTotal: TEST_UNIT_PRICE * item.quantity,
    isHormone: TEST_HORMONE_IDS.includes(item.productId),
  }));
  const subtotal = lines.reduce((sum, line) => sum + line.lineTotal, 0);
  const promoDiscount = code ? Math.round(subtotal / 10) : 0;
  const pointsDiscount = request.discountPoints * TEST_POINT_VALUE;
  const country = countryById(request.countryId);
  return {
    countryId: request.countryId,
    currency: country?.currency ?? 'COP',
    lines,
    pointLines: [],
    articleCount: lines.reduce((sum, line) => sum + line.quantity, 0),
    subtotal,
    doctorDiscount: 0,
    promoDiscount,
    pointsDiscount,
    shippingCost: TEST_SHIPPING,
    total: subtotal - promoDiscount - pointsDiscount + TEST_SHIPPING,
    coupon: code ? { id: 1, code, discountType: 'percentage', value: 10 } : null,
    productPoints: 0,
    discountPoints: request.discountPoints,
    requiresPrescription: lines.some((line) => line.isHormone),
  };
}

function orderFor(sourceId: string, countryId: number): OrderDto {
  const recorded = checkoutFixtures.orders.find((order) => order.request.sourceId === sourceId)?.request;
  const quote = recorded ? quoteFor(recorded) : null;
  const total = quote && 'total' in quote ? quote.total : 0;
  const address = { address_1: 'Calle 1 # 2-3', address_2: '', city: 'Bogotá', state: 'Cundinamarca', postal_code: '' };
  return {
    id: 7,
    number: 'CO-000007',
    sourceId,
    countryId,
    currency: 'COP',
    status: checkoutFixtures.status,
    createdAt: '2026-11-22T10:00:00.000Z',
    paidAt: checkoutFixtures.status === 'paid' ? '2026-11-22T10:01:00.000Z' : null,
    customer: recorded?.customer ?? {
      firstName: 'Ana',
      secondName: '',
      firstLastName: 'Pérez',
      secondLastName: '',
      typeID: 1,
      numberID: '1020304050',
      countryCode: '+57',
      phoneNumber: '3001234567',
      email: 'ana@example.com',
    },
    bill: { typeContributor: 'persona_natural', typeID: 'CC', numberID: '1020304050' },
    shipping: address,
    billing: address,
    items: [],
    line_items: [],
    articleCount: 1,
    subtotal: total,
    doctorDiscount: 0,
    promoDiscount: 0,
    pointsDiscount: 0,
    shippingCost: 0,
    total,
    productPoints: 0,
    promoCode: null,
    requiresPrescription: false,
    prescription: null,
    payment: { id: 'pay_1', method: 'visa', status: 'approved', brand: 'Visa', last4: '4242', paidAt: null },
    statusHistory: [],
    buyer: { id: 1, uid: 'uid-1', email: 'ana@example.com', display_name: 'Ana' },
  };
}

export const checkoutHandlers = [
  http.post(`${TEST_API}/checkout/quote`, async ({ request }) => {
    const quote = quoteFor((await request.json()) as QuoteRequestDto);
    // The server names the refused code's field, so the checkout shows the message under it.
    return 'total' in quote
      ? HttpResponse.json(quote)
      : HttpResponse.json(
          { message: quote.message, fieldErrors: [{ field: 'promoCode', message: quote.message }] },
          { status: quote.status },
        );
  }),
  http.get(`${TEST_API}/addresses`, () => HttpResponse.json({ data: checkoutFixtures.addresses })),
  http.post(`${TEST_API}/orders`, async ({ request }) => {
    const body = (await request.json()) as CreateOrderRequestDto;
    checkoutFixtures.orders.push({ request: body, idempotencyKey: request.headers.get('Idempotency-Key') });
    return HttpResponse.json(
      {
        order: orderFor(body.sourceId, body.countryId),
        payment: {
          id: 'pay_1',
          method: body.paymentMethod,
          status: 'pending',
          redirectUrl: `${TEST_API}/payments/sandbox/pay_1`,
        },
      },
      { status: 201 },
    );
  }),
  http.get(`${TEST_API}/orders/source/:sourceId/country/:countryId`, ({ params }) =>
    checkoutFixtures.onlyBySource
      ? HttpResponse.json({ message: 'Pedido no encontrado.' }, { status: 404 })
      : HttpResponse.json({ data: orderFor(String(params.sourceId), Number(params.countryId)) }),
  ),
  http.get(`${TEST_API}/orders/by_source/:sourceId`, ({ params }) =>
    HttpResponse.json({ data: orderFor(String(params.sourceId), 1) }),
  ),
];
