import { useSyncExternalStore } from 'react';
import type { CountryCode } from './shared/countries';
import {
  OUTBOX_MESSAGES,
  OUTBOX_META_HEADER,
  OUTBOX_PAGE_MIN_DELAY_MS,
  OUTBOX_ONLINE_FOLLOW_UPS_MS,
  OUTBOX_PAGE_REPLAY_INTERVAL_MS,
  type OutboxItem,
  type OutboxMeta,
  type OutboxRequestMessage,
} from './shared/outbox';

// The page's side of the service worker's outbox (sw/outbox.ts): what is waiting, and the user's say over it.

/** The pending-uploads centre of the account area. */
export function outboxPagePath(country: CountryCode): string {
  return `/${country}/mi-cuenta/envios-pendientes`;
}

/** The header that lets the service worker keep this write when the network fails. */
export function outboxHeaders(meta: OutboxMeta): Record<string, string> {
  return { [OUTBOX_META_HEADER]: encodeURIComponent(JSON.stringify(meta)) };
}

/** Whether a write made now can be kept on the device: a service worker controls the page. */
export function outboxAvailable(): boolean {
  return typeof navigator !== 'undefined' && Boolean(navigator.serviceWorker?.controller);
}

async function ask<T>(message: OutboxRequestMessage): Promise<T | undefined> {
  const worker = navigator.serviceWorker?.controller;
  if (!worker) return undefined;
  const channel = new MessageChannel();
  const answer = new Promise<T>((resolve) => {
    channel.port1.onmessage = (event: MessageEvent<T>) => resolve(event.data);
  });
  worker.postMessage(message, [channel.port2]);
  return answer;
}

type Listener = () => void;
type DeliveryListener = (item: OutboxItem) => void;

let items: OutboxItem[] = [];
/** `items` as JSON, made when the list changes: each message of the worker is compared with it. */
let itemsJson = JSON.stringify(items);
const listeners = new Set<Listener>();
const deliveryListeners = new Set<DeliveryListener>();
/** The replay asked for when the next backoff ends, while the outbox is started. */
let dueTimer: ReturnType<typeof setTimeout> | undefined;
let started = false;

function scheduleDue(): void {
  clearTimeout(dueTimer);
  const due = items
    .filter((item) => item.state === 'pending' && item.nextAttemptAt !== null)
    .map((item) => item.nextAttemptAt as number);
  if (!started || due.length === 0) return;
  // A little after the moment: the worker's clock decides, and a replay asked a hair early would send nothing.
  const delay = Math.max(OUTBOX_PAGE_MIN_DELAY_MS, Math.min(...due) - Date.now() + OUTBOX_PAGE_MIN_DELAY_MS / 4);
  dueTimer = setTimeout(() => {
    // Rescheduled after the answer too: a replay that sent nothing changes nothing, and no message would come.
    if (navigator.onLine) void replayOutbox({ force: false }).then(scheduleDue);
  }, delay);
}

function receive(next: OutboxItem[]): void {
  // The worker answers each refresh with a new copy of its list. An unchanged one keeps the array the screens hold:
  // a new one renders every reader again (the layout, the prescription builder), for nothing, in the first seconds of
  // a page.
  const nextJson = JSON.stringify(next);
  if (nextJson === itemsJson) {
    scheduleDue();
    return;
  }
  const before = new Map(items.map((item) => [item.id, item.state]));
  items = next;
  itemsJson = nextJson;
  scheduleDue();
  for (const listener of listeners) listener();
  for (const item of next) {
    const previous = before.get(item.id);
    if (item.state === 'delivered' && previous !== undefined && previous !== 'delivered') {
      for (const listener of deliveryListeners) listener(item);
    }
  }
}

async function refreshOutbox(): Promise<void> {
  const listed = await ask<OutboxItem[]>({ type: OUTBOX_MESSAGES.list });
  if (listed) receive(listed);
}

/**
 * Sends what waits (each country's session cookie authenticates it). `force` (the connection came back, the user asked) also sends what
 * waits its backoff.
 */
export async function replayOutbox({ force = true }: { force?: boolean } = {}): Promise<void> {
  await ask({ type: OUTBOX_MESSAGES.replay, force });
}

export async function retryOutboxItem(id: string): Promise<void> {
  await ask({ type: OUTBOX_MESSAGES.retry, id });
}

export async function discardOutboxItem(id: string): Promise<void> {
  await ask({ type: OUTBOX_MESSAGES.discard, id });
}

/** After an account is deleted: its writes can never be sent any more, and they name patients. */
export async function discardOutboxOf(author: string): Promise<void> {
  await Promise.all(items.filter((item) => item.author === author).map((item) => discardOutboxItem(item.id)));
}

/** At logout: the delivered writes leave the device; what is still to be sent stays for its author. */
export async function forgetDeliveredOutbox(): Promise<void> {
  await ask({ type: OUTBOX_MESSAGES.forgetDelivered });
}

/** Called once per item the server takes while this page is open (the screens refresh what it changed). */
export function onOutboxDelivered(listener: DeliveryListener): () => void {
  deliveryListeners.add(listener);
  return () => deliveryListeners.delete(listener);
}

function subscribe(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** One write kept on this device, by its id (the Idempotency-Key it was sent with). */
export function useOutboxItem(id: string | null | undefined): OutboxItem | undefined {
  const all = useOutboxItems();
  return id ? all.find((item) => item.id === id) : undefined;
}

/** Every write kept on this device, oldest first, kept up to date by the service worker. */
export function useOutboxItems(): readonly OutboxItem[] {
  return useSyncExternalStore(
    subscribe,
    () => items,
    () => items,
  );
}

/** How many writes of this account the server has not taken yet (refused ones included: they wait for the user). */
export function useUndeliveredCount(author: string | undefined): number {
  return useOutboxItems().filter((item) => author !== undefined && item.author === author && item.state !== 'delivered')
    .length;
}

const waiting = (item: OutboxItem) => item.state !== 'delivered' && item.state !== 'rejected';

/**
 * Listens to the service worker and asks it to replay when it may help: at start, when the connection comes back,
 * and every `OUTBOX_PAGE_REPLAY_INTERVAL_MS` while something waits (browsers without Background Sync have nothing
 * else). Returns the function that stops it.
 */
export function startOutbox(): () => void {
  const container = typeof navigator === 'undefined' ? undefined : navigator.serviceWorker;
  if (!container) {
    // No service worker, no outbox: nothing is kept on this device.
    receive([]);
    return () => undefined;
  }
  const onMessage = (event: MessageEvent<{ type?: string; items?: OutboxItem[] }>) => {
    if (event.data?.type === OUTBOX_MESSAGES.changed && Array.isArray(event.data.items)) receive(event.data.items);
  };
  const replayIfWaiting = () => {
    if (navigator.onLine && items.some(waiting)) void replayOutbox({ force: false });
  };
  let followUps: ReturnType<typeof setTimeout>[] = [];
  const onOnline = () => {
    void replayOutbox();
    followUps.forEach(clearTimeout);
    followUps = OUTBOX_ONLINE_FOLLOW_UPS_MS.map((delayMs) => setTimeout(replayIfWaiting, delayMs));
  };
  const onController = () => void refreshOutbox().then(() => replayOutbox({ force: false }));
  container.addEventListener('message', onMessage);
  container.addEventListener('controllerchange', onController);
  window.addEventListener('online', onOnline);
  const timer = setInterval(replayIfWaiting, OUTBOX_PAGE_REPLAY_INTERVAL_MS);
  started = true;
  void refreshOutbox().then(replayIfWaiting);
  return () => {
    started = false;
    clearTimeout(dueTimer);
    followUps.forEach(clearTimeout);
    container.removeEventListener('message', onMessage);
    container.removeEventListener('controllerchange', onController);
    window.removeEventListener('online', onOnline);
    clearInterval(timer);
  };
}
