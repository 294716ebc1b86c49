import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildOutboxItem, installFakeServiceWorker } from '../testing/fake-service-worker';
import {
  discardOutboxItem,
  onOutboxDelivered,
  outboxHeaders,
  replayOutbox,
  retryOutboxItem,
  startOutbox,
  useOutboxItems,
} from './outbox';
import { OUTBOX_MESSAGES, OUTBOX_META_HEADER } from './shared/outbox';

let stop: () => void = () => undefined;
let worker: ReturnType<typeof installFakeServiceWorker> | undefined;

afterEach(() => {
  stop();
  worker?.uninstall();
  vi.useRealTimers();
});

/** Lets the MessageChannel answers (macrotasks) arrive. */
const settle = () => act(() => new Promise((resolve) => setTimeout(resolve, 20)));

describe('outbox client', () => {
  it('describes a write for the service worker in one URI-encoded header', () => {
    const headers = outboxHeaders({ kind: 'patient', country: 'co', author: 'uid-1', label: 'Ana Gómez' });
    expect(JSON.parse(decodeURIComponent(headers[OUTBOX_META_HEADER] ?? ''))).toEqual({
      kind: 'patient',
      country: 'co',
      author: 'uid-1',
      label: 'Ana Gómez',
    });
  });

  it('lists what the worker keeps, follows its changes and reports each delivery once', async () => {
    worker = installFakeServiceWorker([buildOutboxItem()]);
    const delivered = vi.fn();
    const unsubscribe = onOutboxDelivered(delivered);
    const { result } = renderHook(() => useOutboxItems());
    stop = startOutbox();
    await settle();
    expect(result.current.map((item) => item.state)).toEqual(['pending']);

    const done = buildOutboxItem({ state: 'delivered', response: { patient: { id: 7 } } });
    act(() => worker?.update([done]));
    act(() => worker?.update([done]));
    expect(result.current.map((item) => item.state)).toEqual(['delivered']);
    expect(delivered).toHaveBeenCalledTimes(1);
    expect(delivered).toHaveBeenCalledWith(done);
    unsubscribe();
  });

  it('keeps the same list, and renders no reader again, when the worker sends an unchanged copy', async () => {
    const kept = buildOutboxItem();
    worker = installFakeServiceWorker([kept]);
    let renders = 0;
    const { result } = renderHook(() => {
      renders += 1;
      return useOutboxItems();
    });
    stop = startOutbox();
    await settle();
    const listed = result.current;
    const rendersAfterList = renders;
    act(() => worker?.update([{ ...kept }]));
    expect(result.current).toBe(listed);
    expect(renders).toBe(rendersAfterList);
    act(() => worker?.update([{ ...kept, attempts: kept.attempts + 1 }]));
    expect(result.current[0]?.attempts).toBe(kept.attempts + 1);
    expect(renders).toBe(rendersAfterList + 1);
  });

  it('asks for a replay when the connection comes back, giving no token (the cookie authenticates)', async () => {
    worker = installFakeServiceWorker([buildOutboxItem()]);
    stop = startOutbox();
    await settle();
    worker.asked.length = 0;
    window.dispatchEvent(new Event('online'));
    await settle();
    expect(worker.asked).toEqual([{ type: OUTBOX_MESSAGES.replay, force: true }]);
  });

  it('asks a few more times in the seconds after the connection comes back, while something waits', async () => {
    worker = installFakeServiceWorker([buildOutboxItem()]);
    stop = startOutbox();
    await settle();
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    worker.asked.length = 0;
    window.dispatchEvent(new Event('online'));
    await act(() => vi.advanceTimersByTimeAsync(2_000));
    // The first try may fail: the interface is up before the server answers. The next ask is 2 s later, not 30 s.
    expect(worker.asked.map((message) => [message.type, message.force])).toEqual([
      [OUTBOX_MESSAGES.replay, true],
      [OUTBOX_MESSAGES.replay, false],
    ]);
    act(() => worker?.update([buildOutboxItem({ state: 'delivered' })]));
    worker.asked.length = 0;
    await act(() => vi.advanceTimersByTimeAsync(10_000));
    expect(worker.asked).toEqual([]);
  });

  it('asks again when a write’s backoff ends, without forcing the others', async () => {
    worker = installFakeServiceWorker([]);
    stop = startOutbox();
    await settle();
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    act(() => worker?.update([buildOutboxItem({ nextAttemptAt: Date.now() + 10_000 })]));
    worker.asked.length = 0;
    await act(() => vi.advanceTimersByTimeAsync(9_000));
    expect(worker.asked).toEqual([]);
    await act(() => vi.advanceTimersByTimeAsync(2_000));
    expect(worker.asked.map((message) => [message.type, message.force])).toEqual([[OUTBOX_MESSAGES.replay, false]]);
  });

  it('sends retry and discard for one item, and a forced replay when asked', async () => {
    worker = installFakeServiceWorker([buildOutboxItem({ id: 'clave-a' }), buildOutboxItem({ id: 'clave-b' })]);
    const { result } = renderHook(() => useOutboxItems());
    stop = startOutbox();
    await settle();
    worker.asked.length = 0;
    await act(async () => {
      await retryOutboxItem('clave-a');
      await discardOutboxItem('clave-b');
      await replayOutbox();
    });
    expect(worker.asked.map((message) => [message.type, message.id ?? null])).toEqual([
      [OUTBOX_MESSAGES.retry, 'clave-a'],
      [OUTBOX_MESSAGES.discard, 'clave-b'],
      [OUTBOX_MESSAGES.replay, null],
    ]);
    expect(result.current.map((item) => item.id)).toEqual(['clave-a']);
  });

  it('keeps nothing where no service worker runs', async () => {
    worker = installFakeServiceWorker([buildOutboxItem()]);
    const { result } = renderHook(() => useOutboxItems());
    stop = startOutbox();
    await settle();
    stop();
    worker.uninstall();
    worker = undefined;
    act(() => {
      stop = startOutbox();
    });
    expect(result.current).toEqual([]);
  });
});
