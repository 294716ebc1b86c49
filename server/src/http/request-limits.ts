import type { MiddlewareHandler } from 'hono';
import type { ApiErrorBody } from '../../../src/lib/shared/api-types';

/** Longest request target (path and query) the app answers; no address of the app comes near it. */
export const MAX_URL_BYTES = 16 * 1024;
/**
 * Node's limit on the request line and headers together, above MAX_URL_BYTES so a long address reaches the app and
 * gets its JSON 431 rather than Node's bare one (Node's default, 16 KB, would cut it first).
 */
export const MAX_HEADER_BYTES = 64 * 1024;

/**
 * How long an idle kept-alive connection stays open. Node's default (5 s) is shorter than the reuse window of the
 * clients in front of it (a load balancer keeps idle upstream connections 60 s; browsers and test clients reuse theirs
 * after pauses of several seconds), so Node would close a connection just as a client sends on it, and that request
 * fails with a reset. The server must be the side that waits longest.
 */
export const KEEP_ALIVE_TIMEOUT_MS = 65_000;
/** Above KEEP_ALIVE_TIMEOUT_MS, so a kept-alive connection's next request is never cut by the headers' deadline. */
export const HEADERS_TIMEOUT_MS = KEEP_ALIVE_TIMEOUT_MS + 1_000;

export const URL_TOO_LONG_MESSAGE = 'La dirección solicitada es demasiado larga.';
export const HEADERS_TOO_LARGE_MESSAGE = 'Los encabezados de la solicitud son demasiado grandes.';

/** Refuses an address over MAX_URL_BYTES with a Spanish 431 before any route parses it. */
export function limitUrlLength(): MiddlewareHandler {
  return async (c, next) => {
    const url = new URL(c.req.url);
    if (Buffer.byteLength(url.pathname + url.search) > MAX_URL_BYTES) {
      return c.json<ApiErrorBody>({ message: URL_TOO_LONG_MESSAGE }, 431);
    }
    await next();
  };
}
