import { I18nProvider } from '@lingui/react';
import { PersistQueryClientProvider } from '@tanstack/react-query-persist-client';
import { Provider as JotaiProvider } from 'jotai';
import { useIsRestoring, useQueryClient } from '@tanstack/react-query';
import { useDeferredValue, useEffect, useState, type ReactNode } from 'react';
import { expireSession, validateAllSessions, validateCountrySession } from '../lib/session/session';
import { setUnauthorizedHandler } from '../lib/http';
import { i18n } from '../lib/i18n';
import {
  createQueryClient,
  QUERY_CACHE_BUSTER,
  QUERY_CACHE_MAX_AGE_MS,
  queryPersister,
  saveQueryCacheNow,
} from '../lib/query';
import { appStore, restorePersistedState, RESTORE_TIMEOUT_MS } from '../lib/store';
import { RestorationPlaceholder } from './layout/restoration-placeholder';
import { AppErrorBoundary } from './routes/error-screens';

/**
 * Once the query cache's copy is restored, leaving the page (hidden, or unloaded) writes it at once instead of within
 * the throttle's second (`saveQueryCacheNow`).
 */
function useCopySavedOnLeaving(restoring: boolean) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (restoring) return;
    const save = () => void saveQueryCacheNow(queryClient);
    const saveWhenHidden = () => {
      if (document.visibilityState === 'hidden') save();
    };
    document.addEventListener('visibilitychange', saveWhenHidden);
    window.addEventListener('pagehide', save);
    return () => {
      document.removeEventListener('visibilitychange', saveWhenHidden);
      window.removeEventListener('pagehide', save);
    };
  }, [queryClient, restoring]);
}

/**
 * Product §4: nothing that reads persisted state renders before it is restored (or 5000 ms pass). Sessions whose
 * token survived but whose stored copy did not are recovered first, so a returning user is not shown as anonymous.
 * The query cache's copy (restored by `PersistQueryClientProvider` meanwhile) is waited for too: the page's render is
 * a transition, which an urgent update abandons and starts again, and the copy's arrival was one, so every component
 * of the first page rendered twice.
 */
function RestorationGate({ children }: { children: ReactNode }) {
  const [stateRestored, setStateRestored] = useState(false);
  const [timedOut, setTimedOut] = useState(false);
  const queriesRestoring = useIsRestoring();
  useCopySavedOnLeaving(queriesRestoring);
  useEffect(() => {
    setUnauthorizedHandler((country, client) => {
      if (!country) return;
      if (client === 'auth') expireSession(country);
      // Product §8: the gateway's 401 alone clears nothing; the authentication service is asked, and its 401 does. A
      // session ended elsewhere (another tab, a new password, the idle timeout) then leaves the header at once.
      else void validateCountrySession(country);
    });
    let cancelled = false;
    void restorePersistedState(appStore).then(async () => {
      if (!cancelled) setStateRestored(true);
      // Product §4: then validate every country that has a session.
      await validateAllSessions(appStore);
    });
    const fallback = setTimeout(() => setTimedOut(true), RESTORE_TIMEOUT_MS);
    // Coming back to the tab re-reads the sessions: an approval granted meanwhile enables the gated links. So does
    // the connection's return: an offline start did not ask (`validateCountrySession`).
    const revalidate = () => {
      if (document.visibilityState === 'visible') void validateAllSessions();
    };
    document.addEventListener('visibilitychange', revalidate);
    window.addEventListener('online', revalidate);
    return () => {
      cancelled = true;
      clearTimeout(fallback);
      document.removeEventListener('visibilitychange', revalidate);
      window.removeEventListener('online', revalidate);
    };
  }, []);
  // The whole page renders at once when the gate opens: deferred, React renders it in slices and lets the browser
  // answer input between them, instead of one long task on a slow phone.
  const open = useDeferredValue(timedOut || (stateRestored && !queriesRestoring));
  return open ? children : <RestorationPlaceholder />;
}

export function Providers({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  return (
    <JotaiProvider store={appStore}>
      <I18nProvider i18n={i18n}>
        <AppErrorBoundary>
          <PersistQueryClientProvider
            client={queryClient}
            persistOptions={{ persister: queryPersister, maxAge: QUERY_CACHE_MAX_AGE_MS, buster: QUERY_CACHE_BUSTER }}
          >
            <RestorationGate>{children}</RestorationGate>
          </PersistQueryClientProvider>
        </AppErrorBoundary>
      </I18nProvider>
    </JotaiProvider>
  );
}
