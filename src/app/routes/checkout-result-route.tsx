import { useSetAtom } from 'jotai';
import { useCallback } from 'react';
import { cartForCountryAtom } from '../../features/cart/atoms';
import { clearCart } from '../../features/cart/cart-rules';
import { CheckoutResultPage } from '../../features/checkout/components/checkout-result-page';
import { useCountry } from '../../lib/use-country';

export { checkoutFormRestored } from '../../features/checkout/form-atom';

/** `/{c}/bolsa/resultado/{sourceId}`: the payment's outcome; a placed order empties the country's bag. */
export function CheckoutResultRoute() {
  const country = useCountry();
  const setCart = useSetAtom(cartForCountryAtom(country));
  const emptyBag = useCallback(() => setCart(clearCart), [setCart]);
  return <CheckoutResultPage country={country} onOrderPlaced={emptyBag} />;
}
