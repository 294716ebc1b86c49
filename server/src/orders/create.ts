import { createHash, randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { countryById, countryCodeById, type CountryInfo } from '../../../src/lib/shared/countries';
import {
  HORMONE_PRESCRIPTION_DOCUMENT_TYPE,
  type CreateOrderResponseDto,
  type OrderStatus,
} from '../../../src/lib/shared/orders';
import { saveAddressIfNew } from '../addresses/repo';
import type { UserRow } from '../db/schema';
import { Refusal } from '../refusal';
import type { OrdersContext } from './context';
import { AWAITING_TRANSFER_TTL_MS, PENDING_PAYMENT_TTL_MS, releaseOverdueHolds } from './expiry';
import { atProvider, pointsOf, recordStatus } from './lifecycle';
import { assertPromoUsesLeft, quoteOrder } from './pricing';
import { findOrderBySource, orderNumber, toOrderDto, type OrderRow } from './repo';
import type { CreateOrderInput } from './request';
import { reserveStock } from './stock';

export const PRESCRIPTION_REQUIRED_MESSAGE = 'Debes adjuntar la fórmula médica firmada para comprar hormonas';
export const IDEMPOTENCY_CONFLICT_MESSAGE =
  'Esta clave de idempotencia ya se usó con otro pedido. Vuelve a la bolsa e inténtalo de nuevo.';

/** The request as the server understood it: a retry must say the same thing to get the same order back. */
function requestHash(input: CreateOrderInput): string {
  return createHash('sha256').update(JSON.stringify(input)).digest('hex');
}

/**
 * Opens the order's payment with its provider, after the transaction that made the order (no provider call holds
 * row locks). A provider that fails answers a Spanish 502 and leaves the payment unopened: the buyer's retry (same
 * idempotency key) opens it then, and the provider's own idempotency key (our payment id) makes one payment of both.
 */
async function openPayment(ctx: OrdersContext, order: OrderRow): Promise<string> {
  const payment = await ctx.db
    .selectFrom('payments')
    .selectAll()
    .where('order_id', '=', order.id)
    .executeTakeFirstOrThrow();
  if (payment.redirect_url !== '' || payment.status !== 'pending') return payment.redirect_url;
  const provider = ctx.payments.of(payment);
  const country = countryCodeById(order.country_id);
  const windowMs = payment.method === 'bank_transfer' ? AWAITING_TRANSFER_TTL_MS : PENDING_PAYMENT_TTL_MS;
  let opened: { redirectUrl: string; reference?: string | null } = { redirectUrl: '' };
  await atProvider(ctx, 'abrir el pago', async () => {
    opened = await provider.createPayment({
      paymentId: payment.id,
      orderNumber: order.number,
      countryId: order.country_id,
      amount: payment.amount,
      currency: payment.currency,
      method: payment.method,
      resultPath: `/${country}/bolsa/resultado/${order.source_id}`,
      expiresAt: new Date(order.created_at.getTime() + windowMs),
    });
  });
  await ctx.db
    .updateTable('payments')
    .set({ redirect_url: opened.redirectUrl, provider_reference: opened.reference ?? null })
    .where('id', '=', payment.id)
    .where('redirect_url', '=', '')
    .execute();
  return opened.redirectUrl;
}

async function responseOf(ctx: OrdersContext, order: OrderRow): Promise<CreateOrderResponseDto> {
  const redirectUrl = await openPayment(ctx, order);
  const dto = await toOrderDto(ctx.db, order);
  return {
    order: dto,
    payment: { id: dto.payment.id, method: dto.payment.method, status: dto.payment.status, redirectUrl },
  };
}

/** A retry of an order already made: the same answer for the same buyer and body, a 409 for anything else. */
async function replay(ctx: OrdersContext, order: OrderRow, user: UserRow, hash: string) {
  if (order.user_id !== user.id || order.request_hash !== hash) throw new Refusal(409, IDEMPOTENCY_CONFLICT_MESSAGE);
  return { status: 200 as const, body: await responseOf(ctx, order) };
}

/** A hormone order needs the buyer's own `formula-hormonal` upload. */
async function assertPrescription(ctx: OrdersContext, user: UserRow, documentId: number | null): Promise<void> {
  const document =
    documentId === null
      ? undefined
      : await ctx.db
          .selectFrom('credentials')
          .select('id')
          .where('id', '=', documentId)
          .where('user_id', '=', user.id)
          .where('document_type', '=', HORMONE_PRESCRIPTION_DOCUMENT_TYPE)
          .executeTakeFirst();
  if (!document) {
    throw new Refusal(422, PRESCRIPTION_REQUIRED_MESSAGE, undefined, {
      body: { fieldErrors: [{ field: 'prescriptionDocumentId', message: PRESCRIPTION_REQUIRED_MESSAGE }] },
    });
  }
}

/**
 * `POST /orders`: prices the cart again, then in one transaction creates the order with its lines, reserves the
 * stock, spends the points, opens the payment and saves the address. The order's source id is unique: a retry, or a
 * double click racing on PostgreSQL, answers the first order instead of making a second one.
 */
export async function createOrder(
  ctx: OrdersContext,
  user: UserRow,
  input: CreateOrderInput,
): Promise<{ status: 200 | 201; body: CreateOrderResponseDto }> {
  const hash = requestHash(input);
  const existing = await findOrderBySource(ctx.db, input.sourceId);
  if (existing) return replay(ctx, existing, user, hash);
  // Stock and points still held by overdue unpaid orders go back before this order checks and takes its own.
  await releaseOverdueHolds(ctx, user.id, input);
  let created: OrderRow;
  try {
    created = await insertOrder(ctx, user, input, hash);
  } catch (error) {
    // The loser of a race with the same key fails on the unique source id, or on the stock the winner just took.
    const winner = await findOrderBySource(ctx.db, input.sourceId);
    if (!winner) throw error;
    return replay(ctx, winner, user, hash);
  }
  // A provider that fails here answers 502; the order stays, and the buyer's retry opens its payment.
  return { status: 201, body: await responseOf(ctx, created) };
}

async function insertOrder(ctx: OrdersContext, user: UserRow, input: CreateOrderInput, hash: string) {
  const country = countryById(input.countryId) as CountryInfo;
  const quote = await quoteOrder(ctx.db, ctx.pointsHook, user, { ...input, country });
  const { dto: totals } = quote;
  if (totals.requiresPrescription) await assertPrescription(ctx, user, input.prescriptionDocumentId);
  const provider = ctx.payments.checkoutFor(input.countryId);
  const status: OrderStatus = input.paymentMethod === 'bank_transfer' ? 'awaiting_transfer' : 'pending_payment';

  return ctx.db.transaction().execute(async (trx) => {
    // A limited promo code is locked for the rest of the transaction and its uses counted again: concurrent orders
    // taking the last use wait here, and the second finds none left.
    if (quote.promoCodeId !== null) {
      const promo = await trx
        .selectFrom('promo_codes')
        .select(['id', 'max_uses', 'max_uses_per_user'])
        .where('id', '=', quote.promoCodeId)
        .forUpdate()
        .executeTakeFirstOrThrow();
      await assertPromoUsesLeft(trx, promo, user.id);
    }
    // The id first: the order number is made from it.
    const { rows } = await sql<{ id: number }>`select nextval('orders_id_seq')::int as id`.execute(trx);
    const id = rows[0]?.id as number;
    const created = await trx
      .insertInto('orders')
      .values({
        id,
        number: orderNumber(country.subdomain, id),
        source_id: input.sourceId,
        request_hash: hash,
        user_id: user.id,
        country_id: input.countryId,
        status,
        currency: totals.currency,
        payment_method: input.paymentMethod,
        article_count: totals.articleCount,
        subtotal: totals.subtotal,
        doctor_discount: totals.doctorDiscount,
        promo_discount: totals.promoDiscount,
        points_discount: totals.pointsDiscount,
        shipping_cost: totals.shippingCost,
        total: totals.total,
        product_points: totals.productPoints,
        discount_points: totals.discountPoints,
        promo_code_id: quote.promoCodeId,
        promo_code: totals.coupon?.code ?? null,
        requires_prescription: totals.requiresPrescription,
        customer: JSON.stringify(input.customer),
        bill: JSON.stringify(input.bill),
        address: JSON.stringify(input.address),
        prescription_document_id: totals.requiresPrescription ? input.prescriptionDocumentId : null,
        prescription_status: totals.requiresPrescription ? 'pending' : null,
      })
      .returningAll()
      .executeTakeFirstOrThrow();

    const needs = new Map<number, { name: string; quantity: number }>();
    for (const line of [...quote.lines, ...quote.pointLines]) {
      needs.set(line.productId, {
        name: line.name,
        quantity: (needs.get(line.productId)?.quantity ?? 0) + line.quantity,
      });
    }
    const reserved = await reserveStock(trx, needs);
    // A product in both lists gave its units once: the first line of it records them, for a later release.
    const take = (productId: number) => {
      const units = reserved.get(productId) ?? 0;
      reserved.delete(productId);
      return units;
    };
    // What every item row keeps of its quoted line, paid in money or in points.
    const itemOf = (line: (typeof quote.lines)[number] | (typeof quote.pointLines)[number]) => ({
      order_id: id,
      product_id: line.productId,
      name: line.name,
      slug: line.slug,
      image: line.image,
      category_id: line.categoryId,
    });
    await trx
      .insertInto('order_items')
      .values([
        ...quote.lines.map((line) => ({
          ...itemOf(line),
          type: 'standard' as const,
          quantity: line.quantity,
          unit_price: line.unitPrice,
          doctor_discount: line.doctorDiscount,
          line_total: line.lineTotal,
          points: null,
          stock_reserved: take(line.productId),
        })),
        ...quote.pointLines.map((line) => ({
          ...itemOf(line),
          type: 'points' as const,
          quantity: line.quantity,
          unit_price: 0,
          doctor_discount: 0,
          line_total: 0,
          points: line.totalPoints,
          stock_reserved: take(line.productId),
        })),
      ])
      .execute();
    await recordStatus(
      trx,
      id,
      status,
      status === 'awaiting_transfer'
        ? 'Pedido creado: esperando la transferencia.'
        : 'Pedido creado: esperando el pago.',
    );
    if (totals.productPoints > 0 || totals.discountPoints > 0) await ctx.pointsHook.spend(trx, pointsOf(created));
    if (input.saveAddress) await saveAddressIfNew(trx, user.id, input.countryId, input.address);
    // Opened with the provider after this transaction commits (`openPayment`): until then it has no link.
    const paymentId = randomUUID();
    await trx
      .insertInto('payments')
      .values({
        id: paymentId,
        order_id: id,
        provider: provider.name,
        method: input.paymentMethod,
        status: 'pending',
        amount: totals.total,
        currency: totals.currency,
        redirect_url: '',
      })
      .execute();
    return created;
  });
}
