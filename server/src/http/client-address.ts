import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context } from 'hono';

/** What `app.request()` in tests and any request without a socket count as: one shared client. */
export const UNKNOWN_CLIENT_ADDRESS = 'local';

/**
 * The client's address for rate limits. `X-Forwarded-For` can be forged by anyone, so it is read only behind a proxy
 * that sets it (`TRUST_PROXY=1`), and then only its first hop; otherwise the socket's address.
 */
export function clientAddress(c: Context, trustProxy: boolean): string {
  if (trustProxy) {
    const first = c.req.header('x-forwarded-for')?.split(',')[0]?.trim();
    if (first) return first.slice(0, 100);
  }
  try {
    return getConnInfo(c).remote.address ?? UNKNOWN_CLIENT_ADDRESS;
  } catch {
    return UNKNOWN_CLIENT_ADDRESS;
  }
}
