import { registerAddressRoutes } from '../addresses/routes';
import type { Api } from '../http/auth';
import type { Services } from '../http/services';
import { PaymentProviders } from '../payments/provider';
import { SandboxPaymentProvider, sandboxWebhookSecret } from '../payments/sandbox/provider';
import { registerSandboxPaymentPages } from '../payments/sandbox/routes';
import { registerPaymentWebhookRoutes } from '../payments/webhooks';
import { registerHormoneOrderRoutes } from './admin-routes';
import type { OrdersContext } from './context';
import { expireUnpaidOrders } from './expiry';
import type { OrderPointsHook } from './points-hook';
import { registerOrderRoutes } from './routes';

export interface CheckoutOptions {
  /** The Points programme: spends and refunds the points of an order, rewards paid orders. */
  pointsHook: OrderPointsHook;
  /** Secret of the sandbox's signed webhooks (PAYMENTS_WEBHOOK_SECRET); random per app instance when unset. */
  webhookSecret?: string | undefined;
  /** The current time of payment windows; the system clock unless a test moves it. */
  clock?: (() => Date) | undefined;
  /** Told once an order is paid (or released after its prescription review): the re-purchase reminders. */
  onOrderPaid?: ((orderId: number) => Promise<void>) | undefined;
}

/**
 * Checkout, orders, payments (the sandbox provider for now) and the address book, wired together. Answers the sweep
 * that cancels unpaid orders whose window closed, for the server to run periodically.
 */
export function registerCheckoutRoutes(
  api: Api,
  services: Services,
  options: CheckoutOptions,
): { expireUnpaidOrders: () => Promise<number> } {
  const sandbox = new SandboxPaymentProvider(sandboxWebhookSecret(options.webhookSecret));
  const ctx: OrdersContext = {
    db: services.db,
    mailer: services.mailer,
    logger: services.logger,
    uploadsDir: services.uploadsDir,
    pointsHook: options.pointsHook,
    payments: new PaymentProviders(sandbox),
    clock: options.clock ?? (() => new Date()),
    onOrderPaid: options.onOrderPaid ?? (() => Promise.resolve()),
  };
  registerAddressRoutes(api, services.db);
  registerOrderRoutes(api, ctx);
  registerHormoneOrderRoutes(api, ctx);
  registerPaymentWebhookRoutes(api, ctx);
  registerSandboxPaymentPages(api, ctx, sandbox);
  return { expireUnpaidOrders: () => expireUnpaidOrders(ctx) };
}
