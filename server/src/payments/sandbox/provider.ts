import { createHmac, randomBytes, randomUUID } from 'node:crypto';
import { CARD_BRANDS, type CardBrand } from '../../../../src/lib/shared/payments';
import { WebhookRejectedError, type PaymentEvent, type PaymentProvider, type PaymentRequest } from '../provider';
import { isRecord } from '../../../../src/lib/shared/records';
import {
  assertAuthenticWebhook,
  BAD_SIGNATURE_MESSAGE,
  BAD_WEBHOOK_BODY_MESSAGE,
  signatureHeaderParts,
} from '../webhook-signature';

export const SANDBOX_PROVIDER = 'sandbox';
/** `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">`, like the usual providers' signatures. */
const SANDBOX_SIGNATURE_HEADER = 'x-sandbox-signature';
const SECRET_BYTES = 32;
const MS_PER_SECOND = 1000;

/** The hosted payment page of a payment (same origin as the storefront). */
export function sandboxPageUrl(paymentId: string): string {
  return `/api/payments/sandbox/${paymentId}`;
}

/** The configured secret (PAYMENTS_WEBHOOK_SECRET); otherwise a random one, stable for the life of one app instance. */
export function sandboxWebhookSecret(configured: string | undefined): string {
  return configured || randomBytes(SECRET_BYTES).toString('hex');
}

/** The sandbox's webhook body. */
interface SandboxWebhookBody {
  id: string;
  type: 'payment.approved' | 'payment.declined';
  created: number;
  data: { payment_id: string; amount: number; currency: string; brand: CardBrand | null; last4: string | null };
}

function readEvent(rawBody: string): PaymentEvent {
  let parsed: unknown;
  try {
    parsed = JSON.parse(rawBody);
  } catch {
    throw new WebhookRejectedError(BAD_WEBHOOK_BODY_MESSAGE);
  }
  const data = isRecord(parsed) ? parsed.data : undefined;
  if (
    !isRecord(parsed) ||
    !isRecord(data) ||
    typeof parsed.id !== 'string' ||
    (parsed.type !== 'payment.approved' && parsed.type !== 'payment.declined') ||
    typeof data.payment_id !== 'string' ||
    !Number.isSafeInteger(data.amount) ||
    typeof data.currency !== 'string' ||
    !(data.brand === null || (CARD_BRANDS as readonly unknown[]).includes(data.brand)) ||
    !(data.last4 === null || (typeof data.last4 === 'string' && /^\d{4}$/.test(data.last4)))
  ) {
    throw new WebhookRejectedError(BAD_WEBHOOK_BODY_MESSAGE);
  }
  return {
    id: parsed.id,
    paymentId: data.payment_id,
    outcome: parsed.type === 'payment.approved' ? 'approved' : 'declined',
    amount: data.amount as number,
    currency: data.currency,
    brand: data.brand as CardBrand | null,
    last4: data.last4,
  };
}

/**
 * The sandbox provider: it moves no money. Its hosted page (served by this server, see `routes.ts`) decides the
 * outcome from the test cards and reports it through a webhook signed like a real provider's, which goes through the
 * same verification. Capture, void and refund always succeed.
 */
export class SandboxPaymentProvider implements PaymentProvider {
  readonly name = SANDBOX_PROVIDER;
  readonly capturesOnApproval = false;

  constructor(private readonly secret: string) {}

  async createPayment(request: PaymentRequest): Promise<{ redirectUrl: string }> {
    return { redirectUrl: sandboxPageUrl(request.paymentId) };
  }

  async confirmPayment(): Promise<void> {}

  async void(): Promise<void> {}

  async refund(): Promise<void> {}

  #signature(timestamp: number, rawBody: string): string {
    return createHmac('sha256', this.secret).update(`${timestamp}.${rawBody}`).digest('hex');
  }

  /** The webhook the sandbox's servers would send for an outcome. */
  signedWebhook(event: Omit<PaymentEvent, 'id'>, now = new Date()): { rawBody: string; headers: Headers } {
    const created = Math.floor(now.getTime() / MS_PER_SECOND);
    const body: SandboxWebhookBody = {
      id: `evt_${randomUUID()}`,
      type: event.outcome === 'approved' ? 'payment.approved' : 'payment.declined',
      created,
      data: {
        payment_id: event.paymentId,
        amount: event.amount,
        currency: event.currency,
        brand: event.brand,
        last4: event.last4,
      },
    };
    const rawBody = JSON.stringify(body);
    const headers = new Headers({
      'content-type': 'application/json',
      [SANDBOX_SIGNATURE_HEADER]: `t=${created},v1=${this.#signature(created, rawBody)}`,
    });
    return { rawBody, headers };
  }

  async verifyWebhook(rawBody: string, headers: Headers, _url?: URL, now = new Date()): Promise<PaymentEvent> {
    const parts = signatureHeaderParts(headers.get(SANDBOX_SIGNATURE_HEADER));
    const timestamp = Number(parts.get('t'));
    const signature = Buffer.from(parts.get('v1') ?? '', 'hex');
    if (!Number.isSafeInteger(timestamp) || signature.length === 0) {
      throw new WebhookRejectedError(BAD_SIGNATURE_MESSAGE);
    }
    const expected = Buffer.from(this.#signature(timestamp, rawBody), 'hex');
    assertAuthenticWebhook(signature, expected, timestamp, now);
    return readEvent(rawBody);
  }
}
