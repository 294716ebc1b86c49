import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect } from 'vitest';
import type { CredentialsStatusDto } from '../../src/lib/shared/accounts';
import type {
  CreateOrderRequestDto,
  CreateOrderResponseDto,
  OrderDto,
  PaymentMethod,
} from '../../src/lib/shared/orders';
import type { UserRow } from '../src/db/schema';
import type { AppOptions } from '../src/http/app';
import type { OrderPointsHook } from '../src/orders/points-hook';
import { createTestContext, createUser, jsonRequest, authHeaders, sessionFor, type TestContext } from './helpers';
import { productIdOf } from './prescriptions-fixtures';

export const WEBHOOK_SECRET = 'secreto-de-pruebas-del-webhook';

/** Everything the server logged, to check that no card data ever reaches the log. */
export interface CapturedLog {
  lines: string[];
}

export function capturingLogger(log: CapturedLog): NonNullable<AppOptions['logger']> {
  const keep = (...args: unknown[]) => {
    log.lines.push(args.map((arg) => (arg instanceof Error ? `${arg.message}\n${arg.stack}` : String(arg))).join(' '));
  };
  return { error: keep, info: keep, debug: keep };
}

export interface Buyer {
  user: UserRow;
  headers: Record<string, string>;
}

export interface OrdersWorld {
  ctx: TestContext;
  log: CapturedLog;
  productId: (slug: string) => number;
  /** A line of an order: `quantity` of the product `slug`. */
  line: (slug: string, quantity?: number) => { productId: number; quantity: number };
  buyer: (fields: Parameters<typeof createUser>[1], country?: 'co' | 'mx' | 'pe') => Promise<Buyer>;
  admin: Record<string, string>;
}

export interface OrdersWorldOptions {
  pointsHook?: OrderPointsHook;
  clock?: () => Date;
  mercadoPago?: AppOptions['mercadoPago'];
}

/** A test database and app whose webhook secret is known and whose log is kept; `clock` moves payment windows. */
export async function ordersWorld(options: OrdersWorldOptions = {}): Promise<OrdersWorld> {
  const log: CapturedLog = { lines: [] };
  const ctx = await createTestContext({
    app: {
      paymentsWebhookSecret: WEBHOOK_SECRET,
      logger: capturingLogger(log),
      pointsHook: options.pointsHook,
      clock: options.clock,
      mercadoPago: options.mercadoPago,
    },
  });
  const rows = await ctx.database.db.selectFrom('products').select(['id', 'slug']).execute();
  const ids = new Map(rows.map((row) => [row.slug, row.id]));
  const productId = (slug: string) => {
    const id = ids.get(slug);
    if (id === undefined) throw new Error(`Sin producto: ${slug}`);
    return id;
  };
  return {
    ctx,
    log,
    productId,
    line: (slug, quantity = 1) => ({ productId: productId(slug), quantity }),
    buyer: async (fields, country = 'co') => {
      const user = await createUser(ctx, fields);
      return { user, headers: authHeaders(await sessionFor(ctx, user.email, country), country) };
    },
    admin: authHeaders(await sessionFor(ctx, 'admin@demo.test'), 'co'),
  };
}

/**
 * The orders world of a whole file: opened before its first test, closed after its last, and filled in when it opens
 * (as `testContextForFile`'s context is). `options` may be a function, for what is known only then (a fake's port).
 */
export function ordersWorldForFile(options: OrdersWorldOptions | (() => OrdersWorldOptions) = {}): OrdersWorld {
  const world = {} as OrdersWorld;
  beforeAll(async () => {
    Object.assign(world, await ordersWorld(typeof options === 'function' ? options() : options));
  });
  afterAll(async () => {
    await world.ctx?.close();
  });
  return world;
}

/** A buyer of the file's orders world, made and signed in once the world is open (empty until then). */
export function buyerForFile(world: OrdersWorld, ...who: Parameters<OrdersWorld['buyer']>): Buyer {
  const buyer = {} as Buyer;
  beforeAll(async () => {
    Object.assign(buyer, await world.buyer(...who));
  });
  return buyer;
}

/** A complete, valid Colombian checkout; `overrides` replace top-level fields. */
export function orderBody(overrides: Partial<CreateOrderRequestDto> = {}): CreateOrderRequestDto {
  return {
    sourceId: randomUUID(),
    countryId: 1,
    items: [],
    pointItems: [],
    promoCode: null,
    discountPoints: 0,
    customer: {
      firstName: 'Laura',
      secondName: '',
      firstLastName: 'Restrepo',
      secondLastName: 'Gil',
      typeID: 1,
      numberID: '1020304050',
      countryCode: '+57',
      phoneNumber: '310 123 4567',
      email: 'laura.restrepo@prueba.test',
    },
    bill: { typeContributor: 'persona_natural', typeID: '', numberID: '' },
    address: {
      address: 'Calle 10 # 43-12',
      residenceDetail: 'Apto 501',
      state: 'Antioquia',
      city: 'Medellín',
      postalCode: '050021',
    },
    saveAddress: false,
    paymentMethod: 'visa' as PaymentMethod,
    prescriptionDocumentId: null,
    ...overrides,
  };
}

export async function postOrder(
  ctx: TestContext,
  headers: Record<string, string>,
  body: CreateOrderRequestDto | Record<string, unknown>,
  key: string | null = String(body.sourceId),
): Promise<Response> {
  return ctx.app.request(
    '/api/orders',
    jsonRequest('POST', body, { ...headers, ...(key === null ? {} : { 'idempotency-key': key }) }),
  );
}

export async function createdOrder(
  ctx: TestContext,
  headers: Record<string, string>,
  body: CreateOrderRequestDto,
): Promise<CreateOrderResponseDto> {
  const response = await postOrder(ctx, headers, body);
  if (response.status !== 201) throw new Error(`POST /orders → ${response.status}: ${await response.text()}`);
  return (await response.json()) as CreateOrderResponseDto;
}

/** Submits the sandbox's hosted page as a browser would (a url-encoded form). */
export function submitPaymentPage(ctx: TestContext, paymentId: string, fields: Record<string, string> = {}) {
  return ctx.app.request(`/api/payments/sandbox/${paymentId}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields).toString(),
  });
}

export const card = (number: string, cvv = '123') => ({
  cardNumber: number,
  cardName: 'LAURA RESTREPO',
  expiry: '12/39',
  cvv,
});

/** The sandbox's test card that is always approved. */
export const VISA_APPROVED = '4242 4242 4242 4242';

/** An order of `lines` ([slug, quantity]) paid by card on the sandbox's page; `overrides` change the checkout. */
export async function paidOrder(
  ctx: TestContext,
  headers: Record<string, string>,
  lines: [slug: string, quantity: number][],
  overrides: Partial<CreateOrderRequestDto> = {},
): Promise<OrderDto> {
  const items = await Promise.all(
    lines.map(async ([slug, quantity]) => ({ productId: await productIdOf(ctx, slug), quantity })),
  );
  const { order, payment } = await createdOrder(ctx, headers, orderBody({ items, ...overrides }));
  expect((await submitPaymentPage(ctx, payment.id, card(VISA_APPROVED))).status).toBe(303);
  return order;
}

export async function orderOf(ctx: TestContext, headers: Record<string, string>, id: number): Promise<OrderDto> {
  const response = await ctx.app.request(`/api/orders/${id}`, { headers });
  if (response.status !== 200) throw new Error(`GET /orders/${id} → ${response.status}`);
  return ((await response.json()) as { data: OrderDto }).data;
}

/** The payment row of an order (one per order in these tests). */
export async function paymentOf(ctx: TestContext, orderId: number) {
  return ctx.database.db.selectFrom('payments').selectAll().where('order_id', '=', orderId).executeTakeFirstOrThrow();
}

export async function stockOf(ctx: TestContext, productId: number): Promise<number | null> {
  const row = await ctx.database.db
    .selectFrom('products')
    .select('stock_quantity')
    .where('id', '=', productId)
    .executeTakeFirstOrThrow();
  return row.stock_quantity;
}

export async function setStock(ctx: TestContext, productId: number, quantity: number | null): Promise<void> {
  await ctx.database.db
    .updateTable('products')
    .set({ stock_tracked: quantity !== null, stock_quantity: quantity })
    .where('id', '=', productId)
    .execute();
}

export const PDF = Buffer.from('%PDF-1.4 fórmula firmada');

/** `POST /credentials` with one file, as the storefront uploads a hormone prescription. */
export async function uploadCredential(
  ctx: TestContext,
  buyer: Buyer,
  bytes: Buffer,
  name: string,
  documentType = 'formula-hormonal',
): Promise<Response> {
  const form = new FormData();
  form.append('files', new File([new Uint8Array(bytes)], name));
  form.append('userId', String(buyer.user.id));
  form.append('documentType', documentType);
  return ctx.app.request('/api/credentials', { method: 'POST', body: form, headers: buyer.headers });
}

/** Uploads a signed prescription and answers its id, read from the history as the storefront does. */
export async function prescriptionOf(ctx: TestContext, buyer: Buyer): Promise<number> {
  const response = await uploadCredential(ctx, buyer, PDF, 'formula.pdf');
  if (response.status !== 201) throw new Error(`POST /credentials → ${response.status}: ${await response.text()}`);
  const status = (await response.json()) as CredentialsStatusDto;
  return status.history[0]?.id ?? 0;
}
