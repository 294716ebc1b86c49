import type { OrdersContext } from '../orders/context';
import { providerPayment } from '../orders/lifecycle';
import type { ProviderPaymentState } from './provider';
import {
  recentPayments,
  recordProviderPaymentId,
  reportDiscrepancy,
  resolveDiscrepancies,
} from './reconciliation-repo';

/** Payments made this long ago or less are compared with the provider's (older ones were settled long since). */
const RECONCILIATION_WINDOW_MS = 7 * 24 * 60 * 60 * 1000;
/** How often the server compares them (started by `lifecycle/background.ts`). */
export const RECONCILIATION_INTERVAL_MS = 60 * 60 * 1000;

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
  const payments = await recentPayments(
    ctx.db,
    providers.map((provider) => provider.name),
    new Date(now.getTime() - RECONCILIATION_WINDOW_MS),
  );
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
      await recordProviderPaymentId(ctx.db, payment.id, theirs.providerPaymentId);
    }
    const found = difference(payment, theirs);
    if (!found) {
      await resolveDiscrepancies(ctx.db, payment.id, now);
      continue;
    }
    open += 1;
    await reportDiscrepancy(ctx.db, {
      paymentId: payment.id,
      kind: found.kind,
      ourStatus: payment.status,
      providerStatus: theirs?.rawStatus ?? 'sin pago',
      detail: found.detail,
      seenAt: now,
    });
  }
  if (open > 0) ctx.logger.info(`Conciliación de pagos: ${open} diferencias abiertas.`);
  return open;
}
