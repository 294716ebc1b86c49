import { vi } from 'vitest';

// jsdom has no service worker, PushManager or Notification: this stands in for a browser that has them, with the
// parts a test decides (the permission the user gives, whether the push service answers) and records what the app
// asked for. `uninstall()` removes it again.

export interface FakePushOptions {
  /** What `Notification.requestPermission()` answers (and `Notification.permission` after it). */
  answer?: NotificationPermission;
  /** `Notification.permission` before anything is asked. */
  permission?: NotificationPermission;
  /** `pushManager.subscribe` rejects with this (a browser without a reachable push service). */
  subscribeError?: Error;
  /** `pushManager.subscribe` never settles (browsers whose push service is switched off). */
  subscribeHangs?: boolean;
  /** `Notification.requestPermission()` waits until the test calls `answerPermission`, as a person does. */
  permissionWaits?: boolean;
  /** The browser already holds a subscription with this endpoint. */
  existingEndpoint?: string;
}

export class FakePushSubscription {
  readonly expirationTime = null;
  readonly unsubscribe = vi.fn(async () => {
    this.onUnsubscribe(this);
    return true;
  });

  constructor(
    readonly endpoint: string,
    readonly options: { applicationServerKey: ArrayBuffer | null; userVisibleOnly: boolean },
    private readonly onUnsubscribe: (subscription: FakePushSubscription) => void,
  ) {}

  toJSON() {
    return {
      endpoint: this.endpoint,
      expirationTime: null,
      keys: {
        p256dh: 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM',
        auth: 'tBHItJI5svbpez7KI4CCXg',
      },
    };
  }
}

export function installFakePush(options: FakePushOptions = {}) {
  let current: FakePushSubscription | null = null;
  let permission: NotificationPermission = options.permission ?? 'default';
  const forget = (subscription: FakePushSubscription) => {
    if (current === subscription) current = null;
  };
  if (options.existingEndpoint) {
    current = new FakePushSubscription(
      options.existingEndpoint,
      { applicationServerKey: null, userVisibleOnly: true },
      forget,
    );
  }
  const pushManager = {
    getSubscription: vi.fn(async () => current),
    subscribe: vi.fn(async (request: { userVisibleOnly: boolean; applicationServerKey: Uint8Array }) => {
      if (options.subscribeError) throw options.subscribeError;
      if (options.subscribeHangs) await new Promise<never>(() => undefined);
      const key = request.applicationServerKey;
      current = new FakePushSubscription(
        'https://push.example.test/dispositivo-1',
        { userVisibleOnly: request.userVisibleOnly, applicationServerKey: key.slice().buffer },
        forget,
      );
      return current;
    }),
  };
  const registration = { pushManager };
  let answerPermission: () => void = () => undefined;
  const requestPermission = vi.fn(async () => {
    if (options.permissionWaits) await new Promise<void>((resolve) => (answerPermission = resolve));
    permission = options.answer ?? 'granted';
    return permission;
  });
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    // A container the page can listen to (the outbox does), with no worker in control: no outbox here.
    value: Object.assign(new EventTarget(), {
      controller: null,
      ready: Promise.resolve(registration),
      getRegistration: async () => registration,
    }),
  });
  vi.stubGlobal('PushManager', class {});
  vi.stubGlobal('Notification', {
    get permission() {
      return permission;
    },
    requestPermission,
  });
  return {
    pushManager,
    requestPermission,
    answerPermission: () => answerPermission(),
    current: () => current,
    uninstall: () => {
      delete (navigator as { serviceWorker?: unknown }).serviceWorker;
      vi.unstubAllGlobals();
    },
  };
}
