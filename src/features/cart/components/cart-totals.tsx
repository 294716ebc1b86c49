import { Trans } from '@lingui/react/macro';
import { formatPoints, formatPrice } from '../../../lib/money';
import type { CountryCode } from '../../../lib/shared/countries';
import type { CartState } from '../atoms';
import { cartPoints, cartSubtotal } from '../cart-rules';

/** The money subtotal and, when the bag holds products redeemed with points, the points they cost. */
export function CartTotals({
  cart,
  country,
  testIdPrefix,
}: {
  cart: CartState;
  country: CountryCode;
  testIdPrefix: string;
}) {
  const points = cartPoints(cart);
  return (
    <>
      <p className="side-cart__subtotal">
        <span>
          <Trans>Subtotal</Trans>
        </span>
        <strong data-testid={`${testIdPrefix}-subtotal`}>{formatPrice(cartSubtotal(cart), country)}</strong>
      </p>
      {points > 0 && (
        <p className="side-cart__subtotal">
          <span>
            <Trans>Canje con puntos</Trans>
          </span>
          <strong data-testid={`${testIdPrefix}-points`}>{formatPoints(points, country)}</strong>
        </p>
      )}
    </>
  );
}
