import type { PaymentMethod } from '../../../src/lib/shared/orders';
import type { CardBrand } from '../../../src/lib/shared/payments';

/** What a provider needs to open a payment. Amounts are in the country's unit (whole COP, MXN and PEN cents). */
export interface PaymentRequest {
  /** Our payment id: the provider echoes it in its webhooks. */
  paymentId: string;
  orderNumber: string;
  countryId: number;
  amount: number;
  currency: string;
  method: PaymentMethod;
  /** Path of the storefront's result screen of this order (`/co/bolsa/resultado/<source id>`). */
  resultPath: string;
  /** When the window to pay closes: a provider that can, stops taking the payment then. */
  expiresAt: Date;
}

/** A stored payment, as the operations after its approval see it. */
export interface ProviderPayment {
  id: string;
  amount: number;
  currency: string;
  method: PaymentMethod;
  /** The provider's own id of the payment, when a webhook or a look-up told it. */
  providerPaymentId: string | null;
  /** What `createPayment` answered as its reference (Mercado Pago's preference id). */
  reference: string | null;
}

/** The provider's record of a payment, as the reconciliation compares it with ours. */
export interface ProviderPaymentState {
  providerPaymentId: string;
  status: 'approved' | 'pending' | 'declined' | 'voided' | 'refunded';
  /** The provider's own word for the status, for the admin's report. */
  rawStatus: string;
  amount: number;
  currency: string;
}

/** A provider's verdict on a payment, read from a webhook whose authenticity was checked. */
export interface PaymentEvent {
  /** The provider's event id: each one is applied once (replays are ignored). */
  id: string;
  paymentId: string;
  /** `pending`: the buyer started paying (a transfer on its way, a card under review); only the id is recorded. */
  outcome: 'approved' | 'declined' | 'pending';
  /** The provider's own id of the payment, when it has one apart from ours. */
  providerPaymentId?: string | null;
  amount: number;
  currency: string;
  /** Cards only: the brand and last four digits, never more of the card. */
  brand: CardBrand | null;
  last4: string | null;
}

/** A webhook that is not the provider's, is too old or cannot be read; its message is safe to answer. */
export class WebhookRejectedError extends Error {
  override readonly name = 'WebhookRejectedError';
}

/**
 * A payment provider. The buyer pays on the provider's hosted page (`createPayment` says where), the provider tells
 * the server the outcome through a signed webhook (`verifyWebhook`), and the server later captures (`confirmPayment`),
 * voids or refunds. Card payments of hormone orders are only authorised until an admin approves the prescription,
 * so a rejected prescription voids the authorisation instead of refunding a charge.
 */
export interface PaymentProvider {
  readonly name: string;
  /**
   * True when an approved payment is already charged (Mercado Pago's Checkout Pro has no authorisation-only mode): a
   * hormone order's rejected prescription then refunds instead of voiding.
   */
  readonly capturesOnApproval: boolean;
  createPayment(request: PaymentRequest): Promise<{ redirectUrl: string; reference?: string | null }>;
  /** Captures an authorised payment. */
  confirmPayment(payment: ProviderPayment): Promise<void>;
  /**
   * Checks the signature and age of a webhook and reads its event; throws `WebhookRejectedError` otherwise. A
   * provider whose notifications carry no verdict fetches the payment from its API here. Null: a notification about
   * something else than a payment, acknowledged and ignored.
   */
  verifyWebhook(rawBody: string, headers: Headers, url: URL, now?: Date): Promise<PaymentEvent | null>;
  /** The provider's record of a stored payment (reconciliation); null when it has none or cannot say. */
  lookupPayment?(payment: ProviderPayment): Promise<ProviderPaymentState | null>;
  /** Releases an authorisation that was never captured. */
  void(payment: ProviderPayment): Promise<void>;
  /** Gives captured money back. */
  refund(payment: ProviderPayment): Promise<void>;
}

/**
 * The configured providers: a country's own provider (Mercado Pago when its token is configured) takes its new
 * payments, the default one (the sandbox) the others; stored payments go back to the one that made them.
 */
export class PaymentProviders {
  readonly #byName: Map<string, PaymentProvider>;
  readonly #byCountry: ReadonlyMap<number, PaymentProvider>;

  constructor(
    readonly checkout: PaymentProvider,
    byCountry: ReadonlyMap<number, PaymentProvider> = new Map(),
  ) {
    this.#byName = new Map([[checkout.name, checkout]]);
    for (const provider of byCountry.values()) this.#byName.set(provider.name, provider);
    this.#byCountry = byCountry;
  }

  /** The provider that takes a country's new payments. */
  checkoutFor(countryId: number): PaymentProvider {
    return this.#byCountry.get(countryId) ?? this.checkout;
  }

  /** Every configured provider (the reconciliation asks those that can look payments up). */
  all(): PaymentProvider[] {
    return [...this.#byName.values()];
  }

  find(name: string): PaymentProvider | undefined {
    return this.#byName.get(name);
  }

  /** The provider of a stored payment; a payment of a provider no longer configured is a server fault. */
  of(payment: { provider: string }): PaymentProvider {
    const provider = this.#byName.get(payment.provider);
    if (!provider) throw new Error(`Proveedor de pagos no configurado: ${payment.provider}`);
    return provider;
  }
}
