import { useLingui } from '@lingui/react/macro';
import { Link } from 'react-router';
import { formatPoints } from '../../../lib/money';
import type { CountryCode } from '../../../lib/shared/countries';
import type { OrderDto } from '../../../lib/shared/orders';
import { formatOrderAmount, orderCountry } from '../order-format';

/** The order's lines: image, name (to the product page of the store being browsed), quantity, prices or points. */
export function OrderItems({ order, country }: { order: OrderDto; country: CountryCode }) {
  const { t } = useLingui();
  const pointsCountry = orderCountry(order);
  return (
    <div className="orders__table-wrap">
      <table className="table order-items">
        <caption className="visually-hidden">{t`Productos del pedido`}</caption>
        <thead>
          <tr>
            <th scope="col">{t`Producto`}</th>
            <th scope="col" className="orders__numeric">
              {t`Cantidad`}
            </th>
            <th scope="col" className="orders__numeric">
              {t`Precio unitario`}
            </th>
            <th scope="col" className="orders__numeric">
              {t`Total`}
            </th>
          </tr>
        </thead>
        <tbody>
          {order.items.map((item, index) => (
            <tr key={`${item.productId}-${item.type}-${index}`}>
              <td data-label={t`Producto`}>
                <div className="order-items__product">
                  {item.image ? (
                    <img src={item.image} alt="" width={56} height={56} loading="lazy" className="order-items__image" />
                  ) : (
                    <span className="order-items__image" aria-hidden="true" />
                  )}
                  <Link to={`/${country}/herramientas/${item.slug || item.productId}`}>{item.name}</Link>
                </div>
              </td>
              <td data-label={t`Cantidad`} className="orders__numeric">
                {item.quantity}
              </td>
              {item.type === 'points' ? (
                <>
                  <td data-label={t`Precio unitario`} className="orders__numeric muted">{t`Canje con puntos`}</td>
                  <td data-label={t`Total`} className="orders__numeric">
                    {formatPoints(item.points ?? 0, pointsCountry)}
                  </td>
                </>
              ) : (
                <>
                  <td data-label={t`Precio unitario`} className="orders__numeric">
                    {formatOrderAmount(item.unitPrice, order)}
                  </td>
                  <td data-label={t`Total`} className="orders__numeric">
                    {formatOrderAmount(item.lineTotal, order)}
                  </td>
                </>
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
