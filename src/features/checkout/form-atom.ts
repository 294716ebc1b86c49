import { persistedAtom, persistedAtomReady } from '../../lib/store';
import {
  CHECKOUT_FORM_STORAGE_KEY,
  INITIAL_CHECKOUT_FORM,
  parseCheckoutForm,
  type CheckoutForm,
} from './checkout-form';

/**
 * What the buyer typed during the checkout. Declared in the checkout's own chunk, not with the app shell: the
 * checkout routes wait for it to be restored (`persistedAtomReady`) before rendering.
 */
export const checkoutFormAtom = persistedAtom<CheckoutForm>(
  CHECKOUT_FORM_STORAGE_KEY,
  INITIAL_CHECKOUT_FORM,
  parseCheckoutForm,
);

/** The checkout's routes render once what the buyer typed is back from IndexedDB (the router waits for this). */
export const checkoutFormRestored = () => persistedAtomReady(checkoutFormAtom);
