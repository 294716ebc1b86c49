import { useCallback, useEffect, useState } from 'react';
import { CACHE_NAMES, LIBRARY_FILE_PATH } from '../../lib/shared/sw-contract';

/** The library document a cached file URL is (`/api/documents/{id}/file`), or null. */
function documentIdOf(url: string): number | null {
  const path = new URL(url, 'http://localhost').pathname;
  if (!LIBRARY_FILE_PATH.test(path)) return null;
  return Number(path.split('/')[3]);
}

/**
 * The library files this device keeps: the service worker's library cache holds each file downloaded once (until
 * logout, which deletes it, or its expiry). Read straight from Cache Storage, so the marks follow what is really
 * there, whatever the query cache remembers.
 */
async function savedDocumentIds(): Promise<ReadonlySet<number>> {
  if (!globalThis.caches) return new Set();
  if (!(await caches.has(CACHE_NAMES.library))) return new Set();
  const cache = await caches.open(CACHE_NAMES.library);
  const ids = (await cache.keys()).map((request) => documentIdOf(request.url));
  return new Set(ids.filter((id): id is number => id !== null));
}

function readSaved(): Promise<ReadonlySet<number>> {
  return savedDocumentIds().catch(() => new Set<number>());
}

/** The ids of the library files on this device, and a way to read them again after a download. */
export function useSavedDocuments(): { saved: ReadonlySet<number> | null; refresh: () => Promise<void> } {
  const [saved, setSaved] = useState<ReadonlySet<number> | null>(null);
  const refresh = useCallback(async () => setSaved(await readSaved()), []);
  useEffect(() => {
    let live = true;
    void readSaved().then((ids) => {
      if (live) setSaved(ids);
    });
    return () => {
      live = false;
    };
  }, []);
  return { saved, refresh };
}
