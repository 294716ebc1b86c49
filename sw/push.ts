/// <reference lib="webworker" />
import {
  parseReminderPayload,
  REMINDER_BADGE_URL,
  REMINDER_ICON_URL,
  type ReminderPushPayload,
} from '../src/lib/shared/reminders';

declare const self: ServiceWorkerGlobalScope;

/**
 * Shown when a message is not a reminder this version understands: with `userVisibleOnly` every push must show
 * something, and the browser's own text ("se actualizó en segundo plano") says nothing useful.
 */
const FALLBACK = { title: 'Dispensario Funcional', body: 'Tienes una novedad en tu cuenta.', url: '/' };

interface NotificationData {
  url: string;
}

function readPayload(event: PushEvent): ReminderPushPayload | null {
  try {
    return parseReminderPayload(event.data?.json());
  } catch {
    // Not JSON.
    return null;
  }
}

/**
 * Hands the work to the browser so it keeps the worker alive until it ends. The work is already running: an
 * untrusted event (one a test dispatches) makes `waitUntil` throw, and the work must go on anyway.
 */
function keepAliveFor(event: ExtendableEvent, work: Promise<unknown>): void {
  try {
    event.waitUntil(work);
  } catch {
    // Synthetic event: nobody to keep alive for.
  }
}

async function showReminder(payload: ReminderPushPayload | null): Promise<void> {
  const data: NotificationData = { url: payload?.url ?? FALLBACK.url };
  await self.registration.showNotification(payload?.title ?? FALLBACK.title, {
    body: payload?.body ?? FALLBACK.body,
    icon: REMINDER_ICON_URL,
    badge: REMINDER_BADGE_URL,
    lang: 'es',
    // A newer reminder of the same prescription replaces the one still on screen.
    ...(payload ? { tag: payload.tag } : {}),
    data,
  });
}

/** The notification's link as an address of this app; anything else opens the app's start. */
function targetOf(notification: Notification): string {
  const url = (notification.data as Partial<NotificationData> | null)?.url;
  const target = new URL(typeof url === 'string' && url.startsWith('/') ? url : FALLBACK.url, self.location.origin);
  return target.origin === self.location.origin ? target.href : new URL(FALLBACK.url, self.location.origin).href;
}

/** An open window of the app is brought forward and taken to the bag; without one, a new window opens there. */
async function openTarget(href: string): Promise<void> {
  const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const candidates = [...windows].sort((a, b) => Number(b.focused) - Number(a.focused));
  for (const client of candidates) {
    try {
      // Focusing needs the user's click; without it (a synthetic event) the window is still navigated.
      await client.focus().catch(() => client);
      const navigated = await client.navigate(href);
      if (navigated) return;
    } catch {
      // A window this worker does not control cannot be navigated: try the next one, or open a new one.
    }
  }
  await self.clients.openWindow(href);
}

self.addEventListener('push', (event) => {
  const work = showReminder(readPayload(event));
  keepAliveFor(event, work);
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const work = openTarget(targetOf(event.notification));
  keepAliveFor(event, work);
});
