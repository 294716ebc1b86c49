import { useAtomValue, useSetAtom } from 'jotai';
import { useCallback } from 'react';
import { cartForCountryAtom } from '../../features/cart/atoms';
import { clearCart } from '../../features/cart/cart-rules';
import { BagContents } from '../../features/cart/components/bag-contents';
import { CheckoutPage } from '../../features/checkout/components/checkout-page';
import { CheckoutResultPage } from '../../features/checkout/components/checkout-result-page';
import { checkoutFormAtom } from '../../features/checkout/form-atom';
import { persistedAtomReady } from '../../lib/store';
import { useCountry } from '../../lib/use-country';

/** The buyer's typed data lives in the checkout's chunk: its routes render once it is back from IndexedDB. */
export const checkoutFormRestored = () => persistedAtomReady(checkoutFormAtom);

/** `/{c}/bolsa`: the checkout, with the cart's bag as its first step. */
export function CheckoutRoute() {
  const country = useCountry();
  const cart = useAtomValue(cartForCountryAtom(country));
  return <CheckoutPage country={country} cart={cart} renderBag={() => <BagContents country={country} />} />;
}

/** `/{c}/bolsa/resultado/{sourceId}`: the payment's outcome; a placed order empties the country's bag. */
export function CheckoutResultRoute() {
  const country = useCountry();
  const setCart = useSetAtom(cartForCountryAtom(country));
  const emptyBag = useCallback(() => setCart(clearCart), [setCart]);
  return <CheckoutResultPage country={country} onOrderPlaced={emptyBag} />;
}
