import { QueryClientProvider, type QueryClient, type QueryKey } from '@tanstack/react-query';
import { renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createQueryClient } from '../lib/query';

/** Renders a hook under a query client with the app's defaults (no retries, offline-first), returned for inspection. */
export function renderWithQueryClient<T>(hook: () => T) {
  const client = createQueryClient();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  return { ...renderHook(hook, { wrapper }), client };
}

/** Puts an answer under each key, unobserved, so a test sees which ones a write marks stale and no refetch runs. */
export function seedQueries(client: QueryClient, keys: readonly QueryKey[]): void {
  for (const key of keys) client.setQueryData(key, { seeded: true });
}

/** The keys marked stale (invalidated) since they were seeded. */
export function invalidatedKeys(client: QueryClient): QueryKey[] {
  return client
    .getQueryCache()
    .getAll()
    .filter((query) => query.state.isInvalidated)
    .map((query) => query.queryKey);
}

/** Renders a mutation hook with an answer under each of `keys`, returned too, to see which ones the write marks stale. */
export function renderWithSeededQueries<T, Keys extends Record<string, QueryKey>>(hook: () => T, keys: Keys) {
  const rendered = renderWithQueryClient(hook);
  seedQueries(rendered.client, Object.values(keys));
  return { ...rendered, keys };
}
