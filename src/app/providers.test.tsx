import { dehydrate, QueryClient, useQuery } from '@tanstack/react-query';
import type { PersistedClient } from '@tanstack/react-query-persist-client';
import { act, render, screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { deleteAnswer, readAnswer } from '../lib/db';
import { QUERY_CACHE_BUSTER, QUERY_CACHE_STORAGE_KEY, queryPersister } from '../lib/query';
import { sessionsAtom } from '../lib/session/atoms';
import { appStore, RESTORE_TIMEOUT_MS } from '../lib/store';
import { TEST_API } from '../testing/api-url';
import { server } from '../testing/msw-server';
import { loggedInAs } from '../testing/session';
import { Providers } from './providers';

/** A copy of the query cache as the device keeps it, with one answer. */
function savedCopy(greeting: string): PersistedClient {
  const client = new QueryClient();
  client.setQueryData(['greeting'], greeting);
  return { timestamp: Date.now(), buster: QUERY_CACHE_BUSTER, clientState: dehydrate(client) };
}

/** A page that reads the saved answer and records what each of its renders saw. */
function pageRecording(renders: (string | undefined)[]) {
  return function Page() {
    const { data } = useQuery({
      queryKey: ['greeting'],
      queryFn: () => new Promise<string>(() => undefined),
      staleTime: Number.POSITIVE_INFINITY,
    });
    renders.push(data);
    return <p>{data ?? 'sin respuesta'}</p>;
  };
}

/** Lets IndexedDB's and React's pending work run: the stored state's restoration ends in it. */
async function settle() {
  await act(() => new Promise((resolve) => setTimeout(resolve, 100)));
}

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('the restoration gate (product §4)', () => {
  it('renders the page once, after both the stored state and the query cache’s copy are back', async () => {
    let restored: (client: PersistedClient) => void = () => undefined;
    vi.spyOn(queryPersister, 'restoreClient').mockReturnValue(
      new Promise((resolve) => {
        restored = resolve;
      }),
    );
    const renders: (string | undefined)[] = [];
    const Page = pageRecording(renders);
    render(
      <Providers>
        <Page />
      </Providers>,
    );
    await settle();
    // The stored state is back, the copy is not: still the placeholder, the page not rendered even once.
    expect(screen.getByTestId('restoration-placeholder')).toBeTruthy();
    expect(renders).toEqual([]);
    await act(async () => restored(savedCopy('hola')));
    expect(await screen.findByText('hola')).toBeTruthy();
    expect(renders).toEqual(['hola']);
  });

  it('opens after 5000 ms even when the query cache’s copy never comes back', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    vi.spyOn(queryPersister, 'restoreClient').mockReturnValue(new Promise(() => undefined));
    const Page = pageRecording([]);
    render(
      <Providers>
        <Page />
      </Providers>,
    );
    await act(() => vi.advanceTimersByTimeAsync(RESTORE_TIMEOUT_MS - 1));
    expect(screen.getByTestId('restoration-placeholder')).toBeTruthy();
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(screen.getByText('sin respuesta')).toBeTruthy();
  });

  it('reads the sessions again when the connection returns (an offline start did not ask)', async () => {
    const profile = await loggedInAs('co');
    let asked = 0;
    server.use(
      http.get(`${TEST_API}/auth/sso/validate`, () => {
        asked += 1;
        return HttpResponse.json({
          user: { ...profile, display_name: 'Nombre leído de nuevo' },
          expiresAt: new Date(Date.now() + 60_000).toISOString(),
        });
      }),
    );
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    render(
      <Providers>
        <p>página</p>
      </Providers>,
    );
    expect(await screen.findByText('página')).toBeTruthy();
    await settle();
    expect(asked).toBe(0);
    onLine.mockReturnValue(true);
    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    await vi.waitFor(() => expect(appStore.get(sessionsAtom).co?.user.displayName).toBe('Nombre leído de nuevo'));
    expect(asked).toBe(1);
  });

  it('writes the query cache’s copy at once when the page is hidden or left, once the copy is restored', async () => {
    // The throttled writes never land here: what the device gets comes from leaving the page.
    vi.spyOn(queryPersister, 'persistClient').mockResolvedValue(undefined);
    let restored: (client: PersistedClient | undefined) => void = () => undefined;
    vi.spyOn(queryPersister, 'restoreClient').mockReturnValue(
      new Promise((resolve) => {
        restored = resolve;
      }),
    );
    function Page() {
      const { data } = useQuery({ queryKey: ['register'], queryFn: () => Promise.resolve('pacientes') });
      return <p>{data ?? 'sin respuesta'}</p>;
    }
    render(
      <Providers>
        <Page />
      </Providers>,
    );
    const savedAnswer = async () => {
      const saved = await readAnswer(QUERY_CACHE_STORAGE_KEY);
      return saved && (JSON.parse(saved) as PersistedClient).clientState.queries.map((query) => query.state.data);
    };
    await settle();
    // Still restoring: leaving now would replace the device's copy with an empty cache.
    act(() => {
      window.dispatchEvent(new Event('pagehide'));
    });
    await settle();
    expect(await savedAnswer()).toBeUndefined();

    await act(async () => restored(undefined));
    expect(await screen.findByText('pacientes')).toBeTruthy();
    act(() => {
      window.dispatchEvent(new Event('pagehide'));
    });
    await vi.waitFor(async () => expect(await savedAnswer()).toEqual(['pacientes']));

    await deleteAnswer(QUERY_CACHE_STORAGE_KEY);
    const visibility = vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    act(() => {
      document.dispatchEvent(new Event('visibilitychange'));
    });
    await vi.waitFor(async () => expect(await savedAnswer()).toEqual(['pacientes']));
    visibility.mockRestore();
  });
});
