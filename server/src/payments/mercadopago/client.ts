/**
 * A small client of Mercado Pago's documented REST API (https://www.mercadopago.com/developers/en/reference).
 * Not the official `mercadopago` SDK: its base URL is a process-wide constant (`AppConfig.BASE_URL`), so it cannot be
 * pointed at the local fake the tests serve, nor at two accounts' endpoints at once (docs/decisions.md).
 */

const MERCADO_PAGO_API_URL = 'https://api.mercadopago.com';

/** The provider answered an error, or did not answer in time; its message is for the log, never for the buyer. */
export class ProviderHttpError extends Error {
  override readonly name = 'ProviderHttpError';
  constructor(
    message: string,
    /** The HTTP status, or null after a timeout or a network failure. */
    readonly status: number | null,
  ) {
    super(message);
  }
}

export interface MercadoPagoClientOptions {
  accessToken: string;
  baseUrl?: string | undefined;
  /** Per attempt; a provider that hangs must not hold a buyer's checkout for long. */
  timeoutMs?: number | undefined;
  /** Attempts after the first, on a timeout, a network failure, a 429 or a 5xx. */
  retries?: number | undefined;
  /** First pause between attempts, doubling. */
  retryDelayMs?: number | undefined;
  fetch?: typeof fetch | undefined;
}

const DEFAULT_TIMEOUT_MS = 10_000;
const DEFAULT_RETRIES = 2;
const DEFAULT_RETRY_DELAY_MS = 300;

const retryable = (status: number) => status === 429 || status >= 500;

export class MercadoPagoClient {
  readonly #token: string;
  readonly #baseUrl: string;
  readonly #timeoutMs: number;
  readonly #retries: number;
  readonly #retryDelayMs: number;
  readonly #fetch: typeof fetch;

  constructor(options: MercadoPagoClientOptions) {
    this.#token = options.accessToken;
    this.#baseUrl = (options.baseUrl ?? MERCADO_PAGO_API_URL).replace(/\/+$/, '');
    this.#timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    this.#retries = options.retries ?? DEFAULT_RETRIES;
    this.#retryDelayMs = options.retryDelayMs ?? DEFAULT_RETRY_DELAY_MS;
    this.#fetch = options.fetch ?? fetch;
  }

  /**
   * One call, retried on transient failures. Writes carry `X-Idempotency-Key`, the same on every attempt, so a retry
   * after a timeout whose request did arrive makes nothing twice.
   */
  async request<T>(
    method: 'GET' | 'POST' | 'PUT',
    path: string,
    options: { body?: unknown; idempotencyKey?: string } = {},
  ): Promise<T> {
    const headers: Record<string, string> = { authorization: `Bearer ${this.#token}`, accept: 'application/json' };
    if (options.body !== undefined) headers['content-type'] = 'application/json';
    if (options.idempotencyKey) headers['x-idempotency-key'] = options.idempotencyKey;
    let lastError: ProviderHttpError = new ProviderHttpError('Sin intentos', null);
    for (let attempt = 0; attempt <= this.#retries; attempt += 1) {
      if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, this.#retryDelayMs * 2 ** (attempt - 1)));
      let response: Response;
      try {
        response = await this.#fetch(`${this.#baseUrl}${path}`, {
          method,
          headers,
          body: options.body === undefined ? null : JSON.stringify(options.body),
          signal: AbortSignal.timeout(this.#timeoutMs),
        });
      } catch (error) {
        const timedOut = error instanceof DOMException && error.name === 'TimeoutError';
        // The path holds only ids; never the token nor the body (the buyer's data).
        lastError = new ProviderHttpError(
          `Mercado Pago ${method} ${path}: ${timedOut ? 'sin respuesta a tiempo' : 'error de red'}`,
          null,
        );
        continue;
      }
      if (response.ok) return (await response.json()) as T;
      await response.body?.cancel();
      lastError = new ProviderHttpError(`Mercado Pago ${method} ${path}: HTTP ${response.status}`, response.status);
      if (!retryable(response.status)) break;
    }
    throw lastError;
  }
}
