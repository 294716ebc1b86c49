import { registerAddressRoutes } from '../addresses/routes';
import type { Api } from '../http/auth';
import type { Services } from '../http/services';
import { COUNTRIES, isCountryCode } from '../../../src/lib/shared/countries';
import { MercadoPagoProvider } from '../payments/mercadopago/provider';
import { PaymentProviders, type PaymentProvider } from '../payments/provider';
import { reconcilePayments } from '../payments/reconciliation';
import { registerReconciliationRoutes } from '../payments/reconciliation-routes';
import { SandboxPaymentProvider, sandboxWebhookSecret } from '../payments/sandbox/provider';
import { registerSandboxPaymentPages } from '../payments/sandbox/routes';
import { registerPaymentWebhookRoutes } from '../payments/webhook-routes';
import { registerHormoneOrderRoutes } from './admin-routes';
import type { OrdersContext } from './context';
import { expireUnpaidOrders } from './expiry';
import type { OrderPointsHook } from './points-hook';
import { registerOrderRoutes } from './routes';

interface CheckoutOptions {
  /** The Points programme: spends and refunds the points of an order, rewards paid orders. */
  pointsHook: OrderPointsHook;
  /** Secret of the sandbox's signed webhooks (PAYMENTS_WEBHOOK_SECRET); random per app instance when unset. */
  webhookSecret?: string | undefined;
  /** The current time of payment windows; the system clock unless a test moves it. */
  clock?: (() => Date) | undefined;
  /** Told once an order is paid (or released after its prescription review): the re-purchase reminders. */
  onOrderPaid?: ((orderId: number) => Promise<void>) | undefined;
  /** Mercado Pago per country (MP_ACCESS_TOKEN_CO…); a country without it pays through the sandbox. */
  mercadoPago?: MercadoPagoOptions | undefined;
  /** Origin Mercado Pago sends buyers back to and notifies. */
  publicUrl?: string | undefined;
}

/** One country's Mercado Pago account. */
interface MercadoPagoAccount {
  accessToken: string;
  webhookSecret: string;
}

export interface MercadoPagoOptions {
  accounts: Partial<Record<'co' | 'mx' | 'pe', MercadoPagoAccount>>;
  /** MP_API_BASE_URL: Mercado Pago's API unless a test points it at its local fake. */
  baseUrl?: string | undefined;
  timeoutMs?: number | undefined;
  retries?: number | undefined;
  retryDelayMs?: number | undefined;
}

/** The Mercado Pago provider of each configured country, by country id. */
function mercadoPagoProviders(options: CheckoutOptions, publicUrl: string): Map<number, PaymentProvider> {
  const byCountry = new Map<number, PaymentProvider>();
  const mp = options.mercadoPago;
  if (!mp) return byCountry;
  for (const [country, account] of Object.entries(mp.accounts)) {
    if (!isCountryCode(country) || !account) continue;
    const info = COUNTRIES[country];
    byCountry.set(
      info.countryId,
      new MercadoPagoProvider({
        country,
        accessToken: account.accessToken,
        webhookSecret: account.webhookSecret,
        publicUrl,
        baseUrl: mp.baseUrl,
        timeoutMs: mp.timeoutMs,
        retries: mp.retries,
        retryDelayMs: mp.retryDelayMs,
      }),
    );
  }
  return byCountry;
}

/**
 * Checkout, orders, payments (the sandbox provider for now) and the address book, wired together. Answers the sweep
 * that cancels unpaid orders whose window closed, for the server to run periodically.
 */
export function registerCheckoutRoutes(
  api: Api,
  services: Services,
  options: CheckoutOptions,
): { expireUnpaidOrders: () => Promise<number>; reconcilePayments: () => Promise<number> } {
  const sandbox = new SandboxPaymentProvider(sandboxWebhookSecret(options.webhookSecret));
  const ctx: OrdersContext = {
    db: services.db,
    mailer: services.mailer,
    logger: services.logger,
    uploads: services.uploads,
    memberAnswers: services.memberAnswers,
    pointsHook: options.pointsHook,
    payments: new PaymentProviders(sandbox, mercadoPagoProviders(options, options.publicUrl ?? services.publicUrl)),
    clock: options.clock ?? (() => new Date()),
    onOrderPaid: options.onOrderPaid ?? (() => Promise.resolve()),
  };
  registerAddressRoutes(api, services.db);
  registerOrderRoutes(api, ctx);
  registerHormoneOrderRoutes(api, ctx);
  registerPaymentWebhookRoutes(api, ctx);
  registerSandboxPaymentPages(api, ctx, sandbox);
  registerReconciliationRoutes(api, ctx);
  return { expireUnpaidOrders: () => expireUnpaidOrders(ctx), reconcilePayments: () => reconcilePayments(ctx) };
}
