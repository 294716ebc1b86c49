import { IsRestoringProvider, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render } from '@testing-library/react';
import { useEffect, type ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useFetchWhileRendering } from './use-fetch-while-rendering';

const KEY = ['co', 'anonymous', 'list'] as const;

describe('useFetchWhileRendering', () => {
  afterEach(cleanup);

  const client = () => new QueryClient({ defaultOptions: { queries: { retry: false } } });

  function Screen({ start, log }: { start: (client: QueryClient) => Promise<unknown>; log: string[] }) {
    useFetchWhileRendering(KEY, (queryClient) => {
      log.push('request');
      return start(queryClient);
    });
    useEffect(() => {
      log.push('committed');
    }, [log]);
    return null;
  }

  const wrap = (queryClient: QueryClient, restoring: boolean, children: ReactNode) => (
    <QueryClientProvider client={queryClient}>
      <IsRestoringProvider value={restoring}>{children}</IsRestoringProvider>
    </QueryClientProvider>
  );

  it('asks for an answer the cache lacks as the screen renders, before it is committed, and only once', async () => {
    const queryClient = client();
    let answer = (_: string) => {};
    const queryFn = vi.fn(() => new Promise<string>((resolve) => (answer = resolve)));
    const start = (c: QueryClient) => c.prefetchQuery({ queryKey: KEY, queryFn });
    const log: string[] = [];
    const { rerender } = render(wrap(queryClient, false, <Screen start={start} log={log} />));
    rerender(wrap(queryClient, false, <Screen start={start} log={log} />));
    expect(log).toEqual(['request', 'committed']);
    expect(queryFn).toHaveBeenCalledTimes(1);
    answer('24 productos');
    await vi.waitFor(() => expect(queryClient.getQueryData(KEY)).toBe('24 productos'));
  });

  it('leaves an answer the device already holds to the query hooks', () => {
    const queryClient = client();
    queryClient.setQueryData(KEY, 'copia del dispositivo');
    const start = vi.fn(() => Promise.resolve());
    render(wrap(queryClient, false, <Screen start={start} log={[]} />));
    expect(start).not.toHaveBeenCalled();
  });

  it('waits while the device copy is restored (it may hold the answer), then asks if it did not', () => {
    const queryClient = client();
    const start = vi.fn(() => Promise.resolve());
    const { rerender } = render(wrap(queryClient, true, <Screen start={start} log={[]} />));
    expect(start).not.toHaveBeenCalled();
    rerender(wrap(queryClient, false, <Screen start={start} log={[]} />));
    expect(start).toHaveBeenCalledWith(queryClient);
  });

  it('swallows a failed start: the query keeps the error for the screen to show', async () => {
    const queryClient = client();
    const start = (c: QueryClient) =>
      c.fetchQuery({ queryKey: KEY, queryFn: () => Promise.reject(new Error('No se pudo conectar')) });
    render(wrap(queryClient, false, <Screen start={start} log={[]} />));
    await vi.waitFor(() => expect(queryClient.getQueryState(KEY)?.status).toBe('error'));
  });
});
