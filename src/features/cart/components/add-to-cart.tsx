import { Trans, useLingui } from '@lingui/react/macro';
import { useAtom, useSetAtom } from 'jotai';
import { useState } from 'react';
import type { ProductDto } from '../../../lib/shared/api-types';
import { COUNTRIES } from '../../../lib/shared/countries';
import { useCountry } from '../../../lib/use-country';
import { hasStock } from '../../catalog/product-facts';
import { usePointsAccess } from '../../points/use-points-access';
import { cartForCountryAtom, sideCartOpenAtom } from '../atoms';
import { addItem, cartItemFromProduct, clampQuantity, isPrescriptionItem, maxQuantity } from '../cart-rules';
import { StockLimit } from './stock-limit';

/** Why an add did less than asked: the stock on hand, or a line locked by a prescription. */
type AddNotice = { kind: 'stock'; units: number } | { kind: 'locked' } | null;

/**
 * Adds a product to this country's cart (with a quantity on the product page) and shows the side cart. Quantities
 * stop at the stock on hand, and a product the bag holds from a prescription keeps its prescribed quantity: either
 * way the buyer reads why, next to the button they pressed.
 */
export function AddToCart({ product, withQuantity = false }: { product: ProductDto; withQuantity?: boolean }) {
  const { t } = useLingui();
  const country = useCountry();
  const [cart, setCart] = useAtom(cartForCountryAtom(country));
  const setOpen = useSetAtom(sideCartOpenAtom);
  const [quantity, setQuantity] = useState(1);
  const [notice, setNotice] = useState<AddNotice>(null);
  // Points belong to approved professionals (product §6); patients and visitors only buy with money.
  const pointsAllowed = usePointsAccess().status === 'allowed';
  const available = hasStock(product) && product.price !== null;
  const name = product.name;
  const canRedeem =
    withQuantity && product.type === 'points' && product.points_price !== null && hasStock(product) && pointsAllowed;

  const line = (redeemWithPoints: boolean) =>
    cartItemFromProduct(product, COUNTRIES[country].countryId, { redeemWithPoints });
  const moneyLine = line(false);
  const limit = maxQuantity(moneyLine);
  const stockUnits = moneyLine.stock;

  function chooseQuantity(typed: string) {
    const wanted = clampQuantity(typed);
    setQuantity(Math.min(wanted, limit));
    setNotice(stockUnits !== undefined && wanted > limit ? { kind: 'stock', units: stockUnits } : null);
  }

  function add(redeemWithPoints: boolean) {
    const item = line(redeemWithPoints);
    const existing = cart.cartItems.find((candidate) => candidate.id === item.id);
    if (existing && isPrescriptionItem(existing)) {
      setNotice({ kind: 'locked' });
      return;
    }
    const next = addItem(cart, item, clampQuantity(quantity));
    const held = next.cartItems.find((candidate) => candidate.id === item.id)?.quantity ?? 0;
    const short = stockUnits !== undefined && held < (existing?.quantity ?? 0) + clampQuantity(quantity);
    setNotice(short ? { kind: 'stock', units: stockUnits } : null);
    if (held === existing?.quantity) return;
    setCart(next);
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
            max={limit}
            value={quantity}
            onChange={(event) => chooseQuantity(event.target.value)}
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
      {notice?.kind === 'stock' && <StockLimit units={notice.units} />}
      {notice?.kind === 'locked' && (
        <p className="stock-limit" role="status">
          <Trans>
            Este producto ya está en tu bolsa con la cantidad de tu prescripción, que no cambia: la bolsa sigue igual.
          </Trans>
        </p>
      )}
    </div>
  );
}
