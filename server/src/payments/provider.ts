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
}

/** A stored payment, as the operations after its approval see it. */
export interface ProviderPayment {
  id: string;
  amount: number;
  currency: string;
  method: PaymentMethod;
}

/** A provider's verdict on a payment, read from a webhook whose authenticity was checked. */
export interface PaymentEvent {
  /** The provider's event id: each one is applied once (replays are ignored). */
  id: string;
  paymentId: string;
  outcome: 'approved' | 'declined';
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
  createPayment(request: PaymentRequest): Promise<{ redirectUrl: string }>;
  /** Captures an authorised payment. */
  confirmPayment(payment: ProviderPayment): Promise<void>;
  /** Checks the signature and age of a webhook and reads its event; throws `WebhookRejectedError` otherwise. */
  verifyWebhook(rawBody: string, headers: Headers, now?: Date): PaymentEvent;
  /** Releases an authorisation that was never captured. */
  void(payment: ProviderPayment): Promise<void>;
  /** Gives captured money back. */
  refund(payment: ProviderPayment): Promise<void>;
}

/** The configured providers: the first takes new payments; stored payments go back to the one that made them. */
export class PaymentProviders {
  readonly #byName: ReadonlyMap<string, PaymentProvider>;

  constructor(readonly checkout: PaymentProvider) {
    this.#byName = new Map([[checkout.name, checkout]]);
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
