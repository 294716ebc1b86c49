import { Trans, useLingui } from '@lingui/react/macro';
import { useSetAtom } from 'jotai';
import { useState } from 'react';
import type { ProductDto } from '../../../lib/shared/api-types';
import { COUNTRIES } from '../../../lib/shared/countries';
import { useCountry } from '../../../lib/use-country';
import { hasStock } from '../../catalog/product-facts';
import { usePointsAccess } from '../../points/use-points-access';
import { cartForCountryAtom, sideCartOpenAtom } from '../atoms';
import { addItem, cartItemFromProduct, clampQuantity, MAX_ITEM_QUANTITY } from '../cart-rules';

/** Adds a product to this country's cart (with a quantity on the product page) and shows the side cart. */
export function AddToCart({ product, withQuantity = false }: { product: ProductDto; withQuantity?: boolean }) {
  const { t } = useLingui();
  const country = useCountry();
  const setCart = useSetAtom(cartForCountryAtom(country));
  const setOpen = useSetAtom(sideCartOpenAtom);
  const [quantity, setQuantity] = useState(1);
  // Points belong to approved professionals (spec §6); patients and visitors only buy with money.
  const pointsAllowed = usePointsAccess().status === 'allowed';
  const available = hasStock(product) && product.price !== null;
  const name = product.name;
  const canRedeem =
    withQuantity && product.type === 'points' && product.points_price !== null && hasStock(product) && pointsAllowed;

  function add(redeemWithPoints: boolean) {
    const line = cartItemFromProduct(product, COUNTRIES[country].countryId, { redeemWithPoints });
    setCart((cart) => addItem(cart, line, clampQuantity(quantity)));
    setOpen(true);
  }

  if (!available) {
    return (
      <button type="button" className="button button--secondary add-to-cart" disabled>
        {product.price === null ? t`No disponible` : t`Agotado`}
      </button>
    );
  }
  return (
    <div className="add-to-cart">
      {withQuantity && (
        <label className="add-to-cart__quantity">
          <span className="visually-hidden">{t`Cantidad`}</span>
          <input
            type="number"
            className="input"
            min={1}
            max={MAX_ITEM_QUANTITY}
            value={quantity}
            onChange={(event) => setQuantity(clampQuantity(event.target.value))}
          />
        </label>
      )}
      <button
        type="button"
        className="button button--primary"
        onClick={() => add(false)}
        aria-label={t`Agregar ${name} a la bolsa`}
      >
        <Trans>Agregar</Trans>
      </button>
      {canRedeem && (
        <button type="button" className="button button--secondary" onClick={() => add(true)}>
          <Trans>Canjear con puntos</Trans>
        </button>
      )}
    </div>
  );
}
