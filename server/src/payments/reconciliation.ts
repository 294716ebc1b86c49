import type { PaymentDiscrepancyDto } from '../../../src/lib/shared/payments';
import type { Api } from '../http/auth';
import type { OrdersContext } from '../orders/context';
import { providerPayment } from '../orders/lifecycle';
import type { ProviderPaymentState } from './provider';

/** Payments made this long ago or less are compared with the provider's (older ones were settled long since). */
const RECONCILIATION_WINDOW_MS = 7 * 24 * 60 * 60 * 1000;
/** How often the server compares them (started by `lifecycle/background.ts`). */
export const RECONCILIATION_INTERVAL_MS = 60 * 60 * 1000;
const MAX_LISTED = 200;

type OurStatus = 'pending' | 'approved' | 'declined' | 'voided' | 'refunded';

/** Provider statuses that agree with ours (a voided unpaid payment may have no attempt, or a declined one). */
const AGREEING: Record<OurStatus, readonly ProviderPaymentState['status'][]> = {
  pending: ['pending', 'declined'],
  approved: ['approved'],
  declined: ['declined', 'voided'],
  voided: ['voided', 'declined'],
  refunded: ['refunded'],
};

/** What differs, in Spanish for the admin; null when the two records agree. */
function difference(
  ours: { status: OurStatus; amount: number; currency: string },
  theirs: ProviderPaymentState | null,
): { kind: string; detail: string } | null {
  if (!theirs) {
    return ours.status === 'approved' || ours.status === 'refunded'
      ? { kind: 'missing_at_provider', detail: 'El pedido figura pagado pero el proveedor no tiene ese pago.' }
      : null;
  }
  if (theirs.amount !== ours.amount || theirs.currency !== ours.currency) {
    return { kind: 'amount_mismatch', detail: 'El monto o la moneda del proveedor no coinciden con los del pedido.' };
  }
  if (AGREEING[ours.status].includes(theirs.status)) return null;
  if (theirs.status === 'approved') {
    return {
      kind: 'approved_not_recorded',
      detail:
        'El proveedor aprobó el pago y el pedido no figura pagado: revisa el pedido y, si corresponde, reembolsa.',
    };
  }
  if (theirs.status === 'refunded') {
    return {
      kind: 'refunded_at_provider',
      detail: 'El proveedor reembolsó el pago y el pedido no figura reembolsado.',
    };
  }
  return { kind: 'status_mismatch', detail: 'El estado del pago no coincide con el del proveedor.' };
}

/**
 * Compares the recent payments of every provider that can look payments up (Mercado Pago) with the provider's
 * record, and keeps one open report per payment and kind for the admin; a report whose difference is gone is closed.
 * Provider calls are made one at a time, outside any transaction. Answers how many differences are open.
 */
export async function reconcilePayments(ctx: OrdersContext): Promise<number> {
  const now = ctx.clock();
  const providers = ctx.payments.all().filter((provider) => provider.lookupPayment);
  if (providers.length === 0) return 0;
  const payments = await ctx.db
    .selectFrom('payments')
    .selectAll()
    .where(
      'provider',
      'in',
      providers.map((provider) => provider.name),
    )
    .where('created_at', '>=', new Date(now.getTime() - RECONCILIATION_WINDOW_MS))
    .orderBy('created_at')
    .execute();
  let open = 0;
  for (const payment of payments) {
    let theirs: ProviderPaymentState | null;
    try {
      theirs = (await ctx.payments.of(payment).lookupPayment?.(providerPayment(payment))) ?? null;
    } catch (error) {
      ctx.logger.error(`Conciliación: no se pudo consultar el pago ${payment.id}:`, error);
      continue;
    }
    if (theirs && !payment.provider_payment_id) {
      await ctx.db
        .updateTable('payments')
        .set({ provider_payment_id: theirs.providerPaymentId })
        .where('id', '=', payment.id)
        .execute();
    }
    const found = difference(payment, theirs);
    if (!found) {
      await ctx.db
        .updateTable('payment_discrepancies')
        .set({ resolved_at: now })
        .where('payment_id', '=', payment.id)
        .where('resolved_at', 'is', null)
        .execute();
      continue;
    }
    open += 1;
    await ctx.db
      .insertInto('payment_discrepancies')
      .values({
        payment_id: payment.id,
        kind: found.kind,
        our_status: payment.status,
        provider_status: theirs?.rawStatus ?? 'sin pago',
        detail: found.detail,
        last_seen_at: now,
      })
      .onConflict((conflict) =>
        conflict
          .columns(['payment_id', 'kind'])
          .where('resolved_at', 'is', null)
          .doUpdateSet((eb) => ({
            last_seen_at: now,
            our_status: eb.ref('excluded.our_status'),
            provider_status: eb.ref('excluded.provider_status'),
          })),
      )
      .execute();
  }
  if (open > 0) ctx.logger.info(`Conciliación de pagos: ${open} diferencias abiertas.`);
  return open;
}

/** Admin: the open differences, and running the comparison now (an addition: docs/api.md). */
export function registerReconciliationRoutes(api: Api, ctx: OrdersContext): void {
  const admin = { access: ['admin'] as const };

  const list = async (): Promise<PaymentDiscrepancyDto[]> => {
    const rows = await ctx.db
      .selectFrom('payment_discrepancies as d')
      .innerJoin('payments as pa', 'pa.id', 'd.payment_id')
      .innerJoin('orders as o', 'o.id', 'pa.order_id')
      .select([
        'd.id',
        'd.kind',
        'd.our_status',
        'd.provider_status',
        'd.detail',
        'd.found_at',
        'd.last_seen_at',
        'pa.provider',
        'pa.provider_payment_id',
        'o.id as order_id',
        'o.number',
        'o.status as order_status',
        'o.country_id',
      ])
      .where('d.resolved_at', 'is', null)
      .orderBy('d.found_at', 'desc')
      .limit(MAX_LISTED)
      .execute();
    return rows.map((row) => ({
      id: row.id,
      kind: row.kind,
      detail: row.detail,
      ourStatus: row.our_status,
      providerStatus: row.provider_status,
      provider: row.provider,
      providerPaymentId: row.provider_payment_id,
      orderId: row.order_id,
      orderNumber: row.number,
      orderStatus: row.order_status,
      countryId: row.country_id,
      foundAt: row.found_at.toISOString(),
      lastSeenAt: row.last_seen_at.toISOString(),
    }));
  };

  api.get('/admin/payment-discrepancies', admin, async (c) => c.json({ data: await list() }));

  api.post('/admin/payment-reconciliation', admin, async (c) => {
    const open = await reconcilePayments(ctx);
    return c.json({ data: { open, discrepancies: await list() } });
  });
}
