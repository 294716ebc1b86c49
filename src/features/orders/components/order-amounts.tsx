import { useLingui } from '@lingui/react/macro';
import { formatPoints } from '../../../lib/money';
import type { OrderDto } from '../../../lib/shared/orders';
import { formatOrderAmount, orderCountry } from '../order-format';

/** Product §3 order summary: discounts appear only when the order had them; subtotal, shipping and total always. */
export function OrderAmounts({ order }: { order: OrderDto }) {
  const { t } = useLingui();
  const money = (amount: number) => formatOrderAmount(amount, order);
  const code = order.promoCode;
  return (
    <dl className="order-amounts" aria-label={t`Resumen de valores`}>
      <div>
        <dt>{t`Artículos`}</dt>
        <dd>{order.articleCount}</dd>
      </div>
      <div>
        <dt>{t`Subtotal`}</dt>
        <dd>{money(order.subtotal)}</dd>
      </div>
      {order.doctorDiscount > 0 && (
        <div>
          <dt>{t`Descuento profesional`}</dt>
          <dd>−{money(order.doctorDiscount)}</dd>
        </div>
      )}
      {(code || order.promoDiscount > 0) && (
        <div>
          <dt>{code ? t`Código promocional ${code}` : t`Código promocional`}</dt>
          <dd>−{money(order.promoDiscount)}</dd>
        </div>
      )}
      {order.pointsDiscount > 0 && (
        <div>
          <dt>{t`Descuento con puntos`}</dt>
          <dd>−{money(order.pointsDiscount)}</dd>
        </div>
      )}
      {order.productPoints > 0 && (
        <div>
          <dt>{t`Puntos canjeados`}</dt>
          <dd>{formatPoints(order.productPoints, orderCountry(order))}</dd>
        </div>
      )}
      <div>
        <dt>{t`Envío`}</dt>
        <dd>{order.shippingCost > 0 ? money(order.shippingCost) : t`Gratis`}</dd>
      </div>
      <div className="order-amounts__total">
        <dt>{t`Total`}</dt>
        <dd data-testid="order-total">{money(order.total)}</dd>
      </div>
    </dl>
  );
}
