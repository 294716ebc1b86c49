import { act, cleanup, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FIRST_FRAME_WAIT_MS, useIdleAfterFirstPaint } from './use-idle-after-first-paint';

describe('useIdleAfterFirstPaint', () => {
  let frames: FrameRequestCallback[];
  let idleCallbacks: IdleRequestCallback[];

  beforeEach(() => {
    frames = [];
    idleCallbacks = [];
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => frames.push(callback));
    vi.stubGlobal('cancelAnimationFrame', () => undefined);
    vi.stubGlobal('requestIdleCallback', (callback: IdleRequestCallback) => idleCallbacks.push(callback));
    vi.stubGlobal('cancelIdleCallback', () => undefined);
  });

  afterEach(() => {
    // Unmounted while the stand-ins are still there: the hook cancels what it asked for.
    cleanup();
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  const idle = () => idleCallbacks.splice(0).forEach((callback) => callback({} as IdleDeadline));

  it('is false through the first frame and until the browser is idle after it', () => {
    const { result } = renderHook(() => useIdleAfterFirstPaint());
    expect(result.current).toBe(false);
    act(() => frames.splice(0).forEach((callback) => callback(0)));
    expect(result.current).toBe(false);
    act(() => vi.advanceTimersByTime(0));
    expect(idleCallbacks).toHaveLength(1);
    expect(result.current).toBe(false);
    act(idle);
    expect(result.current).toBe(true);
  });

  it('still waits for idle after FIRST_FRAME_WAIT_MS when no frame comes (a hidden tab)', () => {
    const { result } = renderHook(() => useIdleAfterFirstPaint());
    act(() => vi.advanceTimersByTime(FIRST_FRAME_WAIT_MS - 1));
    expect(idleCallbacks).toHaveLength(0);
    act(() => vi.advanceTimersByTime(1));
    act(idle);
    expect(result.current).toBe(true);
  });

  it('uses a task where the browser has no idle callbacks', () => {
    vi.stubGlobal('requestIdleCallback', undefined);
    const { result } = renderHook(() => useIdleAfterFirstPaint());
    act(() => frames.splice(0).forEach((callback) => callback(0)));
    act(() => vi.advanceTimersByTime(1));
    act(() => vi.advanceTimersByTime(1));
    expect(result.current).toBe(true);
  });
});
