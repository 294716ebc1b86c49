import { lazy, Suspense } from 'react';
import { useSession } from '../../features/auth/use-session';
import type { CountryCode } from '../../lib/shared/countries';

const PushLanguageSync = lazy(async () => ({
  default: (await import('../../features/reminders/components/push-language-sync')).PushLanguageSync,
}));

/**
 * Only a member whose browser allowed notifications can hold a subscription to keep in the device's language: for
 * everybody else (every first visit among them) its code never loads, and the app shell stays within its budget.
 */
export function LazyPushLanguageSync({ country }: { country: CountryCode }) {
  const session = useSession(country);
  // Read here rather than through lib/push, which stays out of the shell.
  const allowed = 'Notification' in window && Notification.permission === 'granted';
  if (!session || !allowed) return null;
  return (
    <Suspense fallback={null}>
      <PushLanguageSync country={country} />
    </Suspense>
  );
}
