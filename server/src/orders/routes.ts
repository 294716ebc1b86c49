import { assertHealthConsentNotRevoked } from '../privacy/consent-repo';
import {
  IDEMPOTENCY_HEADER,
  type OrderDto,
  type OrderSummaryDto,
  type PagedDto,
  type QuoteDto,
} from '../../../src/lib/shared/orders';
import { orderListQuerySchema } from '../../../src/lib/shared/list-query-schemas';
import { createOrderRequestSchema, isUuid, quoteRequestSchema } from '../../../src/lib/shared/order-schemas';
import { pathParam, viewerOf, type Api } from '../http/auth';
import type { AppContext } from '../http/app-env';
import { Refusal } from '../refusal';
import { memberListAnswer } from '../http/member-answers';
import type { OrdersContext } from './context';
import { createOrder } from './create';
import { releaseOverdueHolds } from './expiry';
import { quoteOrder } from './pricing';
import {
  findOrderById,
  findOrderBySource,
  ORDER_NOT_FOUND_MESSAGE,
  ownOrdersPage,
  toOrderDto,
  visibleOrder,
  type OrderRow,
} from './repo';
import { forSessionCountry, orderInputFor } from './request';

const IDEMPOTENCY_KEY_MISSING_MESSAGE = `Falta el encabezado ${IDEMPOTENCY_HEADER} con el identificador del pedido.`;
const IDEMPOTENCY_KEY_MISMATCH_MESSAGE = `El encabezado ${IDEMPOTENCY_HEADER} debe ser igual a sourceId.`;

/** A numeric path id, or the 404 of a missing order. */
export function orderIdParam(c: AppContext): number {
  const raw = pathParam(c, 'id');
  if (!/^\d{1,9}$/.test(raw)) throw new Refusal(404, ORDER_NOT_FOUND_MESSAGE);
  return Number(raw);
}

export function registerOrderRoutes(api: Api, ctx: OrdersContext): void {
  const { db } = ctx;
  const ownerOrAdmin = { access: 'authenticated', ownership: 'owner, admin' } as const;

  api.post('/checkout/quote', { access: 'authenticated', body: quoteRequestSchema }, async (c) => {
    const { user, session } = viewerOf(c);
    const input = forSessionCountry(c.req.valid('json'), session.country_id);
    // The quote checks stock and points: what overdue unpaid orders hold must not look taken.
    await releaseOverdueHolds(ctx, user.id, input);
    const quote = await quoteOrder(db, ctx.pointsHook, user, input);
    return c.json<QuoteDto>(quote.dto);
  });

  // The body is checked before the handler, so a body that is wrong and has no key is refused for the body first.
  api.post('/orders', { access: 'authenticated', body: createOrderRequestSchema }, async (c) => {
    const { user, session } = viewerOf(c);
    const key = c.req.header(IDEMPOTENCY_HEADER)?.trim();
    if (!key) throw new Refusal(400, IDEMPOTENCY_KEY_MISSING_MESSAGE);
    const input = orderInputFor(c.req.valid('json'), session.country_id);
    if (key.toLowerCase() !== input.sourceId) throw new Refusal(400, IDEMPOTENCY_KEY_MISMATCH_MESSAGE);
    // An order is health data (what the person takes): none after a revocation until the user consents again.
    await assertHealthConsentNotRevoked(db, user.id);
    const { status, body } = await createOrder(ctx, user, input);
    return c.json(body, status);
  });

  const ownOrders = { access: 'authenticated', ownership: 'own orders only', query: orderListQuerySchema } as const;
  api.get('/orders', ownOrders, async (c) => {
    const { user } = viewerOf(c);
    const { page, limit, country_id: countryId } = c.req.valid('query');
    const list = async (): Promise<PagedDto<OrderSummaryDto>> => {
      const { rows, total } = await ownOrdersPage(db, user.id, { page, limit, countryId });
      return { data: rows, total, page, limit, totalPages: Math.ceil(total / limit) };
    };
    const key = `orders:${user.id}:${page}:${limit}:${countryId ?? ''}`;
    return memberListAnswer<PagedDto<OrderSummaryDto>>(c, ctx.memberAnswers, key, list, 'data');
  });

  /** An order for its buyer or an admin; anybody else gets the 404 of a missing one. */
  const answer = async (c: AppContext, order: OrderRow | undefined) =>
    c.json<{ data: OrderDto }>({ data: await toOrderDto(db, visibleOrder(order, viewerOf(c).user)) });

  api.get('/orders/:id', ownerOrAdmin, async (c) => {
    const id = orderIdParam(c);
    return answer(c, await findOrderById(db, id));
  });

  /** Product §7: the result screen looks the order up by its source id within the country, then by source id alone. */
  api.get('/orders/source/:orderSourceId/country/:countryId', ownerOrAdmin, async (c) => {
    const sourceId = pathParam(c, 'orderSourceId');
    const countryId = pathParam(c, 'countryId');
    const valid = isUuid(sourceId) && /^\d{1,9}$/.test(countryId);
    return answer(c, valid ? await findOrderBySource(db, sourceId, Number(countryId)) : undefined);
  });

  api.get('/orders/by_source/:orderSourceId', ownerOrAdmin, async (c) => {
    const sourceId = pathParam(c, 'orderSourceId');
    return answer(c, isUuid(sourceId) ? await findOrderBySource(db, sourceId) : undefined);
  });
}
