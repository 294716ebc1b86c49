import { hormoneQueueQuerySchema, prescriptionRejectionSchema } from '../../../src/lib/shared/admin-schemas';
import type { OrderDto } from '../../../src/lib/shared/orders';
import { viewerOf, type Api } from '../http/auth';
import { Refusal } from '../refusal';
import { contentDisposition } from '../uploads/files';
import type { OrdersContext } from './context';
import { approvePrescription, rejectPrescription } from './lifecycle';
import { findOrderPrescriptionFile, hormoneOrderQueue, toOrderDtos } from './repo';
import { orderIdParam } from './routes';

const PRESCRIPTION_FILE_NOT_FOUND_MESSAGE = 'La fórmula médica de este pedido no está disponible.';
const MAX_QUEUE_ORDERS = 200;

/** Admin: the hormone orders and their prescriptions (an addition: docs/api.md). */
export function registerHormoneOrderRoutes(api: Api, ctx: OrdersContext): void {
  const { db, uploads } = ctx;
  const admin = { access: ['admin'] as const };

  api.get('/admin/hormone-orders', { ...admin, query: hormoneQueueQuerySchema }, async (c) => {
    const { status, country_id: countryId } = c.req.valid('query');
    const orders = await hormoneOrderQueue(db, { status, countryId, limit: MAX_QUEUE_ORDERS });
    return c.json<{ data: OrderDto[] }>({ data: await toOrderDtos(db, orders) });
  });

  api.get('/admin/hormone-orders/:id/prescription', { ...admin }, async (c) => {
    const file = await findOrderPrescriptionFile(db, orderIdParam(c));
    const content = file ? await uploads.get('credentials', file.stored_name) : undefined;
    if (!file || !content) throw new Refusal(404, PRESCRIPTION_FILE_NOT_FOUND_MESSAGE);
    // Inline so the review screen can show it in an <iframe> or <img>; its type was checked by its first bytes.
    return c.body(content.stream, 200, {
      'content-type': file.mime,
      'content-length': String(content.size),
      'content-disposition': contentDisposition('inline', file.original_name),
      'cache-control': 'private, no-store',
      'x-content-type-options': 'nosniff',
      'content-security-policy': "default-src 'none'; img-src 'self'; object-src 'self'; frame-ancestors 'self'",
    });
  });

  api.post('/admin/hormone-orders/:id/approve', admin, async (c) => {
    const order = await approvePrescription(ctx, orderIdParam(c), viewerOf(c).user);
    return c.json<{ data: OrderDto }>({ data: order });
  });

  api.post('/admin/hormone-orders/:id/reject', { ...admin, body: prescriptionRejectionSchema }, async (c) => {
    const id = orderIdParam(c);
    const order = await rejectPrescription(ctx, id, viewerOf(c).user, c.req.valid('json').reason);
    return c.json<{ data: OrderDto }>({ data: order });
  });
}
