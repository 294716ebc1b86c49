import { lazy, Suspense } from 'react';
import type { BusyDialogProps } from './busy-dialog-frame';

const BusyDialogFrame = lazy(async () => ({ default: (await import('./busy-dialog-frame')).BusyDialogFrame }));

/**
 * A modal dialog that is open while it is rendered, and that stays open while its work runs (`BusyDialogFrame`).
 * Radix's dialog, with its focus trap and scroll lock (13.5 KiB gzip), loads when one first opens: the members'
 * screens share the modules that render one, and would otherwise all download it on their first visit (the
 * prescription builder among them). The service worker precaches it, so it opens offline too.
 */
export function BusyDialog(props: BusyDialogProps) {
  return (
    <Suspense fallback={null}>
      <BusyDialogFrame {...props} />
    </Suspense>
  );
}
