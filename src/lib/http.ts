import { t } from '@lingui/core/macro';
import { FetchError, ofetch, type $Fetch } from 'ofetch';
import { env } from './env';
import { getActiveCountry } from './countries';
import { isCountryCode, type CountryCode } from './shared/countries';
import { parseRetryAfter } from './shared/retry-after';
import type { FormErrorDto } from './shared/accounts';
import type { ApiErrorBody } from './shared/api-types';

// Product §9, the retry policy of every call.
const RETRY_LIMIT = 2;
const RETRY_METHODS: ReadonlySet<string> = new Set(['GET', 'PUT', 'HEAD', 'DELETE', 'OPTIONS', 'TRACE']);
const RETRY_STATUS_CODES: ReadonlySet<number> = new Set([408, 413, 429, 500, 502, 503, 504]);
const RETRY_AFTER_STATUS_CODES: ReadonlySet<number> = new Set([413, 429, 503]);
export const RETRY_BASE_DELAY_MS = 300;

const AUTH_TIMEOUT_MS = 10_000;
/** Product §9: the authentication client accepts timeouts up to the largest value setTimeout can hold. */
const AUTH_MAX_TIMEOUT_MS = 2_147_483_647;
const GATEWAY_TIMEOUT_MS = 15_000;

type ApiErrorKind = 'http' | 'unauthorized' | 'network' | 'timeout' | 'aborted';

/** Every failed call ends here, with a Spanish message fit for the user (product §8). */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly kind: ApiErrorKind,
    /** Status, method and URL of the failed request, for logs and support. */
    readonly detail: string,
    readonly status?: number,
    readonly errors: string[] = [],
    /** Whether the server sent a message of its own (else `message` is the generic Spanish one). */
    readonly fromServer = false,
    readonly statusText = '',
    /** The server's problems per field of a refused form (`fieldErrors` of its answer), for the form to place. */
    readonly fieldErrors: readonly FormErrorDto[] = [],
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE' | 'HEAD' | 'OPTIONS' | 'TRACE';

interface RequestOptions {
  method?: Method;
  query?: Record<string, string | number | boolean | undefined | null>;
  body?: unknown;
  headers?: Record<string, string>;
  /** The country whose session cookie and context the call uses; sent as `x-country`. Default: the active country. */
  country?: CountryCode;
  timeoutMs?: number;
  signal?: AbortSignal;
  /**
   * Login calls answer 401 for a wrong password: that is the server's message to show, not an expired session.
   * Default true.
   */
  unauthorizedMeansExpiredSession?: boolean;
  /** `blob` for files served only to their session (credentials, signed prescriptions). */
  responseType?: 'json' | 'blob';
}

interface UploadOptions {
  country?: CountryCode;
  headers?: Record<string, string>;
  /** Called with the fraction of the body sent, 0 to 1. */
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
}

interface HttpClient {
  request<T>(path: string, options?: RequestOptions): Promise<T>;
  /** A multipart POST that reports upload progress (fetch cannot); same cookie, headers and errors as `request`. */
  upload<T>(path: string, form: FormData, options?: UploadOptions): Promise<T>;
}

export interface HttpClientConfig {
  name: 'auth' | 'gateway';
  baseURL: string;
  timeoutMs: number;
  /** Product §8: the authentication client clears the session on 401; the gateway client only logs it. */
  onUnauthorized: 'clear-session' | 'log';
}

/** Which client met the 401: the authentication service's ends the session, the gateway's only casts doubt on it. */
type UnauthorizedHandler = (country: CountryCode | undefined, client: HttpClientConfig['name']) => void;
let unauthorizedHandler: UnauthorizedHandler = () => undefined;

/** Product §8: a configurable handler, called with the country (and the client), when the session turns out expired. */
export function setUnauthorizedHandler(handler: UnauthorizedHandler): void {
  unauthorizedHandler = handler;
}

const UNAUTHORIZED_TEXT = /unauthori[sz]ed|\btoken\b|authentication|session expired/i;

export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        reject(signal.reason);
      },
      { once: true },
    );
  });
}

/**
 * How long to wait before the next attempt, or undefined when the failure is final. `attempt` counts the
 * retries already made (0 before the first retry).
 */
export function retryDelay(method: string, attempt: number, failure: FetchError | Error): number | undefined {
  if (attempt >= RETRY_LIMIT || !RETRY_METHODS.has(method.toUpperCase())) return undefined;
  const backoff = RETRY_BASE_DELAY_MS * 2 ** attempt;
  if (!(failure instanceof FetchError)) return undefined;
  const status = failure.response?.status;
  // No response at all: a network failure, retried like a transient server error, unless the device says it has no
  // network (then the retries fail the same way, on the clinic's offline start beside the first render's work, and
  // every screen asks again when the connection returns).
  if (status === undefined) return navigator.onLine === false ? undefined : backoff;
  if (!RETRY_STATUS_CODES.has(status)) return undefined;
  if (RETRY_AFTER_STATUS_CODES.has(status)) {
    return parseRetryAfter(failure.response?.headers.get('retry-after') ?? null) ?? backoff;
  }
  return backoff;
}

function parseJson(text: string): unknown {
  try {
    return text ? JSON.parse(text) : null;
  } catch {
    return null;
  }
}

function errorBody(data: unknown): Partial<ApiErrorBody> {
  if (typeof data !== 'object' || data === null) return {};
  const { message, errors, fieldErrors } = data as Record<string, unknown>;
  return {
    ...(typeof message === 'string' && message.trim() ? { message } : {}),
    ...(Array.isArray(errors) ? { errors: errors.filter((item): item is string => typeof item === 'string') } : {}),
    ...(Array.isArray(fieldErrors)
      ? {
          fieldErrors: fieldErrors.filter(
            (item): item is FormErrorDto =>
              typeof (item as FormErrorDto | null)?.field === 'string' &&
              typeof (item as FormErrorDto).message === 'string',
          ),
        }
      : {}),
  };
}

/** Product §8: a failed request's text names the status, method and url. */
export function requestDetail(method: string, url: string, status?: number): string {
  return `${status ?? 0} ${method} ${url}`;
}

interface HttpClientDependencies {
  fetcher?: $Fetch;
  /** Waits between attempts; tests pass one that records the delays the policy asked for. */
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
}

export function createHttpClient(
  config: HttpClientConfig,
  { fetcher = ofetch, sleep: wait = sleep }: HttpClientDependencies = {},
): HttpClient {
  const client = fetcher.create({ baseURL: config.baseURL, credentials: 'include', retry: false });

  function toApiError(
    failure: unknown,
    method: Method,
    url: string,
    country: CountryCode | undefined,
    timedOut: boolean,
    sessionFailure: boolean,
  ) {
    if (timedOut) {
      return new ApiError(
        t`El servidor tardó demasiado en responder. Intenta de nuevo.`,
        'timeout',
        requestDetail(method, url),
      );
    }
    if (!(failure instanceof FetchError)) {
      return new ApiError(t`Ocurrió un error desconocido`, 'http', requestDetail(method, url));
    }
    const status = failure.response?.status;
    if (status === undefined) {
      if ((failure.cause as Error | undefined)?.name === 'AbortError') {
        return new ApiError(t`La solicitud fue cancelada.`, 'aborted', requestDetail(method, url));
      }
      if (config.onUnauthorized === 'log') console.warn('network error', requestDetail(method, url));
      return new ApiError(
        t`No se pudo conectar con el servidor. Revisa tu conexión a internet e intenta de nuevo.`,
        'network',
        requestDetail(method, url),
      );
    }
    return responseError(
      status,
      failure.response?.statusText ?? '',
      failure.data,
      method,
      url,
      country,
      sessionFailure,
    );
  }

  function responseError(
    status: number,
    statusText: string,
    data: unknown,
    method: Method,
    url: string,
    country: CountryCode | undefined,
    sessionFailure: boolean,
  ): ApiError {
    const body = errorBody(data);
    const detail = requestDetail(method, url, status);
    if (sessionFailure && (status === 401 || (status === 403 && UNAUTHORIZED_TEXT.test(body.message ?? '')))) {
      if (config.onUnauthorized === 'log') console.warn('session expired', detail);
      unauthorizedHandler(country, config.name);
      return new ApiError(
        t`Tu sesión expiró o no tienes permisos para esta acción. Inicia sesión nuevamente.`,
        'unauthorized',
        detail,
        status,
      );
    }
    if (body.errors && body.errors.length > 0) {
      const { errors, fieldErrors } = body;
      return new ApiError(errors.join('\n'), 'http', detail, status, errors, true, statusText, fieldErrors);
    }
    if (body.message) {
      return new ApiError(body.message, 'http', detail, status, [], true, statusText, body.fieldErrors);
    }
    return new ApiError(
      t`Ocurrió un error, por favor intenta de nuevo.`,
      'http',
      detail,
      status,
      [],
      false,
      statusText,
    );
  }

  function prepareHeaders(options: { headers?: Record<string, string>; country?: CountryCode }) {
    const headerCountry = options.headers?.['x-country'];
    const country = options.country ?? (isCountryCode(headerCountry) ? headerCountry : getActiveCountry());
    const headers = new Headers(options.headers);
    // The session travels as the server's HttpOnly cookie of that country: the page never holds the token.
    if (country) headers.set('x-country', country);
    return { country, headers };
  }

  function upload<T>(path: string, form: FormData, options: UploadOptions = {}): Promise<T> {
    const { country, headers } = prepareHeaders(options);
    const url = `${config.baseURL}${path}`;
    return new Promise<T>((resolve, reject) => {
      const xhr = new XMLHttpRequest();
      xhr.open('POST', url);
      xhr.withCredentials = true;
      xhr.timeout = config.timeoutMs;
      headers.forEach((value, name) => xhr.setRequestHeader(name, value));
      xhr.upload.onprogress = (event) => {
        if (event.lengthComputable) options.onProgress?.(event.loaded / event.total);
      };
      xhr.onload = () => {
        const data = parseJson(xhr.responseText);
        if (xhr.status >= 200 && xhr.status < 300) {
          options.onProgress?.(1);
          resolve(data as T);
        } else {
          reject(responseError(xhr.status, xhr.statusText, data, 'POST', url, country, true));
        }
      };
      xhr.onerror = () =>
        reject(
          new ApiError(
            t`No se pudo conectar con el servidor. Revisa tu conexión a internet e intenta de nuevo.`,
            'network',
            requestDetail('POST', url),
          ),
        );
      xhr.ontimeout = () =>
        reject(
          new ApiError(
            t`El servidor tardó demasiado en responder. Intenta de nuevo.`,
            'timeout',
            requestDetail('POST', url),
          ),
        );
      options.signal?.addEventListener('abort', () => xhr.abort(), { once: true });
      xhr.send(form);
    });
  }

  async function request<T>(path: string, options: RequestOptions = {}): Promise<T> {
    const method: Method = options.method ?? 'GET';
    const { country, headers } = prepareHeaders(options);
    // The browser must write the multipart boundary itself.
    if (options.body instanceof FormData) headers.delete('content-type');
    const timeoutMs = Math.min(options.timeoutMs ?? config.timeoutMs, AUTH_MAX_TIMEOUT_MS);
    const url = `${config.baseURL}${path}`;

    for (let attempt = 0; ; attempt += 1) {
      const controller = new AbortController();
      let timedOut = false;
      const timer = setTimeout(() => {
        timedOut = true;
        controller.abort();
      }, timeoutMs);
      const onAbort = () => controller.abort(options.signal?.reason);
      options.signal?.addEventListener('abort', onAbort, { once: true });
      try {
        const fetchOptions = {
          method,
          headers,
          ...(options.query ? { query: options.query } : {}),
          ...(options.body !== undefined ? { body: options.body as BodyInit } : {}),
          signal: controller.signal,
        };
        return options.responseType === 'blob'
          ? ((await client(path, { ...fetchOptions, responseType: 'blob' })) as T)
          : await client<T>(path, fetchOptions);
      } catch (failure) {
        const delay = timedOut || options.signal?.aborted ? undefined : retryDelay(method, attempt, failure as Error);
        if (delay === undefined) {
          throw toApiError(failure, method, url, country, timedOut, options.unauthorizedMeansExpiredSession ?? true);
        }
        await wait(delay, options.signal);
      } finally {
        clearTimeout(timer);
        options.signal?.removeEventListener('abort', onAbort);
      }
    }
  }

  return { request, upload };
}

export const authClient = createHttpClient({
  name: 'auth',
  baseURL: env.authBaseUrl,
  timeoutMs: AUTH_TIMEOUT_MS,
  onUnauthorized: 'clear-session',
});

export const gatewayClient = createHttpClient({
  name: 'gateway',
  baseURL: env.gatewayBaseUrl,
  timeoutMs: GATEWAY_TIMEOUT_MS,
  onUnauthorized: 'log',
});

/** The Spanish message of any failure, for screens that show one. */
export function errorMessage(error: unknown): string {
  return error instanceof ApiError ? error.message : t`Ocurrió un error desconocido`;
}
