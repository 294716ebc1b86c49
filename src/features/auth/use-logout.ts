import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { forgetDeliveredOutbox } from '../../lib/outbox';
import type { CountryCode } from '../../lib/shared/countries';
import { forgetPersistedQueryCache } from '../../lib/query';
import { appStore, resetPersistedState } from '../../lib/store';
import { sessionsAtom } from '../../lib/session/atoms';
import { logout } from '../../lib/session/session';

/**
 * State that belonged to the session and must not outlive it on a shared device: the carts and the checkout with
 * the buyer's personal data and address, and the prescription drafts with the patient chosen (the storage keys of
 * the cart, checkout and prescription atoms). Favourites (product ids) and the sessions of other countries stay.
 */
const SESSION_SCOPED_KEYS = ['carts', 'checkout', 'checkout-form', 'prescription-drafts'];

/**
 * Product §4 and issue #15: the app-level logout leaves no patient data on the device. The country's cached answers
 * go (every cached answer once no country has a session), the persisted copy of the query cache is removed at once
 * (with any throttled write still pending) instead of waiting for the next write, the session-scoped atoms are reset,
 * and the outbox forgets what it delivered. The library's cached files go in `logout`.
 */
export function useLogout(country: CountryCode) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return async () => {
    await logout(country);
    // Before the answers go, so the reduced cache's own write (asked for by the removal) still reaches the disk.
    await forgetPersistedQueryCache();
    const sessions = appStore.get(sessionsAtom);
    if (Object.values(sessions).some(Boolean)) {
      queryClient.removeQueries({ predicate: (query) => query.queryKey[1] === country });
    } else {
      queryClient.clear();
    }
    await resetPersistedState(undefined, SESSION_SCOPED_KEYS);
    await forgetDeliveredOutbox();
    void navigate(`/${country}`, { replace: true });
  };
}
