/**
 * The longest the app waits for the browser to report its first paint. The static placeholder always has text, so
 * the report comes within a frame or two of the stylesheet; this only bounds a browser that never sends it.
 */
export const FIRST_PAINT_WAIT_MS = 1000;

/**
 * Resolves once the first contentful frame (the static placeholder of index.html) is on screen, so the app's
 * JavaScript runs after it instead of before it. Resolves at once when no paint is coming (a hidden or prerendering
 * tab) or the browser does not report paints, and at the latest after `FIRST_PAINT_WAIT_MS`.
 */
export function afterFirstPaint(): Promise<void> {
  if (
    document.visibilityState !== 'visible' ||
    typeof PerformanceObserver === 'undefined' ||
    !PerformanceObserver.supportedEntryTypes.includes('paint')
  ) {
    return Promise.resolve();
  }
  return new Promise((resolve) => {
    const observer = new PerformanceObserver((entries) => {
      if (entries.getEntriesByName('first-contentful-paint').length > 0) done();
    });
    const onHidden = () => {
      if (document.visibilityState !== 'visible') done();
    };
    const timer = setTimeout(done, FIRST_PAINT_WAIT_MS);
    function done() {
      observer.disconnect();
      clearTimeout(timer);
      document.removeEventListener('visibilitychange', onHidden);
      resolve();
    }
    document.addEventListener('visibilitychange', onHidden);
    // `buffered`: the paint may already have happened while this module was downloading.
    observer.observe({ type: 'paint', buffered: true });
  });
}
