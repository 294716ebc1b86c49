import { useQueryClient } from '@tanstack/react-query';
import { useAtomValue } from 'jotai';
import { useEffect } from 'react';
import { sessionsAtom } from '../../lib/session/atoms';
import { onOutboxDelivered, replayOutbox, startOutbox } from '../../lib/outbox';
import type { OutboxItem } from '../../lib/shared/outbox';

/**
 * The lists a delivered write changes. The domains' key factories load on the first delivery: they (and the
 * prescription contract they bring) stay out of the app shell's JavaScript.
 */
async function changedBy(item: OutboxItem): Promise<(readonly unknown[])[]> {
  switch (item.kind) {
    case 'patient':
      return [(await import('../../features/patients/api')).patientQueries.all(item.country)];
    case 'prescription':
    case 'recommendation': {
      const [{ prescriptionQueries }, { patientQueries }] = await Promise.all([
        import('../../features/prescriptions/api'),
        import('../../features/patients/api'),
      ]);
      return [prescriptionQueries.all(item.country), patientQueries.all(item.country)];
    }
    case 'credential':
    case 'signed-prescription':
      return [(await import('../../features/credentials/api')).credentialQueries.all(item.country)];
    case 'template':
      return [(await import('../../features/prescriptions/api')).templateQueries.all(item.country)];
  }
}

/**
 * Keeps the page in step with the service worker's outbox: listens to it, asks it to replay when the connection or
 * a session comes back, and refreshes what a delivered write changed (lists of patients, prescriptions, credentials).
 */
export function OutboxSync() {
  const queryClient = useQueryClient();
  useEffect(() => startOutbox(), []);
  useEffect(
    () =>
      onOutboxDelivered((item) => {
        void changedBy(item).then((keys) => {
          for (const queryKey of keys) void queryClient.invalidateQueries({ queryKey });
        });
      }),
    [queryClient],
  );
  // A login (or a session recovered at start) may unblock what waited for its author.
  const signedIn = Object.values(useAtomValue(sessionsAtom))
    .map((session) => session?.user.uid ?? '')
    .join(',');
  useEffect(() => {
    if (signedIn.replace(/,/g, '') && navigator.onLine) void replayOutbox();
  }, [signedIn]);
  return null;
}
