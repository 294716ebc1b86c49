import { useIsRestoring, useQueryClient, type QueryClient, type QueryKey } from '@tanstack/react-query';

/**
 * Starts a query's first request while the screen renders, not once it has been committed and painted (when a
 * query hook subscribes and fetches): the answer is on its way during the page's first render. Nothing happens while
 * the device's copy of the answers is being restored (it may hold this one) or once the cache has any state for the
 * key: a return visit, a request in flight or failed is the hooks' to handle, as before. TanStack's own
 * `usePrefetchQuery` does not wait for the restoration: offline, it would ask the network for an answer the device is
 * about to give back.
 */
export function useFetchWhileRendering(queryKey: QueryKey, start: (client: QueryClient) => Promise<unknown>): void {
  const client = useQueryClient();
  const restoring = useIsRestoring();
  if (!restoring && client.getQueryState(queryKey) === undefined) {
    // A failed start is the hooks' to show: the query's own state holds the error.
    start(client).catch(() => undefined);
  }
}
