import { lazy, Suspense } from 'react';
import type { CountryCode } from '../../lib/shared/countries';
import { useIdleAfterFirstPaint } from '../../lib/use-idle-after-first-paint';

const FooterContent = lazy(async () => ({ default: (await import('./footer-content')).FooterContent }));

/**
 * The footer sits below every page's content, so its code loads after the shell instead of with it (initial JS
 * budget), and once the page is painted and idle: its download and render no longer share the start with what the
 * screen shows first (on a phone's connection its two files queued beside the screen's own). It only ever appends at
 * the end of the page: its arrival moves nothing that is already shown.
 */
export function Footer({ country }: { country: CountryCode }) {
  const idle = useIdleAfterFirstPaint();
  if (!idle) return null;
  return (
    <Suspense fallback={null}>
      <FooterContent country={country} />
    </Suspense>
  );
}
