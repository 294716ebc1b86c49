import type { BrowserContext, CDPSession, Locator, Page, Worker } from '@playwright/test';
import type { ReminderPushPayload } from '../../../src/lib/shared/reminders';
import { Shell } from './shell';

/** `/{c}/mi-cuenta/recordatorios`: the device's opt-in switch and the in-app list of reminders. */
export class RemindersPage extends Shell {
  readonly heading: Locator;
  readonly optIn: Locator;
  readonly list: Locator;

  constructor(page: Page) {
    super(page);
    this.heading = page.getByRole('heading', { name: 'Recordatorios de recompra', level: 1 });
    this.optIn = page.getByRole('switch', { name: 'Recibir recordatorios de recompra en este dispositivo' });
    this.list = page.getByRole('region', { name: 'Tus próximas recompras' });
  }

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

/**
 * The push side of the service worker through Chromium's DevTools protocol: headless Chromium has no push service,
 * so the test delivers the message itself (`ServiceWorker.deliverPushMessage`) to the page's registration.
 */
export class ServiceWorkerPush {
  private constructor(
    private readonly cdp: CDPSession,
    private readonly registrationId: string,
    private readonly origin: string,
    readonly worker: Worker,
  ) {}

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
    return new ServiceWorkerPush(cdp, registrationId, origin, worker);
  }

  async deliver(payload: ReminderPushPayload): Promise<void> {
    await this.cdp.send('ServiceWorker.deliverPushMessage', {
      origin: this.origin,
      registrationId: this.registrationId,
      data: JSON.stringify(payload),
    });
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
