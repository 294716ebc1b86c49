import { pathParam, type Api } from '../http/auth';
import { Refusal } from '../refusal';
import type { OrdersContext } from '../orders/context';
import { settlePayment, type SettleResult } from '../orders/lifecycle';
import { ProviderHttpError } from './mercadopago/client';
import { WebhookRejectedError, type PaymentEvent, type PaymentProvider } from './provider';

const UNKNOWN_PROVIDER_MESSAGE = 'Proveedor de pagos desconocido.';
const WEBHOOK_PROVIDER_UNAVAILABLE_MESSAGE =
  'No se pudo consultar el pago con el proveedor; reintenta la notificación más tarde.';

/**
 * A provider's webhook: its signature and age are checked by the provider module (which fetches the payment from the
 * provider when the notification carries no verdict), then the verdict is applied once. The sandbox's hosted page
 * delivers its webhooks through this same function.
 */
export async function receiveWebhook(
  ctx: OrdersContext,
  providerName: string,
  rawBody: string,
  headers: Headers,
  url: URL = new URL('http://localhost/'),
): Promise<SettleResult> {
  const provider = ctx.payments.find(providerName);
  if (!provider) throw new Refusal(404, UNKNOWN_PROVIDER_MESSAGE);
  const event = await verified(ctx, provider, rawBody, headers, url);
  if (!event) return 'ignored';
  return settlePayment(ctx, provider, event);
}

async function verified(
  ctx: OrdersContext,
  provider: PaymentProvider,
  rawBody: string,
  headers: Headers,
  url: URL,
): Promise<PaymentEvent | null> {
  try {
    return await provider.verifyWebhook(rawBody, headers, url);
  } catch (error) {
    if (error instanceof WebhookRejectedError) throw new Refusal(400, error.message);
    if (error instanceof ProviderHttpError) {
      // A 5xx makes the provider send the notification again later, when its API may answer.
      ctx.logger.error(`Webhook de ${provider.name}: ${error.message}`);
      throw new Refusal(502, WEBHOOK_PROVIDER_UNAVAILABLE_MESSAGE);
    }
    throw error;
  }
}

export function registerPaymentWebhookRoutes(api: Api, ctx: OrdersContext): void {
  // Public: the provider proves who it is with the signature, not with a session.
  api.post('/payments/webhook/:provider', { access: 'public', ownership: 'signed by the provider' }, async (c) => {
    const result = await receiveWebhook(
      ctx,
      pathParam(c, 'provider'),
      await c.req.text(),
      c.req.raw.headers,
      new URL(c.req.url),
    );
    // A replay is acknowledged (so the provider stops retrying) and changes nothing.
    return c.json({ received: true, result });
  });
}
