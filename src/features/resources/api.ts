import { queryOptions } from '@tanstack/react-query';
import { gatewayClient } from '../../lib/http';
import { env } from '../../lib/env';
import { KEEP_ON_DEVICE_META } from '../../lib/query';
import { CACHE_NAMES, LIBRARY_FILE_PATH } from '../../lib/shared/sw-contract';
import type { CountryCode } from '../../lib/shared/countries';
import type { LibraryDocumentDto } from '../../lib/shared/prescriptions';

/**
 * The document library changes rarely: an hour's copy is fresh enough, and the list is kept on the device (the files
 * themselves only once downloaded, in the service worker's library cache).
 */
const DOCUMENTS_STALE_MS = 60 * 60 * 1000;

/** Keys carry the country (logout drops a country's answers by `queryKey[1]`) and the viewer. */
export const documentQueries = {
  all: (country: CountryCode) => ['documents', country] as const,
  list: (country: CountryCode, viewer: string) =>
    queryOptions({
      queryKey: [...documentQueries.all(country), viewer, 'list'] as const,
      queryFn: ({ signal }) => gatewayClient.request<{ data: LibraryDocumentDto[] }>('/documents', { country, signal }),
      staleTime: DOCUMENTS_STALE_MS,
      meta: KEEP_ON_DEVICE_META,
    }),
};

/**
 * Fetches the file with the session's token and hands it to the browser as a download under its own name: a plain
 * link would depend on the session cookie reaching the API's origin.
 */
export async function downloadDocument(country: CountryCode, document: LibraryDocumentDto): Promise<void> {
  const blob = await fetchDocument(country, document);
  const url = URL.createObjectURL(blob);
  const link = window.document.createElement('a');
  link.href = url;
  link.download = document.fileName;
  link.rel = 'noopener';
  window.document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/**
 * The file, through the service worker: it answers from the device offline and keeps what the network brings. The
 * page stores it too when the worker has not yet: the worker's copy is written after the page has its answer, and
 * the marks read right after must find it.
 */
async function fetchDocument(country: CountryCode, document: LibraryDocumentDto): Promise<Blob> {
  const blob = await gatewayClient.request<Blob>(`/documents/${document.id}/file`, { country, responseType: 'blob' });
  await keepOnDevice(document.id, blob).catch(() => undefined);
  return blob;
}

/** Into the service worker's library cache, under the key the worker uses; only where a worker can serve it. */
async function keepOnDevice(documentId: number, blob: Blob): Promise<void> {
  if (!globalThis.caches || !navigator.serviceWorker?.controller) return;
  const url = new URL(`${env.gatewayBaseUrl}/documents/${documentId}/file`, window.location.origin);
  if (url.origin !== window.location.origin || !LIBRARY_FILE_PATH.test(url.pathname)) return;
  const cache = await caches.open(CACHE_NAMES.library);
  if (await cache.match(url.href)) return;
  const headers = { 'content-type': blob.type || 'application/octet-stream', 'content-length': String(blob.size) };
  await cache.put(url.href, new Response(blob, { headers }));
}

/** 'Guardar en este dispositivo': the file is fetched once, so the service worker keeps it for offline use. */
export async function saveDocumentOnDevice(country: CountryCode, document: LibraryDocumentDto): Promise<void> {
  await fetchDocument(country, document);
}
