import { pathParam, type Api } from '../http/auth';
import { HttpError } from '../http/errors';
import type { OrdersContext } from '../orders/context';
import { settlePayment, type SettleResult } from '../orders/lifecycle';
import { WebhookRejectedError, type PaymentEvent, type PaymentProvider } from './provider';

export const UNKNOWN_PROVIDER_MESSAGE = 'Proveedor de pagos desconocido.';

/**
 * A provider's webhook: its signature and age are checked by the provider module, then the verdict is applied once.
 * The sandbox's hosted page delivers its webhooks through this same function.
 */
export async function receiveWebhook(
  ctx: OrdersContext,
  providerName: string,
  rawBody: string,
  headers: Headers,
): Promise<SettleResult> {
  const provider = ctx.payments.find(providerName);
  if (!provider) throw new HttpError(404, UNKNOWN_PROVIDER_MESSAGE);
  return settlePayment(ctx, provider, verified(provider, rawBody, headers));
}

function verified(provider: PaymentProvider, rawBody: string, headers: Headers): PaymentEvent {
  try {
    return provider.verifyWebhook(rawBody, headers);
  } catch (error) {
    if (error instanceof WebhookRejectedError) throw new HttpError(400, error.message);
    throw error;
  }
}

export function registerPaymentWebhookRoutes(api: Api, ctx: OrdersContext): void {
  // Public: the provider proves who it is with the signature, not with a session.
  api.post('/payments/webhook/:provider', { access: 'public', ownership: 'signed by the provider' }, async (c) => {
    const result = await receiveWebhook(ctx, pathParam(c, 'provider'), await c.req.text(), c.req.raw.headers);
    // A replay is acknowledged (so the provider stops retrying) and changes nothing.
    return c.json({ received: true, result });
  });
}
