import { expect, type BrowserContext, type CDPSession, type Locator, type Page, type Worker } from '@playwright/test';
import type { ReminderPushPayload } from '../../../src/lib/shared/reminders';
import { Shell } from './shell';

/** `/{c}/mi-cuenta/recordatorios`: the device's opt-in switch and the in-app list of reminders. */
export class RemindersPage extends Shell {
  readonly heading = this.page.getByRole('heading', { name: 'Recordatorios de recompra', level: 1 });
  readonly optIn = this.page.getByRole('switch', { name: 'Recibir recordatorios de recompra en este dispositivo' });
  readonly list = this.page.getByRole('region', { name: 'Tus próximas recompras' });

  async open(country: string) {
    await this.page.goto(`/${country}/mi-cuenta/recordatorios`);
  }

  /** The card of the reminder that lists `productName`. */
  reminder(productName: string): Locator {
    return this.list.getByRole('article').filter({ has: this.page.getByText(productName) });
  }
}

/** What a notification of the service worker shows, as `registration.getNotifications()` reads it. */
export interface ShownNotification {
  title: string;
  body: string;
  tag: string;
  icon: string;
  badge: string;
  data: unknown;
}

/** What the worker's global scope offers, typed here: this project's tests compile with the DOM library. */
interface WorkerScope {
  registration: ServiceWorkerRegistration;
  dispatchEvent(event: Event): boolean;
  NotificationEvent: new (type: string, init: { notification: Notification }) => Event;
}

/** How long a delivered push may take to be handled (a ceiling, not a measured time; Chromium gives up at 90 s). */
const PUSH_HANDLED_TIMEOUT_MS = 60_000;

/** A step of a push's delivery, as Chromium's push router logs it for DevTools' "Background services" panel. */
type PushStep = 'Push event dispatched' | 'Push event completed';

interface PushLogEntry {
  step: PushStep;
  status: string | undefined;
}

/**
 * The push side of the service worker through Chromium's DevTools protocol: headless Chromium has no push service,
 * so the test delivers the message itself (`ServiceWorker.deliverPushMessage`) to the page's registration, and
 * follows it through the browser's own log of push events (the `BackgroundService` domain): a delivery is done
 * when the worker's push event has completed, so the test waits for that rather than for the notification to
 * appear, and a slow or lost delivery says at which step it stopped.
 */
export class ServiceWorkerPush {
  private readonly log: PushLogEntry[] = [];

  private constructor(
    private readonly cdp: CDPSession,
    private readonly registrationId: string,
    private readonly origin: string,
    readonly worker: Worker,
  ) {
    cdp.on('BackgroundService.backgroundServiceEventReceived', ({ backgroundServiceEvent: event }) => {
      if (event.service !== 'pushMessaging' || event.serviceWorkerRegistrationId !== registrationId) return;
      const step = event.eventName as PushStep;
      const status = event.eventMetadata.find((entry) => entry.key === 'Status')?.value;
      this.log.push({ step, status });
    });
  }

  /** Call once the service worker controls `page`. */
  static async attach(context: BrowserContext, page: Page): Promise<ServiceWorkerPush> {
    const cdp = await context.newCDPSession(page);
    const origin = new URL(page.url()).origin;
    const registered = new Promise<string>((resolve) => {
      cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
        const ours = registrations.find((registration) => registration.scopeURL === `${origin}/`);
        if (ours && !ours.isDeleted) resolve(ours.registrationId);
      });
    });
    await cdp.send('ServiceWorker.enable');
    const registrationId = await registered;
    const worker = context.serviceWorkers().find((candidate) => candidate.url().startsWith(origin));
    if (!worker) throw new Error('El service worker no está en ejecución');
    const push = new ServiceWorkerPush(cdp, registrationId, origin, worker);
    await cdp.send('BackgroundService.startObserving', { service: 'pushMessaging' });
    await cdp.send('BackgroundService.setRecording', { shouldRecord: true, service: 'pushMessaging' });
    return push;
  }

  /** Delivers `payload` and resolves once the worker's push event has completed successfully. */
  async deliver(payload: ReminderPushPayload): Promise<void> {
    const completedBefore = this.count('Push event completed');
    const dispatchedBefore = this.count('Push event dispatched');
    await this.cdp.send('ServiceWorker.deliverPushMessage', {
      origin: this.origin,
      registrationId: this.registrationId,
      data: JSON.stringify(payload),
    });
    try {
      await expect
        .poll(() => this.count('Push event completed'), { timeout: PUSH_HANDLED_TIMEOUT_MS })
        .toBeGreaterThan(completedBefore);
    } catch {
      const dispatched = this.count('Push event dispatched') > dispatchedBefore;
      throw new Error(
        dispatched
          ? `El service worker recibió el push pero no terminó de atenderlo en ${PUSH_HANDLED_TIMEOUT_MS} ms`
          : `Chromium no entregó el push al service worker en ${PUSH_HANDLED_TIMEOUT_MS} ms`,
      );
    }
    const completed = this.log.filter((entry) => entry.step === 'Push event completed').at(-1);
    if (completed?.status !== 'Success') throw new Error(`El evento push terminó con estado ${completed?.status}`);
  }

  private count(step: PushStep): number {
    return this.log.filter((entry) => entry.step === step).length;
  }

  notifications(): Promise<ShownNotification[]> {
    return this.worker.evaluate(async () => {
      const scope = self as unknown as WorkerScope;
      return (await scope.registration.getNotifications()).map((notification) => ({
        title: notification.title,
        body: notification.body,
        tag: notification.tag,
        icon: notification.icon,
        badge: (notification as Notification & { badge: string }).badge,
        data: notification.data as unknown,
      }));
    });
  }

  /** Clicks the first notification shown, as the user would (a synthetic `notificationclick` in the worker). */
  async clickNotification(): Promise<void> {
    await this.worker.evaluate(async () => {
      const scope = self as unknown as WorkerScope;
      const [notification] = await scope.registration.getNotifications();
      if (!notification) throw new Error('No hay notificaciones');
      scope.dispatchEvent(new scope.NotificationEvent('notificationclick', { notification }));
    });
  }
}
