import { createHmac, randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { MpPayment } from '../src/payments/mercadopago/provider';

/** One request the fake received: what the tests check (method, path, idempotency key, body). */
export interface FakeRequest {
  method: string;
  path: string;
  idempotencyKey: string | null;
  authorization: string | null;
  body: unknown;
}

interface FakePreference {
  id: string;
  body: Record<string, unknown>;
  expired: boolean;
}

/** How the buyer leaves the fake's hosted page, as Checkout Pro's test card holders choose it (APRO, OTHE, CONT). */
export const HOSTED_OUTCOMES = { approved: 'APRO', rejected: 'OTHE', in_process: 'CONT' } as const;
type HostedOutcome = keyof typeof HOSTED_OUTCOMES;
const HOSTED_PATH = '/checkout/v1/redirect';

/**
 * A local stand-in for Mercado Pago's REST API, served on loopback with the documented request and response shapes
 * (checkout preferences, payments, search, refunds). Writes honour `X-Idempotency-Key` as Mercado Pago does: the same
 * key answers the first result again. `delay` makes the next answers slow (timeouts); `failNext` answers 5xx.
 *
 * With `hostedCheckout`, the preference's `init_point` is the fake's own page, where a browser pays: the fake makes
 * the payment, sends the signed notification to the preference's `notification_url` as Mercado Pago does, and sends
 * the buyer back to `back_urls` (end-to-end tests of the checkout).
 */
export class MercadoPagoFake {
  readonly #hostedCheckout: { webhookSecret: string } | undefined;

  constructor(options: { hostedCheckout?: { webhookSecret: string } } = {}) {
    this.#hostedCheckout = options.hostedCheckout;
  }

  readonly requests: FakeRequest[] = [];
  readonly preferences = new Map<string, FakePreference>();
  readonly payments = new Map<string, MpPayment>();
  readonly refunds: { paymentId: string; key: string | null }[] = [];
  #answered = new Map<string, unknown>();
  #nextPaymentId = 1_000_000_001;
  #server: Server | undefined;
  /** Milliseconds before each of the next `delayCount` answers. */
  delayMs = 0;
  delayCount = 0;
  /** Statuses answered to the next requests, one each. */
  failNext: number[] = [];

  get url(): string {
    const address = this.#server?.address() as AddressInfo;
    return `http://127.0.0.1:${address.port}`;
  }

  async start(): Promise<void> {
    this.#server = createServer((request, response) => {
      const url = new URL(request.url ?? '/', 'http://fake');
      if (this.#hostedCheckout && url.pathname === HOSTED_PATH) {
        void this.#hostedPage(request.method ?? '', url).then(({ status, headers, body }) => {
          response.writeHead(status, headers);
          response.end(body);
        });
        return;
      }
      void this.#handle(request).then(({ status, body }) => {
        if (response.destroyed) return;
        response.writeHead(status, { 'content-type': 'application/json' });
        response.end(JSON.stringify(body));
      });
    });
    await new Promise<void>((resolve) => this.#server?.listen(0, '127.0.0.1', resolve));
  }

  async stop(): Promise<void> {
    this.#server?.closeAllConnections();
    await new Promise<void>((resolve) => this.#server?.close(() => resolve()));
  }

  /** The buyer pays (or tries to) on Mercado Pago's page: a payment of the preference's external reference. */
  pay(externalReference: string, status: string, overrides: Partial<MpPayment> = {}): MpPayment {
    const preference = [...this.preferences.values()].find(
      (pref) => pref.body.external_reference === externalReference,
    );
    const item = (preference?.body.items as { unit_price: number; currency_id: string }[] | undefined)?.[0];
    const payment: MpPayment = {
      id: this.#nextPaymentId++,
      status,
      external_reference: externalReference,
      transaction_amount: item?.unit_price ?? 0,
      currency_id: item?.currency_id ?? 'COP',
      payment_method_id: 'visa',
      card: { last_four_digits: '4242' },
      ...overrides,
    };
    this.payments.set(String(payment.id), payment);
    return payment;
  }

  setStatus(id: number | string, status: string): void {
    const payment = this.payments.get(String(id));
    if (payment) payment.status = status;
  }

  /** Mercado Pago tells the store about a payment: the signed notification to the preference's `notification_url`. */
  async notify(payment: MpPayment): Promise<void> {
    const preference = [...this.preferences.values()].find(
      (pref) => pref.body.external_reference === payment.external_reference,
    );
    const target = preference?.body.notification_url;
    if (typeof target !== 'string' || !this.#hostedCheckout) throw new Error('Sin notification_url ni clave');
    const { path, init } = mpNotification(payment.id, this.#hostedCheckout.webhookSecret);
    const answer = await fetch(`${target}${path}`, init);
    if (!answer.ok) throw new Error(`La tienda respondió ${answer.status} a la notificación`);
  }

  /**
   * The hosted page: GET shows the amount and one button per outcome; POST pays with that outcome, notifies the store
   * and sends the buyer back with the query Mercado Pago adds (which the store must not trust).
   */
  async #hostedPage(
    method: string,
    url: URL,
  ): Promise<{ status: number; headers: Record<string, string>; body: string }> {
    const preference = this.preferences.get(url.searchParams.get('pref_id') ?? '');
    if (!preference || preference.expired) {
      return { status: 404, headers: { 'content-type': 'text/plain' }, body: 'preference not found' };
    }
    const outcome = url.searchParams.get('outcome') as HostedOutcome | null;
    if (method === 'POST' && outcome && outcome in HOSTED_OUTCOMES) {
      const payment = this.pay(String(preference.body.external_reference), outcome);
      await this.notify(payment);
      const back = (preference.body.back_urls as Record<string, string>)[
        outcome === 'approved' ? 'success' : outcome === 'rejected' ? 'failure' : 'pending'
      ];
      const query = new URLSearchParams({
        collection_status: outcome,
        payment_id: String(payment.id),
        external_reference: String(payment.external_reference),
        preference_id: preference.id,
      });
      return { status: 303, headers: { location: `${back}?${query}` }, body: '' };
    }
    const item = (preference.body.items as { unit_price: number; currency_id: string }[])[0];
    const buttons = Object.entries(HOSTED_OUTCOMES)
      .map(
        ([name, holder]) =>
          `<form method="post" action="${HOSTED_PATH}?pref_id=${encodeURIComponent(preference.id)}&outcome=${name}">` +
          `<button type="submit">Pagar como ${holder}</button></form>`,
      )
      .join('');
    return {
      status: 200,
      headers: { 'content-type': 'text/html; charset=utf-8' },
      body: `<!doctype html><html lang="es"><title>Mercado Pago (simulado)</title><h1>Mercado Pago (simulado)</h1><p data-testid="amount">${item?.unit_price} ${item?.currency_id}</p>${buttons}</html>`,
    };
  }

  async #handle(request: IncomingMessage): Promise<{ status: number; body: unknown }> {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const text = Buffer.concat(chunks).toString('utf8');
    const body: unknown = text ? JSON.parse(text) : undefined;
    const url = new URL(request.url ?? '/', 'http://fake');
    const key = (request.headers['x-idempotency-key'] as string | undefined) ?? null;
    this.requests.push({
      method: request.method ?? '',
      path: url.pathname + url.search,
      idempotencyKey: key,
      authorization: (request.headers.authorization as string | undefined) ?? null,
      body,
    });
    // A request's failure is decided when it arrives: a slow answer that the store stopped waiting for wakes up
    // seconds later, in a later test, and took that test's injected failure (session 25's CI run: a refund meant to
    // fail twice went through).
    const failure = this.failNext.shift();
    if (this.delayCount > 0) {
      this.delayCount -= 1;
      await new Promise((resolve) => setTimeout(resolve, this.delayMs));
    }
    if (failure) return { status: failure, body: { message: 'internal_error', status: failure } };
    // A write repeated with its key answers what the first one did.
    const remembered = key ? `${request.method} ${url.pathname} ${key}` : null;
    if (remembered && this.#answered.has(remembered)) return { status: 201, body: this.#answered.get(remembered) };
    const answer = this.#route(request.method ?? '', url, body as Record<string, unknown> | undefined, key);
    if (remembered && answer.status < 300) this.#answered.set(remembered, answer.body);
    return answer;
  }

  #route(
    method: string,
    url: URL,
    body: Record<string, unknown> | undefined,
    key: string | null,
  ): { status: number; body: unknown } {
    const path = url.pathname;
    if (method === 'POST' && path === '/checkout/preferences') {
      const id = `123456789-${randomUUID()}`;
      this.preferences.set(id, { id, body: body ?? {}, expired: false });
      const page = this.#hostedCheckout ? this.url : 'https://www.mercadopago.com.co';
      return { status: 201, body: { id, init_point: `${page}${HOSTED_PATH}?pref_id=${id}` } };
    }
    const preference = /^\/checkout\/preferences\/([^/]+)$/.exec(path);
    if (method === 'PUT' && preference) {
      const found = this.preferences.get(decodeURIComponent(preference[1] ?? ''));
      if (!found) return { status: 404, body: { message: 'not_found' } };
      found.expired = body?.expires === true;
      return { status: 200, body: { id: found.id, expires: found.expired } };
    }
    if (method === 'GET' && path === '/v1/payments/search') {
      const reference = url.searchParams.get('external_reference');
      const results = [...this.payments.values()].filter((payment) => payment.external_reference === reference);
      results.reverse();
      return { status: 200, body: { results, paging: { total: results.length, limit: 30, offset: 0 } } };
    }
    const refund = /^\/v1\/payments\/([^/]+)\/refunds$/.exec(path);
    if (method === 'POST' && refund) {
      const payment = this.payments.get(refund[1] ?? '');
      if (!payment) return { status: 404, body: { message: 'Payment not found' } };
      if (payment.status !== 'approved') return { status: 400, body: { message: 'Invalid payment status' } };
      payment.status = 'refunded';
      this.refunds.push({ paymentId: String(payment.id), key });
      return { status: 201, body: { id: this.refunds.length, payment_id: payment.id, status: 'approved' } };
    }
    const single = /^\/v1\/payments\/([^/]+)$/.exec(path);
    if (single) {
      const payment = this.payments.get(single[1] ?? '');
      if (!payment) return { status: 404, body: { message: 'Payment not found' } };
      if (method === 'PUT') {
        if (body?.status === 'cancelled' && payment.status !== 'approved') payment.status = 'cancelled';
        else return { status: 400, body: { message: 'Invalid status' } };
      }
      return { status: 200, body: payment };
    }
    return { status: 404, body: { message: 'resource not found' } };
  }
}

/**
 * A notification as Mercado Pago sends it: `?data.id=…&type=payment`, a small body, and `x-signature` with the
 * HMAC-SHA256 of the documented manifest `id:<data.id>;request-id:<x-request-id>;ts:<ts>;`.
 */
export function mpNotification(
  paymentId: number | string,
  secret: string,
  options: { ts?: number; requestId?: string; signature?: string } = {},
): { path: string; init: RequestInit } {
  const ts = options.ts ?? Math.floor(Date.now() / 1000);
  const requestId = options.requestId ?? randomUUID();
  const manifest = `id:${paymentId};request-id:${requestId};ts:${ts};`;
  const v1 = options.signature ?? createHmac('sha256', secret).update(manifest).digest('hex');
  return {
    path: `?data.id=${paymentId}&type=payment`,
    init: {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-signature': `ts=${ts},v1=${v1}`, 'x-request-id': requestId },
      body: JSON.stringify({
        action: 'payment.updated',
        api_version: 'v1',
        data: { id: String(paymentId) },
        date_created: new Date().toISOString(),
        id: Number(String(Date.now()).slice(-9)),
        live_mode: false,
        type: 'payment',
        user_id: '123456789',
      }),
    },
  };
}
