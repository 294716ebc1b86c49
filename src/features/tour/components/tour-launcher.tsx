import { useLingui } from '@lingui/react';
import { useAtom } from 'jotai';
import { useEffect, useRef } from 'react';
import { tourRequestedAtom } from '../atoms';

/**
 * Rendered by the home page, whose screens the tour presents: it runs the tour when the invitation or the footer asks
 * for it. driver.js is downloaded only then; leaving home ends the tour.
 */
export function TourLauncher() {
  const { i18n } = useLingui();
  const [requested, setRequested] = useAtom(tourRequestedAtom);
  const stopTour = useRef<(() => void) | undefined>(undefined);

  useEffect(() => () => stopTour.current?.(), []);

  useEffect(() => {
    if (!requested) return;
    let cancelled = false;
    void import('../run-tour').then(({ runTour }) => {
      if (cancelled) return;
      setRequested(false);
      stopTour.current?.();
      stopTour.current = runTour(i18n);
    });
    return () => {
      cancelled = true;
    };
  }, [requested, setRequested, i18n]);

  return null;
}
