import { useSetAtom, useStore } from 'jotai';
import { addItem, cartItemFromProduct } from '../../features/cart/cart-rules';
import { cartForCountryAtom } from '../../features/cart/atoms';
import { checkoutStepAtom } from '../../features/checkout/atoms';
import type { BuyAgainCartResult, BuyAgainLine } from '../../features/orders/buy-again';
import { OrderDetailPage } from '../../features/orders/components/order-detail-page';
import { OrdersPage } from '../../features/orders/components/orders-page';
import { COUNTRIES } from '../../lib/shared/countries';
import { useCountry } from '../../lib/use-country';

export function OrdersRoute() {
  return <OrdersPage />;
}

/** The order detail, with 'Comprar de nuevo' joined to this country's cart. */
export function OrderDetailRoute() {
  const country = useCountry();
  const store = useStore();
  const setCheckoutStep = useSetAtom(checkoutStepAtom);

  function addToCart(lines: BuyAgainLine[]): BuyAgainCartResult {
    const cartAtom = cartForCountryAtom(country);
    const countryId = COUNTRIES[country].countryId;
    let cart = store.get(cartAtom);
    const unchanged: number[] = [];
    for (const { product, quantity, redeemWithPoints } of lines) {
      // addItem returns the very same state when the cart refuses (a prescription line, the maximum per line).
      const next = addItem(cart, cartItemFromProduct(product, countryId, { redeemWithPoints }), quantity);
      if (next === cart) unchanged.push(product.id);
      cart = next;
    }
    store.set(cartAtom, cart);
    return { unchanged };
  }

  return <OrderDetailPage onBuyAgain={addToCart} onViewBag={() => setCheckoutStep(1)} />;
}
