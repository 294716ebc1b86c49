import { lazy, Suspense } from 'react';
import type { CountryCode } from '../../lib/shared/countries';

const FooterContent = lazy(async () => ({ default: (await import('./footer-content')).FooterContent }));

/**
 * The footer sits below every page's content, so its code loads after the shell instead of with it (initial JS
 * budget). It only ever appends at the end of the page: its arrival moves nothing that is already shown.
 */
export function Footer({ country }: { country: CountryCode }) {
  return (
    <Suspense fallback={null}>
      <FooterContent country={country} />
    </Suspense>
  );
}
