/// <reference lib="webworker" />
import { CacheableResponsePlugin } from 'workbox-cacheable-response';
import { clientsClaim, type WorkboxPlugin } from 'workbox-core';
import { ExpirationPlugin } from 'workbox-expiration';
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheFirst, NetworkFirst, StaleWhileRevalidate } from 'workbox-strategies';
import {
  OUTBOX_MESSAGES,
  OUTBOX_META_HEADER,
  OUTBOX_ROUTES,
  OUTBOX_SYNC_TAG,
  type OutboxRequestMessage,
} from '../src/lib/shared/outbox';
import {
  API_PATH_PREFIX,
  CACHE_NAMES,
  CATALOGUE_API_PATHS,
  CATALOGUE_CACHE_MAX_AGE_S,
  CATALOGUE_CACHE_MAX_ENTRIES,
  LIBRARY_CACHE_MAX_AGE_S,
  LIBRARY_CACHE_MAX_BYTES,
  LIBRARY_CACHE_MAX_ENTRIES,
  LIBRARY_FILE_PATH,
  LIBRARY_NETWORK_TIMEOUT_S,
  MEDIA_CACHE_MAX_AGE_S,
  MEDIA_CACHE_MAX_ENTRIES,
  MEDIA_PATH_PREFIX,
  SW_MESSAGES,
} from '../src/lib/shared/sw-contract';
import { byteBudgetPlugin } from './library-budget';
import { Outbox } from './outbox';
import { idbOutboxStore } from './outbox-store';
import './push';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: (string | { url: string; revision: string | null })[] };

/** Background Sync (Chromium): not in TypeScript's WebWorker library. */
interface SyncEvent extends ExtendableEvent {
  readonly tag: string;
  readonly lastChance: boolean;
}
type SyncRegistration = ServiceWorkerRegistration & { sync?: { register(tag: string): Promise<void> } };

// The shell, the locales' chunks and the icons: enough to open the app with no network.
precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

// Client routes fall back to the shell; API calls and server files never do, or a 404 would turn into a page.
registerRoute(
  new NavigationRoute(createHandlerBoundToURL('/index.html'), {
    denylist: [new RegExp(`^${API_PATH_PREFIX}`), /\/[^/?]+\.[^/?]+$/],
  }),
);

registerRoute(
  ({ url, request }) =>
    request.method === 'GET' &&
    url.origin === self.location.origin &&
    CATALOGUE_API_PATHS.some((path) => url.pathname === path || url.pathname.startsWith(`${path}/`)),
  new StaleWhileRevalidate({
    cacheName: CACHE_NAMES.catalogue,
    plugins: [
      new CacheableResponsePlugin({ statuses: [200] }),
      new ExpirationPlugin({
        maxEntries: CATALOGUE_CACHE_MAX_ENTRIES,
        maxAgeSeconds: CATALOGUE_CACHE_MAX_AGE_S,
        purgeOnQuotaError: true,
      }),
    ],
  }),
);

// Offline, an image asked at a size never fetched (a product page after its catalogue card, a bag line) is answered
// with the size the device has: a smaller picture beats a broken one.
const anyCachedSize: WorkboxPlugin = {
  handlerDidError: async ({ request }) =>
    (await caches.open(CACHE_NAMES.media)).match(request, { ignoreSearch: true, ignoreVary: true }),
};

registerRoute(
  ({ url, request }) =>
    request.method === 'GET' && url.origin === self.location.origin && url.pathname.startsWith(MEDIA_PATH_PREFIX),
  new CacheFirst({
    cacheName: CACHE_NAMES.media,
    plugins: [
      anyCachedSize,
      new CacheableResponsePlugin({ statuses: [200] }),
      new ExpirationPlugin({
        maxEntries: MEDIA_CACHE_MAX_ENTRIES,
        maxAgeSeconds: MEDIA_CACHE_MAX_AGE_S,
        purgeOnQuotaError: true,
      }),
    ],
  }),
);

// The library's templates and patient support documents are the same for every professional: a file downloaded
// once opens again in a clinic without connection. The network comes first so a replaced document is never stale.
registerRoute(
  ({ url, request }) =>
    request.method === 'GET' && url.origin === self.location.origin && LIBRARY_FILE_PATH.test(url.pathname),
  new NetworkFirst({
    cacheName: CACHE_NAMES.library,
    networkTimeoutSeconds: LIBRARY_NETWORK_TIMEOUT_S,
    plugins: [
      new CacheableResponsePlugin({ statuses: [200] }),
      new ExpirationPlugin({
        maxEntries: LIBRARY_CACHE_MAX_ENTRIES,
        maxAgeSeconds: LIBRARY_CACHE_MAX_AGE_S,
        purgeOnQuotaError: true,
      }),
      byteBudgetPlugin(LIBRARY_CACHE_MAX_BYTES),
    ],
  }),
);

const outbox = new Outbox({
  store: idbOutboxStore(),
  fetch: (request) => fetch(request),
  notify: async (items) => {
    const pages = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
    for (const page of pages) page.postMessage({ type: OUTBOX_MESSAGES.changed, items });
  },
  requestSync: async () => {
    await (self.registration as SyncRegistration).sync?.register(OUTBOX_SYNC_TAG);
  },
  // A new version of this worker starts (and replays) while the old one still runs: one replay at a time.
  exclusive: (work) => (self.navigator.locks ? self.navigator.locks.request('dispensario-outbox', work) : work()),
});

// Writes a professional makes in a clinic without connection: kept on the device and sent when it comes back.
registerRoute(
  ({ url, request }) =>
    url.origin === self.location.origin &&
    request.headers.has(OUTBOX_META_HEADER) &&
    OUTBOX_ROUTES.some((route) => route.method === request.method && route.path === url.pathname),
  ({ request }) => outbox.handleWrite(request),
  'POST',
);

self.addEventListener('sync', (event) => {
  const sync = event as SyncEvent;
  if (sync.tag !== OUTBOX_SYNC_TAG) return;
  sync.waitUntil(
    outbox.replay().then(({ retryLater }) => {
      // A rejected sync is scheduled again by the browser, with its own backoff; the last chance is simply over.
      if (retryLater > 0 && !sync.lastChance) throw new Error(`${retryLater} envíos pendientes`);
    }),
  );
});

self.addEventListener('message', (event) => {
  const message = event.data as OutboxRequestMessage | { type?: string } | null;
  if (message?.type === SW_MESSAGES.skipWaiting) {
    void self.skipWaiting();
    return;
  }
  const { id, force } = (message ?? {}) as OutboxRequestMessage;
  const reply = (value: unknown) => event.ports[0]?.postMessage(value);
  switch (message?.type) {
    case OUTBOX_MESSAGES.list:
      event.waitUntil(outbox.list().then(reply));
      break;
    case OUTBOX_MESSAGES.replay:
      event.waitUntil(outbox.replay({ force: force ?? false }).then(reply));
      break;
    case OUTBOX_MESSAGES.retry:
      if (id) event.waitUntil(outbox.retry(id).then(reply));
      break;
    case OUTBOX_MESSAGES.forgetDelivered:
      event.waitUntil(outbox.forgetDelivered().then(() => reply(null)));
      break;
    case OUTBOX_MESSAGES.discard:
      if (id) event.waitUntil(outbox.discard(id).then(() => reply(null)));
      break;
    default:
      break;
  }
});

// Browsers without Background Sync replay whenever the worker starts (and the pages ask on 'online').
void outbox.replay();

// The first installation takes the open page at once, so what it loads next is already cached for offline use.
clientsClaim();
