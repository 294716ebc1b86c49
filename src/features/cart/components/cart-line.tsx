import { useLingui } from '@lingui/react/macro';
import { useSetAtom } from 'jotai';
import { formatPoints, formatPrice } from '../../../lib/money';
import type { CountryCode } from '../../../lib/shared/countries';
import { cartForCountryAtom, type CartItem } from '../atoms';
import {
  atStockLimit,
  canDecrement,
  canIncrement,
  decrement,
  increment,
  isPointsItem,
  isPrescriptionItem,
  linePoints,
  lineTotal,
  removeItem,
} from '../cart-rules';
import { StockLimit } from './stock-limit';

/** One bag line with the quantity rules of product §4 (blocked at 1, both blocked for prescription products). */
export function CartLine({
  item,
  country,
  compact = false,
}: {
  item: CartItem;
  country: CountryCode;
  compact?: boolean;
}) {
  const { t } = useLingui();
  const setCart = useSetAtom(cartForCountryAtom(country));
  const name = item.name;
  const quantity = item.quantity;
  return (
    <li className={compact ? 'cart-line cart-line--compact' : 'cart-line'} aria-label={name}>
      {item.image ? <img src={item.image} alt="" width={64} height={64} className="cart-line__image" /> : null}
      <div className="cart-line__info">
        <p className="cart-line__name">{name}</p>
        <p className="muted cart-line__unit">
          {quantity} {t`Und.`} ·{' '}
          {isPointsItem(item) ? formatPoints(linePoints(item), country) : formatPrice(lineTotal(item), country)}
        </p>
        {item.stock !== undefined && atStockLimit(item) && !isPrescriptionItem(item) && (
          <StockLimit units={item.stock} />
        )}
      </div>
      <div className="cart-line__controls">
        <button
          type="button"
          className="icon-button"
          aria-label={t`Quitar una unidad de ${name}`}
          disabled={!canDecrement(item)}
          onClick={() => setCart((cart) => decrement(cart, item.id))}
        >
          −
        </button>
        <span className="cart-line__quantity" data-testid="line-quantity">
          {quantity}
        </span>
        <button
          type="button"
          className="icon-button"
          aria-label={t`Agregar una unidad de ${name}`}
          disabled={!canIncrement(item)}
          onClick={() => setCart((cart) => increment(cart, item.id))}
        >
          +
        </button>
        <button
          type="button"
          className="link-button"
          aria-label={t`Eliminar ${name} de la bolsa`}
          onClick={() => setCart((cart) => removeItem(cart, item.id))}
        >
          {t`Eliminar`}
        </button>
      </div>
    </li>
  );
}
