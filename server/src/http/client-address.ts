import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context } from 'hono';

/** What `app.request()` in tests and any request without a socket count as: one shared client. */
const UNKNOWN_CLIENT_ADDRESS = 'local';
const MAX_ADDRESS_LENGTH = 100;

function socketAddress(c: Context): string {
  try {
    return getConnInfo(c).remote.address ?? UNKNOWN_CLIENT_ADDRESS;
  } catch {
    return UNKNOWN_CLIENT_ADDRESS;
  }
}

/**
 * The client's address for rate limits. Each of the `trustedProxies` proxies in front of the server appends the
 * address it received the request from to `X-Forwarded-For`, so the client is the entry the last trusted proxy added:
 * the `trustedProxies`-th from the right. Everything to its left was written by the client and can be forged. With no
 * trusted proxy (or a header shorter than the chain), the socket's address.
 */
export function clientAddress(c: Context, trustedProxies: number): string {
  if (trustedProxies > 0) {
    const hops = (c.req.header('x-forwarded-for') ?? '')
      .split(',')
      .map((hop) => hop.trim())
      .filter((hop) => hop !== '');
    const client = hops[hops.length - trustedProxies];
    if (client) return client.slice(0, MAX_ADDRESS_LENGTH);
  }
  return socketAddress(c);
}
