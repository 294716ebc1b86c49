import type { Kysely, Selectable } from 'kysely';
import type { AddressInputDto, OrderAddressDto, OrderDto, OrderSummaryDto } from '../../../src/lib/shared/orders';
import { countedPage } from '../db/page-total';
import type { Database, OrdersTable, UserRow } from '../db/schema';
import { Refusal } from '../refusal';

export type OrderRow = Selectable<OrdersTable>;

export const ORDER_NOT_FOUND_MESSAGE = 'Pedido no encontrado.';

/** 'CO-000042': the country's code and the order id. */
export function orderNumber(subdomain: string, id: number): string {
  return `${subdomain.toUpperCase()}-${String(id).padStart(6, '0')}`;
}

function orderAddress(address: AddressInputDto): OrderAddressDto {
  return {
    address_1: address.address,
    address_2: address.residenceDetail,
    city: address.city,
    state: address.state,
    postal_code: address.postalCode,
  };
}

/** Full orders (lines, history, payment, buyer, prescription file) in five statements, whatever their number. */
export async function toOrderDtos(db: Kysely<Database>, orders: OrderRow[]): Promise<OrderDto[]> {
  if (orders.length === 0) return [];
  const ids = orders.map((order) => order.id);
  const documentIds = [...new Set(orders.flatMap((order) => order.prescription_document_id ?? []))];
  const [items, history, payments, buyers, prescriptionFiles] = await Promise.all([
    db.selectFrom('order_items').selectAll().where('order_id', 'in', ids).orderBy('id').execute(),
    db.selectFrom('order_status_history').selectAll().where('order_id', 'in', ids).orderBy('id').execute(),
    db.selectFrom('payments').selectAll().where('order_id', 'in', ids).execute(),
    db
      .selectFrom('users')
      .select(['id', 'uid', 'email', 'display_name'])
      .where('id', 'in', [...new Set(orders.map((order) => order.user_id))])
      .execute(),
    documentIds.length === 0
      ? []
      : db
          .selectFrom('credential_files')
          .select(['credential_id', 'mime'])
          .where('credential_id', 'in', documentIds)
          // The first file, the one the admin's prescription route sends.
          .orderBy('id')
          .execute(),
  ]);
  return orders.map((order) => {
    const payment = payments.find((row) => row.order_id === order.id);
    const buyer = buyers.find((row) => row.id === order.user_id);
    if (!payment || !buyer) throw new Error(`Pedido ${order.id} sin pago o sin comprador`);
    const prescriptionFile = prescriptionFiles.find((file) => file.credential_id === order.prescription_document_id);
    // A credentials entry is stored with its files in one transaction: it always has a first file.
    if (order.prescription_document_id !== null && !prescriptionFile) {
      throw new Error(`Pedido ${order.id} con una fórmula médica sin archivo`);
    }
    const lines = items
      .filter((item) => item.order_id === order.id)
      .map((item) => ({
        productId: item.product_id,
        name: item.name,
        slug: item.slug,
        image: item.image,
        quantity: item.quantity,
        type: item.type,
        unitPrice: item.unit_price,
        lineTotal: item.line_total,
        points: item.points,
        categoryId: item.category_id,
      }));
    const address = orderAddress(order.address);
    return {
      ...toOrderSummaryDto(order),
      customer: order.customer,
      bill: order.bill,
      shipping: address,
      billing: address,
      items: lines,
      line_items: lines,
      subtotal: order.subtotal,
      doctorDiscount: order.doctor_discount,
      promoDiscount: order.promo_discount,
      pointsDiscount: order.points_discount,
      shippingCost: order.shipping_cost,
      productPoints: order.product_points,
      promoCode: order.promo_code,
      requiresPrescription: order.requires_prescription,
      prescription:
        order.prescription_document_id === null || order.prescription_status === null || !prescriptionFile
          ? null
          : {
              documentId: order.prescription_document_id,
              mime: prescriptionFile.mime,
              status: order.prescription_status,
              reason: order.prescription_reason,
              reviewedAt: order.prescription_reviewed_at?.toISOString() ?? null,
            },
      payment: {
        id: payment.id,
        method: payment.method,
        status: payment.status,
        brand: payment.brand,
        last4: payment.last4,
        paidAt: payment.approved_at?.toISOString() ?? null,
      },
      statusHistory: history
        .filter((change) => change.order_id === order.id)
        .map((change) => ({ status: change.status, at: change.created_at.toISOString(), note: change.note })),
      buyer: { id: buyer.id, uid: buyer.uid, email: buyer.email, display_name: buyer.display_name },
    };
  });
}

export async function toOrderDto(db: Kysely<Database>, order: OrderRow): Promise<OrderDto> {
  const [dto] = await toOrderDtos(db, [order]);
  return dto as OrderDto;
}

/** The columns `toOrderSummaryDto` reads: a list selects these alone. */
export const ORDER_SUMMARY_COLUMNS = [
  'id',
  'number',
  'source_id',
  'country_id',
  'currency',
  'status',
  'created_at',
  'paid_at',
  'article_count',
  'total',
] as const satisfies readonly (keyof OrderRow)[];

export function toOrderSummaryDto(order: Pick<OrderRow, (typeof ORDER_SUMMARY_COLUMNS)[number]>): OrderSummaryDto {
  return {
    id: order.id,
    number: order.number,
    sourceId: order.source_id,
    countryId: order.country_id,
    currency: order.currency,
    status: order.status,
    createdAt: order.created_at.toISOString(),
    paidAt: order.paid_at?.toISOString() ?? null,
    articleCount: order.article_count,
    total: order.total,
  };
}

export function findOrderById(db: Kysely<Database>, id: number): Promise<OrderRow | undefined> {
  return db.selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirst();
}

/** A buyer's own orders, newest first, one page of their summaries and how many there are (optionally in a country). */
export async function ownOrdersPage(
  db: Kysely<Database>,
  userId: number,
  query: { page: number; limit: number; countryId: number | undefined },
): Promise<{ rows: OrderSummaryDto[]; total: number }> {
  const { countryId, ...paging } = query;
  const own = db
    .selectFrom('orders')
    .where('user_id', '=', userId)
    .$if(countryId !== undefined, (orders) => orders.where('country_id', '=', countryId ?? 0));
  // Only what a summary shows (not the customer, bill and address documents); the count comes with the page (issue #18).
  const ordered = own.select(ORDER_SUMMARY_COLUMNS).orderBy('created_at', 'desc').orderBy('id', 'desc');
  const { rows, total } = await countedPage(ordered, own, paging);
  return { rows: rows.map(toOrderSummaryDto), total };
}

/** Admin: the oldest hormone orders in a status (the queue is worked in the order buyers paid). */
export function hormoneOrderQueue(
  db: Kysely<Database>,
  query: { status: OrderRow['status']; countryId: number | undefined; limit: number },
): Promise<OrderRow[]> {
  const { status, countryId, limit } = query;
  return db
    .selectFrom('orders')
    .selectAll()
    .where('requires_prescription', '=', true)
    .where('status', '=', status)
    .$if(countryId !== undefined, (orders) => orders.where('country_id', '=', countryId ?? 0))
    .orderBy('created_at')
    .orderBy('id')
    .limit(limit)
    .execute();
}

/** The first file of an order's prescription; undefined when the order or its prescription is missing. */
export function findOrderPrescriptionFile(db: Kysely<Database>, orderId: number) {
  return db
    .selectFrom('orders as o')
    .innerJoin('credential_files as f', 'f.credential_id', 'o.prescription_document_id')
    .select(['f.original_name', 'f.stored_name', 'f.mime'])
    .where('o.id', '=', orderId)
    .orderBy('f.id')
    .executeTakeFirst();
}

/** The order of a storefront source id (stored in lower case), optionally only within a country. */
export function findOrderBySource(db: Kysely<Database>, sourceId: string, countryId?: number) {
  return db
    .selectFrom('orders')
    .selectAll()
    .where('source_id', '=', sourceId.toLowerCase())
    .$if(countryId !== undefined, (query) => query.where('country_id', '=', countryId ?? 0))
    .executeTakeFirst();
}

/**
 * The order a viewer may read: the buyer's own, or any for admins. Anybody else gets the 404 of a missing order, so
 * order ids cannot be probed.
 */
export function visibleOrder(order: OrderRow | undefined, viewer: Pick<UserRow, 'id' | 'role'>): OrderRow {
  if (!order || (order.user_id !== viewer.id && viewer.role !== 'admin')) {
    throw new Refusal(404, ORDER_NOT_FOUND_MESSAGE);
  }
  return order;
}
