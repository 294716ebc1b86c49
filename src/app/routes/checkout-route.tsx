import { useAtomValue } from 'jotai';
import { lazy, Suspense, useState } from 'react';
import { useSearchParams } from 'react-router';
import { cartForCountryAtom } from '../../features/cart/atoms';
import { BagContents } from '../../features/cart/components/bag-contents';
import { CheckoutPage } from '../../features/checkout/components/checkout-page';
import { REPURCHASE_PARAM } from '../../lib/shared/reminders';
import { useCountry } from '../../lib/use-country';

const RepurchaseLink = lazy(async () => ({ default: (await import('./repurchase-link')).RepurchaseLink }));

export { checkoutFormRestored } from '../../features/checkout/form-atom';

/**
 * `/{c}/bolsa`: the checkout, with the cart's bag as its first step; `?recompra={id}` (a re-purchase reminder) puts
 * that prescription's products in the bag first.
 */
export function CheckoutRoute() {
  const country = useCountry();
  const cart = useAtomValue(cartForCountryAtom(country));
  const [params] = useSearchParams();
  // Once a link has brought the parameter, its part stays: it drops the parameter from the address and goes on
  // saying what it added.
  const [repurchase, setRepurchase] = useState(false);
  if (!repurchase && params.has(REPURCHASE_PARAM)) setRepurchase(true);
  return (
    <CheckoutPage
      country={country}
      cart={cart}
      renderBag={() => (
        <>
          {repurchase && (
            <Suspense>
              <RepurchaseLink country={country} />
            </Suspense>
          )}
          <BagContents country={country} />
        </>
      )}
    />
  );
}
