import { lazy, Suspense, useEffect, useState } from 'react';
import { useSession } from '../../lib/session/use-session';
import type { CountryCode } from '../../lib/shared/countries';

const PushLanguageSync = lazy(async () => ({
  default: (await import('../../features/reminders/components/push-language-sync')).PushLanguageSync,
}));

/**
 * Whether this browser lets the store show notifications, asked without blocking the page: reading
 * `Notification.permission` is a synchronous round trip to the browser process, paid on every render of the layout
 * (session 14's profile of an offline cold start found up to 460 ms of it on a loaded, throttled phone). The
 * Permissions API answers asynchronously and reports a later change (reminders switched on in this visit). Read
 * here rather than through lib/push, which stays out of the shell.
 */
function useNotificationsGranted(asked: boolean): boolean {
  const [granted, setGranted] = useState(false);
  useEffect(() => {
    if (!asked || !('Notification' in window)) return;
    let cancelled = false;
    let status: PermissionStatus | undefined;
    const update = () => {
      if (!cancelled && status) setGranted(status.state === 'granted');
    };
    const readDirectly = () => {
      if (!cancelled) setGranted(Notification.permission === 'granted');
    };
    if (typeof navigator.permissions?.query === 'function') {
      navigator.permissions.query({ name: 'notifications' }).then((answer) => {
        status = answer;
        update();
        answer.addEventListener('change', update);
      }, readDirectly);
    } else {
      readDirectly();
    }
    return () => {
      cancelled = true;
      status?.removeEventListener('change', update);
    };
  }, [asked]);
  return asked && granted;
}

/**
 * Only a member whose browser allowed notifications can hold a subscription to keep in the device's language: for
 * everybody else (every first visit among them) its code never loads, and the app shell stays within its budget.
 */
export function LazyPushLanguageSync({ country }: { country: CountryCode }) {
  const session = useSession(country);
  const allowed = useNotificationsGranted(Boolean(session));
  if (!session || !allowed) return null;
  return (
    <Suspense fallback={null}>
      <PushLanguageSync country={country} />
    </Suspense>
  );
}
