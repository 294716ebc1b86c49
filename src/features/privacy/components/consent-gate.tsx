import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import type { CountryCode } from '../../../lib/shared/countries';
import { useSession } from '../../../lib/session/use-session';
import { privacyQueries } from '../api';

// Loaded only for the few who must answer it: the dialog stays out of the shell.
const ConsentDialog = lazy(() => import('./consent-dialog').then((module) => ({ default: module.ConsentDialog })));

/**
 * After login, an account whose health-data consent is missing or was given to an older text is asked for it before
 * anything else: a dialog that cannot be dismissed, only accepted or left by logging out. A revoked consent is the
 * user's choice and does not block (the data page explains what stopped).
 */
export function ConsentGate({ country }: { country: CountryCode }) {
  const session = useSession(country);
  const viewer = session?.user.uid ?? '';
  const consent = useQuery({ ...privacyQueries.consent(country, viewer), enabled: session !== null });
  const state = consent.data?.state;
  if (!session || !consent.data || (state !== 'missing' && state !== 'outdated')) return null;
  return (
    <Suspense fallback={null}>
      <ConsentDialog country={country} viewer={viewer} consent={consent.data} />
    </Suspense>
  );
}
