import { Trans, useLingui } from '@lingui/react/macro';
import { useAtomValue } from 'jotai';
import { Link } from 'react-router';
import type { CountryCode } from '../../../lib/shared/countries';
import { cartForCountryAtom } from '../atoms';
import { CartLine } from './cart-line';
import { CartTotals } from './cart-totals';

/** Step 1 of the checkout, the bag: its lines under the cart rules, the subtotal, or the empty state. */
export function BagContents({ country }: { country: CountryCode }) {
  const { t } = useLingui();
  const cart = useAtomValue(cartForCountryAtom(country));
  if (cart.cartItems.length === 0) {
    return (
      <div className="empty-state">
        <p>
          <Trans>No hay productos en la bolsa.</Trans>
        </p>
        <Link to={`/${country}/herramientas`} className="button button--primary">
          <Trans>Seguir comprando</Trans>
        </Link>
      </div>
    );
  }
  return (
    <div className="bag__layout">
      <ul className="plain-list card">
        {cart.cartItems.map((item) => (
          <CartLine key={item.id} item={item} country={country} />
        ))}
      </ul>
      <aside className="card bag__summary" aria-label={t`Resumen`}>
        <CartTotals cart={cart} country={country} testIdPrefix="bag" />
        {cart.isHormonesAdded && (
          <p className="notice">
            <Trans>
              Tu bolsa incluye hormonas bioidénticas: necesitarás subir la fórmula médica firmada y el envío corre por
              tu cuenta.
            </Trans>
          </p>
        )}
        <p className="muted">
          <Trans>El envío y los descuentos se calculan en el resumen del pedido.</Trans>
        </p>
      </aside>
    </div>
  );
}
