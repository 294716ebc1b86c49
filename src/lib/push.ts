// This device's Web Push subscription: what the browser supports, the permission, subscribing with the server's
// VAPID key, and forgetting the device at logout. The reminders feature drives it; the logout needs it too.

import { ApiError, gatewayClient } from './http';
import type { CountryCode } from './shared/countries';
import type { PushUnsubscribeDto } from './shared/reminders';

/**
 * `ios-needs-install`: iPhone and iPad Safari deliver push only to an app added to the home screen and opened from
 * it; in a browser tab they have no PushManager.
 */
export type PushSupport = 'supported' | 'unsupported' | 'ios-needs-install';

/** Why turning reminders on did not work: the user said no, closed the prompt, or the browser's service failed. */
export type PushSetupProblem = 'denied' | 'dismissed' | 'unsupported' | 'failed';

export class PushSetupError extends Error {
  constructor(
    readonly problem: PushSetupProblem,
    cause?: unknown,
  ) {
    super(`push: ${problem}`, { cause });
    this.name = 'PushSetupError';
  }
}

/** The service worker must be active to subscribe; past this, the browser is not going to give one. */
const SERVICE_WORKER_READY_TIMEOUT_MS = 10_000;
/**
 * How long the browser's push service may take to subscribe or unsubscribe. Some browsers without a reachable push
 * service (Chromium builds without Google's, some privacy settings) never settle the promise: the switch would wait
 * on 'Un momento…' forever.
 */
export const PUSH_SERVICE_TIMEOUT_MS = 15_000;
/** The logout must not wait long for a device that is offline. */
const FORGET_TIMEOUT_MS = 5_000;

function isAppleMobile(): boolean {
  const { userAgent, maxTouchPoints } = navigator;
  // iPadOS reports itself as a Mac; touch gives it away.
  return /iPad|iPhone|iPod/.test(userAgent) || (/Macintosh/.test(userAgent) && maxTouchPoints > 1);
}

const STANDALONE_QUERY = '(display-mode: standalone)';

function isInstalledApp(): boolean {
  return (
    window.matchMedia?.(STANDALONE_QUERY).matches === true ||
    (navigator as Navigator & { standalone?: boolean }).standalone === true
  );
}

export function pushSupport(): PushSupport {
  const capable = 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;
  if (capable) return 'supported';
  return isAppleMobile() && !isInstalledApp() ? 'ios-needs-install' : 'unsupported';
}

export function notificationPermission(): NotificationPermission | null {
  return 'Notification' in window ? Notification.permission : null;
}

/** The VAPID public key (URL-safe base64) as the bytes `applicationServerKey` takes. */
export function applicationServerKey(publicKey: string): Uint8Array<ArrayBuffer> {
  const base64 = publicKey
    .replace(/-/g, '+')
    .replace(/_/g, '/')
    .padEnd(Math.ceil(publicKey.length / 4) * 4, '=');
  const binary = atob(base64);
  const bytes = new Uint8Array(new ArrayBuffer(binary.length));
  for (let index = 0; index < binary.length; index += 1) bytes[index] = binary.charCodeAt(index);
  return bytes;
}

/** `work`, or a `failed` setup error once `ms` pass without an answer. */
async function withinTime<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new PushSetupError('failed')), ms);
  });
  try {
    return await Promise.race([work, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

function activeRegistration(): Promise<ServiceWorkerRegistration> {
  return withinTime(navigator.serviceWorker.ready, SERVICE_WORKER_READY_TIMEOUT_MS);
}

/** This browser's subscription, or null (none yet, no service worker, or no push at all). */
export async function currentPushSubscription(): Promise<PushSubscription | null> {
  if (pushSupport() !== 'supported') return null;
  const registration = await navigator.serviceWorker.getRegistration();
  if (!registration) return null;
  return withinTime(registration.pushManager.getSubscription(), PUSH_SERVICE_TIMEOUT_MS);
}

/** Drops this browser's subscription, or fails within PUSH_SERVICE_TIMEOUT_MS. */
export function unsubscribeThisDevice(subscription: PushSubscription): Promise<boolean> {
  return withinTime(subscription.unsubscribe(), PUSH_SERVICE_TIMEOUT_MS);
}

function sameKey(subscription: PushSubscription, key: Uint8Array): boolean {
  const current = subscription.options.applicationServerKey;
  if (!current) return false;
  const bytes = new Uint8Array(current);
  return bytes.length === key.length && bytes.every((byte, index) => byte === key[index]);
}

/**
 * Asks for permission (the caller runs this from the user's tap) and subscribes this browser with the server's key.
 * A subscription made with another key (the server's keys changed) is replaced. The permission prompt waits for the
 * person as long as they take (`onPermitted` tells when they answered yes); the push service gets
 * PUSH_SERVICE_TIMEOUT_MS.
 */
export async function subscribeThisDevice(publicKey: string, onPermitted?: () => void): Promise<PushSubscription> {
  if (pushSupport() !== 'supported') throw new PushSetupError('unsupported');
  const permission = await Notification.requestPermission();
  if (permission === 'denied') throw new PushSetupError('denied');
  if (permission !== 'granted') throw new PushSetupError('dismissed');
  onPermitted?.();
  const key = applicationServerKey(publicKey);
  try {
    const registration = await activeRegistration();
    const existing = await withinTime(registration.pushManager.getSubscription(), PUSH_SERVICE_TIMEOUT_MS);
    if (existing && sameKey(existing, key)) return existing;
    if (existing) await unsubscribeThisDevice(existing);
    return await withinTime(
      registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key }),
      PUSH_SERVICE_TIMEOUT_MS,
    );
  } catch (error) {
    throw error instanceof PushSetupError ? error : new PushSetupError('failed', error);
  }
}

/**
 * At logout: the server forgets this browser for the account, and the browser drops the subscription, so the next
 * person on the device gets nobody else's reminders. A subscription the server says belongs to another account
 * (a session of another country on this device) stays. Offline, the browser drops it anyway: the server removes
 * it when the push service answers 410 to the next reminder.
 */
export async function forgetDevicePush(country: CountryCode): Promise<void> {
  const subscription = await currentPushSubscription().catch(() => null);
  if (!subscription) return;
  const body: PushUnsubscribeDto = { endpoint: subscription.endpoint };
  try {
    await gatewayClient.request('/push/subscriptions', {
      method: 'DELETE',
      country,
      body,
      timeoutMs: FORGET_TIMEOUT_MS,
      unauthorizedMeansExpiredSession: false,
    });
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return;
  }
  await unsubscribeThisDevice(subscription).catch(() => false);
}
