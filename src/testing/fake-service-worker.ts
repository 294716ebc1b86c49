import { OUTBOX_MESSAGES, type OutboxItem, type OutboxRequestMessage } from '../lib/shared/outbox';

/**
 * A service worker controlling the page, as far as the outbox client sees one: it answers the outbox messages from a
 * list the test sets, records what the page asked, and tells the page when the list changes. The real worker's rules
 * are tested in sw/outbox.test.ts and end to end.
 */
export function installFakeServiceWorker(initial: OutboxItem[] = []) {
  let items = initial;
  const asked: OutboxRequestMessage[] = [];
  const container = new EventTarget();
  const announce = () =>
    container.dispatchEvent(new MessageEvent('message', { data: { type: OUTBOX_MESSAGES.changed, items } }));
  const controller = {
    postMessage(message: OutboxRequestMessage, ports: MessagePort[] = []) {
      asked.push(message);
      const [port] = ports;
      if (message.type === OUTBOX_MESSAGES.list) {
        port?.postMessage(items);
        return;
      }
      if (message.type === OUTBOX_MESSAGES.discard) {
        items = items.filter((item) => item.id !== message.id);
        announce();
      }
      if (message.type === OUTBOX_MESSAGES.forgetDelivered) {
        items = items.filter((item) => item.state !== 'delivered');
        announce();
      }
      port?.postMessage({ retryLater: 0 });
    },
  };
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: Object.assign(container, { controller, ready: Promise.resolve({}) }),
  });
  return {
    asked,
    /** What the worker keeps now. */
    items: () => items,
    /** The worker's list changes (a delivery, a refusal): the pages are told. */
    update(next: OutboxItem[]) {
      items = next;
      announce();
    },
    uninstall() {
      Reflect.deleteProperty(navigator, 'serviceWorker');
    },
  };
}

/** An outbox item with plausible defaults. */
export function buildOutboxItem(overrides: Partial<OutboxItem> = {}): OutboxItem {
  return {
    id: 'clave-00000001',
    kind: 'patient',
    country: 'co',
    author: 'uid-doctor-0000000000000001',
    label: 'Ana Gómez',
    method: 'POST',
    path: '/api/patients',
    createdAt: Date.parse('2026-11-20T15:00:00Z'),
    state: 'pending',
    attempts: 1,
    lastAttemptAt: null,
    nextAttemptAt: null,
    error: { reason: 'offline', message: null },
    status: null,
    response: null,
    deliveredAt: null,
    ...overrides,
  };
}
