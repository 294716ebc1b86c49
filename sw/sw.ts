/// <reference lib="webworker" />
import { CacheableResponsePlugin } from 'workbox-cacheable-response';
import { clientsClaim } from 'workbox-core';
import { ExpirationPlugin } from 'workbox-expiration';
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheFirst, NetworkFirst, StaleWhileRevalidate } from 'workbox-strategies';
import {
  API_PATH_PREFIX,
  CACHE_NAMES,
  CATALOGUE_API_PATHS,
  CATALOGUE_CACHE_MAX_AGE_S,
  CATALOGUE_CACHE_MAX_ENTRIES,
  LIBRARY_CACHE_MAX_AGE_S,
  LIBRARY_CACHE_MAX_ENTRIES,
  LIBRARY_FILE_PATH,
  LIBRARY_NETWORK_TIMEOUT_S,
  MEDIA_CACHE_MAX_AGE_S,
  MEDIA_CACHE_MAX_ENTRIES,
  MEDIA_PATH_PREFIX,
  SW_MESSAGES,
} from '../src/lib/shared/sw-contract';
import './push';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: (string | { url: string; revision: string | null })[] };

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

registerRoute(
  ({ url, request }) =>
    request.method === 'GET' && url.origin === self.location.origin && url.pathname.startsWith(MEDIA_PATH_PREFIX),
  new CacheFirst({
    cacheName: CACHE_NAMES.media,
    plugins: [
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
    ],
  }),
);

self.addEventListener('message', (event) => {
  if ((event.data as { type?: string } | null)?.type === SW_MESSAGES.skipWaiting) void self.skipWaiting();
});

// The first installation takes the open page at once, so what it loads next is already cached for offline use.
clientsClaim();
