/**
 * Milliseconds to wait from a `Retry-After` header, which is either seconds or an HTTP date (RFC 9110 §10.2.3);
 * undefined when absent or unreadable. Shared by the page's HTTP client and the service worker's outbox.
 */
export function parseRetryAfter(value: string | null, now = Date.now()): number | undefined {
  if (value === null || value.trim() === '') return undefined;
  if (/^\d+(\.\d+)?$/.test(value.trim())) return Number(value) * 1000;
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}
