import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import type { CountryCode } from '../../lib/shared/countries';
import { resetPersistedState } from '../../lib/store';
import { logout } from './session';

/**
 * State that belonged to the session and must not outlive it on a shared device: the carts and the checkout with
 * the buyer's personal data and address (the storage keys of the cart and checkout atoms).
 */
const SESSION_SCOPED_KEYS = ['carts', 'checkout', 'checkout-form'];

/**
 * Spec §4: the app-level logout also purges persisted state: the country's cached answers and the cart go with the
 * session; the other countries' sessions stay.
 */
export function useLogout(country: CountryCode) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return async () => {
    await logout(country);
    queryClient.removeQueries({ predicate: (query) => query.queryKey[1] === country });
    await resetPersistedState(undefined, SESSION_SCOPED_KEYS);
    void navigate(`/${country}`, { replace: true });
  };
}
