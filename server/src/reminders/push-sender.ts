import webPush from 'web-push';
import type { VapidDetails } from './vapid';

interface PushTarget {
  endpoint: string;
  p256dh: string;
  auth: string;
}

interface PushMessage {
  /** The JSON the service worker reads. */
  payload: string;
  /** How long the push service keeps it for a device that is offline. */
  ttlS: number;
  urgency: 'very-low' | 'low' | 'normal' | 'high';
  /** A newer message with the same topic replaces one the push service still holds (URL-safe, ≤ 32 characters). */
  topic: string;
}

/**
 * What a push service answered: accepted; the subscription is gone for good (404, 410) and must be forgotten;
 * refused for a reason a retry cannot fix; or worth trying again later.
 */
export type PushResult =
  | { kind: 'delivered' }
  | { kind: 'gone'; error: string }
  | { kind: 'rejected'; error: string }
  | { kind: 'retry'; error: string; retryAfterMs?: number };

export type PushSender = (target: PushTarget, message: PushMessage, vapid: VapidDetails) => Promise<PushResult>;

const PUSH_REQUEST_TIMEOUT_MS = 15_000;
const GONE_STATUSES = new Set([404, 410]);
const RETRY_STATUSES = new Set([408, 425, 429]);
const ERROR_TEXT_MAX_LENGTH = 300;

function retryAfterMs(value: string | null): number | undefined {
  if (!value) return undefined;
  const seconds = Number(value);
  if (Number.isFinite(seconds) && seconds >= 0) return seconds * 1000;
  const at = Date.parse(value);
  return Number.isNaN(at) ? undefined : Math.max(0, at - Date.now());
}

/**
 * Sends one message with the Web Push protocol: web-push encrypts it (aes128gcm) and signs the VAPID header, and the
 * request itself goes through fetch, so any push service URL works (and a test's local HTTP server does too).
 */
export const webPushSender: PushSender = async (target, message, vapid) => {
  const details = webPush.generateRequestDetails(
    { endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } },
    message.payload,
    { vapidDetails: vapid, TTL: message.ttlS, urgency: message.urgency, topic: message.topic },
  );
  const headers = new Headers();
  for (const [name, value] of Object.entries(details.headers)) {
    // fetch computes the length of the body itself.
    if (name.toLowerCase() !== 'content-length') headers.set(name, String(value));
  }
  let response: Response;
  try {
    response = await fetch(details.endpoint, {
      method: details.method,
      headers,
      body: details.body ? new Uint8Array(details.body) : null,
      redirect: 'manual',
      signal: AbortSignal.timeout(PUSH_REQUEST_TIMEOUT_MS),
    });
  } catch (error) {
    return { kind: 'retry', error: `Sin respuesta del servicio de notificaciones: ${String(error)}` };
  }
  if (response.status >= 200 && response.status < 300) return { kind: 'delivered' };
  const text = (await response.text().catch(() => '')).slice(0, ERROR_TEXT_MAX_LENGTH);
  const error = `El servicio de notificaciones respondió ${response.status}${text ? `: ${text}` : ''}`;
  if (GONE_STATUSES.has(response.status)) return { kind: 'gone', error };
  if (RETRY_STATUSES.has(response.status) || response.status >= 500) {
    const delay = retryAfterMs(response.headers.get('retry-after'));
    return delay === undefined ? { kind: 'retry', error } : { kind: 'retry', error, retryAfterMs: delay };
  }
  return { kind: 'rejected', error };
};
