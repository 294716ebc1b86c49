import type { Api } from '../http/auth';
import type { OrdersContext } from '../orders/context';
import { reconcilePayments } from './reconciliation';
import { openDiscrepancies } from './reconciliation-repo';

/** Admin: the open differences, and running the comparison now (an addition: docs/api.md). */
export function registerReconciliationRoutes(api: Api, ctx: OrdersContext): void {
  const admin = { access: ['admin'] as const };

  api.get('/admin/payment-discrepancies', admin, async (c) => c.json({ data: await openDiscrepancies(ctx.db) }));

  api.post('/admin/payment-reconciliation', admin, async (c) => {
    const open = await reconcilePayments(ctx);
    return c.json({ data: { open, discrepancies: await openDiscrepancies(ctx.db) } });
  });
}
