import { createHmac } from 'node:crypto';
import type { CardBrand } from '../../../../src/lib/shared/payments';
import { isRecord } from '../../../../src/lib/shared/records';
import {
  WebhookRejectedError,
  type PaymentEvent,
  type PaymentProvider,
  type PaymentRequest,
  type ProviderPayment,
  type ProviderPaymentState,
} from '../provider';
import {
  assertAuthenticWebhook,
  BAD_SIGNATURE_MESSAGE,
  BAD_WEBHOOK_BODY_MESSAGE,
  signatureHeaderParts,
} from '../webhook-signature';
import { MercadoPagoClient, ProviderHttpError, type MercadoPagoClientOptions } from './client';

const MERCADO_PAGO_PREFIX = 'mercadopago';
const MS_PER_SECOND = 1000;
/** A `ts` above this is in milliseconds (Mercado Pago has sent both). */
const MILLISECONDS_THRESHOLD = 1e12;

const MP_FOREIGN_PAYMENT_MESSAGE = 'El pago del webhook no corresponde a ningún pedido de esta tienda.';

/** Our amounts are whole COP and cents of MXN and PEN; Mercado Pago's are decimals of the currency. */
const MINOR_UNITS: Record<string, number> = { COP: 1, MXN: 100, PEN: 100 };
const minorUnits = (currency: string) => MINOR_UNITS[currency] ?? 100;
const toProviderAmount = (amount: number, currency: string) => amount / minorUnits(currency);
const fromProviderAmount = (amount: number, currency: string) => Math.round(amount * minorUnits(currency));

/** Mercado Pago's payment method ids of the three brands (credit and debit). */
const BRANDS: Record<string, CardBrand> = {
  visa: 'Visa',
  debvisa: 'Visa',
  master: 'MasterCard',
  debmaster: 'MasterCard',
  amex: 'American Express',
};

/** Mercado Pago's payment statuses, as ours. */
const STATUSES: Record<string, ProviderPaymentState['status']> = {
  approved: 'approved',
  authorized: 'pending',
  pending: 'pending',
  in_process: 'pending',
  in_mediation: 'pending',
  rejected: 'declined',
  cancelled: 'voided',
  refunded: 'refunded',
  charged_back: 'refunded',
};

/** The fields of `GET /v1/payments/{id}` this store reads. */
export interface MpPayment {
  id: number | string;
  status: string;
  external_reference: string | null;
  transaction_amount: number;
  currency_id: string;
  payment_method_id?: string | null;
  card?: { last_four_digits?: string | null } | null;
}

interface MercadoPagoSettings extends Omit<MercadoPagoClientOptions, 'accessToken'> {
  /** `co`, `mx` or `pe`: each country is its own Mercado Pago account (its own token and webhook secret). */
  country: string;
  accessToken: string;
  webhookSecret: string;
  /** Origin of the storefront: Mercado Pago sends the buyer back there and its webhooks to its API. */
  publicUrl: string;
}

function readNotification(rawBody: string, url: URL): { dataId: string | null; type: string | null } {
  let body: unknown = {};
  if (rawBody.trim() !== '') {
    try {
      body = JSON.parse(rawBody);
    } catch {
      throw new WebhookRejectedError(BAD_WEBHOOK_BODY_MESSAGE);
    }
  }
  const data = isRecord(body) ? body.data : undefined;
  const bodyId =
    isRecord(data) && (typeof data.id === 'string' || typeof data.id === 'number') ? String(data.id) : null;
  const bodyType = isRecord(body) && typeof body.type === 'string' ? body.type : null;
  return {
    // The signature covers the query's data.id (as documented), the body's only when the query has none.
    dataId: url.searchParams.get('data.id') ?? url.searchParams.get('id') ?? bodyId,
    type: url.searchParams.get('type') ?? url.searchParams.get('topic') ?? bodyType,
  };
}

/**
 * Mercado Pago's Checkout Pro for one country: the buyer pays on Mercado Pago's page (cards and the country's local
 * methods; nothing about a card reaches this server), Mercado Pago notifies a signed webhook that carries only the
 * payment's id, and the payment is fetched from the API before anything is recorded.
 */
export class MercadoPagoProvider implements PaymentProvider {
  readonly name: string;
  readonly capturesOnApproval = true;
  readonly #client: MercadoPagoClient;
  readonly #secret: string;
  readonly #publicUrl: string;

  constructor(settings: MercadoPagoSettings) {
    this.name = `${MERCADO_PAGO_PREFIX}-${settings.country}`;
    this.#client = new MercadoPagoClient(settings);
    this.#secret = settings.webhookSecret;
    this.#publicUrl = settings.publicUrl.replace(/\/+$/, '');
  }

  async createPayment(request: PaymentRequest): Promise<{ redirectUrl: string; reference: string }> {
    const back = `${this.#publicUrl}${request.resultPath}`;
    const card = request.method !== 'bank_transfer';
    const preference = await this.#client.request<{ id: string; init_point: string }>('POST', '/checkout/preferences', {
      // Our payment id: a retry after a timeout gets the same preference back instead of a second one.
      idempotencyKey: `preference-${request.paymentId}`,
      body: {
        items: [
          {
            id: request.orderNumber,
            title: `Pedido ${request.orderNumber}`,
            quantity: 1,
            unit_price: toProviderAmount(request.amount, request.currency),
            currency_id: request.currency,
          },
        ],
        external_reference: request.paymentId,
        notification_url: `${this.#publicUrl}/api/payments/webhook/${this.name}`,
        back_urls: { success: back, pending: back, failure: back },
        auto_return: 'approved',
        // The buyer chose a card or a transfer at step 3; Mercado Pago's page offers only that kind.
        payment_methods: card
          ? { excluded_payment_types: [{ id: 'ticket' }, { id: 'atm' }, { id: 'bank_transfer' }] }
          : { excluded_payment_types: [{ id: 'credit_card' }, { id: 'debit_card' }, { id: 'prepaid_card' }] },
        expires: true,
        expiration_date_to: request.expiresAt.toISOString(),
      },
    });
    return { redirectUrl: preference.init_point, reference: preference.id };
  }

  /** Checkout Pro charges on approval: nothing to capture. */
  async confirmPayment(): Promise<void> {}

  /**
   * Cancels an unpaid payment: the buyer's payment under way is cancelled and the preference expired, so its link
   * takes no money any more. A payment Mercado Pago already approved cannot be cancelled: the call fails, the order
   * stays, and the reconciliation reports it.
   */
  async void(payment: ProviderPayment): Promise<void> {
    const found = await this.#find(payment);
    if (found && found.status === 'approved') {
      throw new ProviderHttpError(`Mercado Pago: el pago ${found.id} ya está aprobado`, null);
    }
    if (found && STATUSES[found.status] === 'pending') {
      await this.#client.request('PUT', `/v1/payments/${encodeURIComponent(String(found.id))}`, {
        idempotencyKey: `cancel-${payment.id}`,
        body: { status: 'cancelled' },
      });
    }
    if (payment.reference) {
      await this.#client.request('PUT', `/checkout/preferences/${encodeURIComponent(payment.reference)}`, {
        idempotencyKey: `expire-${payment.id}`,
        body: { expires: true, expiration_date_to: new Date().toISOString() },
      });
    }
  }

  /** A full refund of the approved payment; the key makes a repeated refund (a retry) one refund. */
  async refund(payment: ProviderPayment): Promise<void> {
    const found = await this.#find(payment);
    if (!found) throw new ProviderHttpError(`Mercado Pago: sin pago para ${payment.id}`, null);
    if (STATUSES[found.status] === 'refunded') return;
    await this.#client.request('POST', `/v1/payments/${encodeURIComponent(String(found.id))}/refunds`, {
      idempotencyKey: `refund-${payment.id}`,
      body: {},
    });
  }

  async lookupPayment(payment: ProviderPayment): Promise<ProviderPaymentState | null> {
    const found = await this.#find(payment);
    if (!found) return null;
    return {
      providerPaymentId: String(found.id),
      status: STATUSES[found.status] ?? 'pending',
      rawStatus: found.status,
      amount: fromProviderAmount(found.transaction_amount, found.currency_id),
      currency: found.currency_id,
    };
  }

  /** The provider's payment of ours: by its id when known, else the latest attempt made with our reference. */
  async #find(payment: ProviderPayment): Promise<MpPayment | null> {
    if (payment.providerPaymentId) return this.#fetchPayment(payment.providerPaymentId);
    const query = new URLSearchParams({ external_reference: payment.id, sort: 'date_created', criteria: 'desc' });
    const { results } = await this.#client.request<{ results: MpPayment[] }>('GET', `/v1/payments/search?${query}`);
    // An approved attempt wins over the declined ones before it.
    return results.find((result) => result.status === 'approved') ?? results[0] ?? null;
  }

  #fetchPayment(id: string): Promise<MpPayment> {
    return this.#client.request<MpPayment>('GET', `/v1/payments/${encodeURIComponent(id)}`);
  }

  #checkSignature(headers: Headers, dataId: string | null, now: Date): void {
    const parts = signatureHeaderParts(headers.get('x-signature'));
    const ts = parts.get('ts') ?? '';
    const signature = Buffer.from(parts.get('v1') ?? '', 'hex');
    if (!/^\d+$/.test(ts) || signature.length === 0) throw new WebhookRejectedError(BAD_SIGNATURE_MESSAGE);
    // The documented manifest; a part whose value the notification lacks is left out.
    const requestId = headers.get('x-request-id');
    const id = dataId && /^[a-z0-9]+$/i.test(dataId) ? dataId.toLowerCase() : dataId;
    const manifest = `${id ? `id:${id};` : ''}${requestId ? `request-id:${requestId};` : ''}ts:${ts};`;
    const expected = createHmac('sha256', this.#secret).update(manifest).digest();
    const stamp = Number(ts);
    assertAuthenticWebhook(signature, expected, stamp > MILLISECONDS_THRESHOLD ? stamp / MS_PER_SECOND : stamp, now);
  }

  /**
   * Verifies the notification's signature and age, then fetches the payment it names: the notification says only
   * that something changed, never the verdict, so a forged or replayed body can decide nothing.
   */
  async verifyWebhook(rawBody: string, headers: Headers, url: URL, now = new Date()): Promise<PaymentEvent | null> {
    const { dataId, type } = readNotification(rawBody, url);
    this.#checkSignature(headers, dataId, now);
    if (type !== 'payment') return null;
    if (!dataId) throw new WebhookRejectedError(BAD_WEBHOOK_BODY_MESSAGE);
    const payment = await this.#fetchPayment(dataId);
    if (typeof payment.external_reference !== 'string' || payment.external_reference === '') {
      throw new WebhookRejectedError(MP_FOREIGN_PAYMENT_MESSAGE);
    }
    const status = STATUSES[payment.status];
    // Refunds and chargebacks made in Mercado Pago's panel are not applied here: the reconciliation reports them.
    if (status !== 'approved' && status !== 'declined' && status !== 'pending' && status !== 'voided') return null;
    const last4 = payment.card?.last_four_digits ?? null;
    return {
      // One event per payment and status: the same notification twice is one change; pending then approved, two.
      id: `${payment.id}:${payment.status}`,
      paymentId: payment.external_reference,
      providerPaymentId: String(payment.id),
      outcome: status === 'approved' ? 'approved' : status === 'pending' ? 'pending' : 'declined',
      amount: fromProviderAmount(payment.transaction_amount, payment.currency_id),
      currency: payment.currency_id,
      brand: BRANDS[payment.payment_method_id ?? ''] ?? null,
      last4: last4 && /^\d{4}$/.test(last4) ? last4 : null,
    };
  }
}
