import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { afterFirstPaint, FIRST_PAINT_WAIT_MS } from './startup';

/** A browser's paint reports, played by hand: `paint()` delivers the first contentful paint to every observer. */
class FakePaintObserver {
  static supportedEntryTypes: readonly string[] = ['paint', 'resource'];
  static observers: FakePaintObserver[] = [];
  observing = false;

  constructor(private readonly callback: (entries: { getEntriesByName: (name: string) => unknown[] }) => void) {
    FakePaintObserver.observers.push(this);
  }

  observe() {
    this.observing = true;
  }

  disconnect() {
    this.observing = false;
  }

  static paint(name = 'first-contentful-paint') {
    for (const observer of FakePaintObserver.observers.filter((candidate) => candidate.observing)) {
      observer.callback({ getEntriesByName: (wanted) => (wanted === name ? [{ name }] : []) });
    }
  }
}

function setVisibility(state: DocumentVisibilityState) {
  vi.spyOn(document, 'visibilityState', 'get').mockReturnValue(state);
  document.dispatchEvent(new Event('visibilitychange'));
}

/** Whether the promise has settled once pending microtasks ran. */
async function settled(promise: Promise<void>): Promise<boolean> {
  let done = false;
  void promise.then(() => {
    done = true;
  });
  await Promise.resolve();
  await Promise.resolve();
  return done;
}

describe('afterFirstPaint', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    FakePaintObserver.observers = [];
    vi.stubGlobal('PerformanceObserver', FakePaintObserver);
    vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('visible');
  });

  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('waits for the first contentful paint, then stops observing', async () => {
    const painted = afterFirstPaint();
    expect(await settled(painted)).toBe(false);
    FakePaintObserver.paint('first-paint');
    expect(await settled(painted)).toBe(false);
    FakePaintObserver.paint();
    expect(await settled(painted)).toBe(true);
    expect(FakePaintObserver.observers.every((observer) => !observer.observing)).toBe(true);
  });

  it('does not wait longer than FIRST_PAINT_WAIT_MS for a paint that is never reported', async () => {
    const painted = afterFirstPaint();
    vi.advanceTimersByTime(FIRST_PAINT_WAIT_MS - 1);
    expect(await settled(painted)).toBe(false);
    vi.advanceTimersByTime(1);
    expect(await settled(painted)).toBe(true);
  });

  it('stops waiting when the tab is hidden meanwhile: a hidden tab does not paint', async () => {
    const painted = afterFirstPaint();
    setVisibility('hidden');
    expect(await settled(painted)).toBe(true);
  });

  it('does not wait in a tab that is hidden (or prerendering) from the start', async () => {
    setVisibility('hidden');
    expect(await settled(afterFirstPaint())).toBe(true);
    expect(FakePaintObserver.observers).toHaveLength(0);
  });

  it('does not wait in a browser that does not report paints', async () => {
    vi.stubGlobal('PerformanceObserver', { supportedEntryTypes: ['resource'] });
    expect(await settled(afterFirstPaint())).toBe(true);
    vi.stubGlobal('PerformanceObserver', undefined);
    expect(await settled(afterFirstPaint())).toBe(true);
  });
});
