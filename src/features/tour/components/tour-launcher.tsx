import { useLingui } from '@lingui/react';
import { useAtomValue } from 'jotai';
import { useEffect, useRef } from 'react';
import { tourRequestAtom } from '../atoms';
import { FIRST_VISIT_DELAY_MS, FIRST_VISIT_IDLE_TIMEOUT_MS } from '../tour-config';
import { hasSeenTour } from '../tour-storage';

/**
 * Rendered by the home page, whose screens the tour presents: it starts by itself on a device's first visit and
 * again whenever "Ver recorrido guiado" asks. driver.js is downloaded only then; leaving home ends the tour.
 */
export function TourLauncher() {
  const { i18n } = useLingui();
  const request = useAtomValue(tourRequestAtom);
  const handledRequest = useRef(0);

  useEffect(() => {
    const asked = request > handledRequest.current;
    if (!asked && hasSeenTour()) return;
    let cancelled = false;
    let stop: (() => void) | undefined;
    const start = () => {
      void import('../run-tour').then(({ runTour }) => {
        if (cancelled) return;
        handledRequest.current = request;
        stop = runTour(i18n);
      });
    };
    // On a first visit the tour waits for a quiet moment too: on a slow phone the page may still be rendering
    // its products after the delay, and the tour must not compete with it.
    const timer = setTimeout(
      () =>
        asked || typeof requestIdleCallback === 'undefined'
          ? start()
          : requestIdleCallback(start, { timeout: FIRST_VISIT_IDLE_TIMEOUT_MS }),
      asked ? 0 : FIRST_VISIT_DELAY_MS,
    );
    return () => {
      cancelled = true;
      clearTimeout(timer);
      stop?.();
    };
  }, [request, i18n]);

  return null;
}
