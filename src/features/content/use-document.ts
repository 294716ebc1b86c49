import { use } from 'react';

const documents = new Map<string, Promise<string>>();

/** Suspends until the document is loaded; each document is fetched once per page life. A failure may be retried. */
export function useDocument(key: string, load: () => Promise<string>): string {
  let pending = documents.get(key);
  if (!pending) {
    pending = load();
    documents.set(key, pending);
    pending.catch(() => documents.delete(key));
  }
  return use(pending);
}
