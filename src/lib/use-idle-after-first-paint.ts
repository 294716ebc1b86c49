import { startTransition, useEffect, useState } from 'react';

/**
 * The longest a component waits for its first frame: a hidden tab paints nothing, and what waits for the paint must
 * still happen there (ms).
 */
export const FIRST_FRAME_WAIT_MS = 500;
/** The longest the work then waits for the browser to be idle: a page that never idles still gets it (ms). */
const IDLE_WAIT_MS = 2000;

/**
 * False while a component renders for the first time, true once the browser has painted that render and then found
 * a moment with nothing else to do: work the first screen does not need (reading a large saved copy, say) runs after
 * the screen is up and answering, instead of before it.
 */
export function useIdleAfterFirstPaint(): boolean {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    let cancelled = false;
    let cancelIdle = () => undefined as void;
    let timer: ReturnType<typeof setTimeout> | undefined;
    // A transition: what waited renders in slices between which the browser answers input, not as one long task
    // (the footer and the floating chat render together then).
    const done = () => {
      if (!cancelled) startTransition(() => setReady(true));
    };
    const whenIdle = () => {
      clearTimeout(fallback);
      if (typeof requestIdleCallback === 'function') {
        const idle = requestIdleCallback(done, { timeout: IDLE_WAIT_MS });
        cancelIdle = () => cancelIdleCallback(idle);
      } else {
        timer = setTimeout(done, 0);
      }
    };
    // A frame callback runs before that frame paints; the task after it runs once the paint is done.
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(whenIdle, 0);
    });
    const fallback = setTimeout(whenIdle, FIRST_FRAME_WAIT_MS);
    return () => {
      cancelled = true;
      cancelAnimationFrame(frame);
      clearTimeout(timer);
      clearTimeout(fallback);
      cancelIdle();
    };
  }, []);
  return ready;
}
