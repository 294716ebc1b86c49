import { useAtomValue, useSetAtom } from 'jotai';
import { useCallback } from 'react';
import { Navigate } from 'react-router';
import { cartForCountryAtom } from '../../features/cart/atoms';
import { clearCart } from '../../features/cart/cart-rules';
import { BagContents } from '../../features/cart/components/bag-contents';
import { CheckoutPage } from '../../features/checkout/components/checkout-page';
import { CheckoutResultPage } from '../../features/checkout/components/checkout-result-page';
import { checkoutFormAtom } from '../../features/checkout/form-atom';
import { persistedAtomReady } from '../../lib/store';
import { useCountry } from '../../lib/use-country';
import { useRepurchaseLink } from './use-repurchase-link';

/** The buyer's typed data lives in the checkout's chunk: its routes render once it is back from IndexedDB. */
export const checkoutFormRestored = () => persistedAtomReady(checkoutFormAtom);

/**
 * `/{c}/bolsa`: the checkout, with the cart's bag as its first step; `?recompra={id}` (a re-purchase reminder) puts
 * that prescription's products in the bag first.
 */
export function CheckoutRoute() {
  const country = useCountry();
  const cart = useAtomValue(cartForCountryAtom(country));
  const repurchase = useRepurchaseLink(country);
  if (repurchase.loginTo) return <Navigate to={repurchase.loginTo} replace />;
  return (
    <CheckoutPage
      country={country}
      cart={cart}
      renderBag={() => (
        <>
          {repurchase.notice}
          <BagContents country={country} />
        </>
      )}
    />
  );
}

/** `/{c}/bolsa/resultado/{sourceId}`: the payment's outcome; a placed order empties the country's bag. */
export function CheckoutResultRoute() {
  const country = useCountry();
  const setCart = useSetAtom(cartForCountryAtom(country));
  const emptyBag = useCallback(() => setCart(clearCart), [setCart]);
  return <CheckoutResultPage country={country} onOrderPlaced={emptyBag} />;
}
