import { Trans, useLingui } from '@lingui/react/macro';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import { DataAge } from '../../../components/ui/data-age';
import { RetryAlert } from '../../../components/ui/retry-alert';
import { errorMessage } from '../../../lib/http';
import { useCountry } from '../../../lib/use-country';
import { useOnline } from '../../../lib/use-online';
import { useViewerKey } from '../../auth/use-viewer-key';
import { orderQueries, parsePage } from '../api';
import { formatOrderAmount, orderCountry } from '../order-format';
import { formatCountryDate } from '../../../lib/dates';
import { OrderStatusBadge } from './order-status-badge';
import { LinkPager } from '../../../components/ui/link-pager';

/** `mi-cuenta/mis-pedidos`: the buyer's orders, newest first, a page at a time (`?pagina=`). */
export function OrdersPage() {
  const { t } = useLingui();
  const country = useCountry();
  const viewer = useViewerKey();
  const [params] = useSearchParams();
  const page = parsePage(params.get('pagina'));
  const online = useOnline();
  // The previous page stays on screen while the next one loads: the table does not collapse under the pointer.
  const list = useQuery({ ...orderQueries.list(country, viewer, page), placeholderData: keepPreviousData });
  const base = `/${country}/mi-cuenta/mis-pedidos`;
  const pageHref = (target: number) => (target <= 1 ? base : `${base}?pagina=${target}`);

  const data = list.data;
  const failure = errorMessage(list.error);
  const totalPages = Math.max(1, data?.totalPages ?? 1);

  return (
    <section aria-labelledby="orders-title" className="stack orders">
      <h1 id="orders-title">
        <Trans>Mis pedidos</Trans>
      </h1>
      {list.isPending && (
        <p className="muted" role="status">
          <Trans>Cargando pedidos…</Trans>
        </p>
      )}
      {data && (!online || list.isError) && <DataAge updatedAt={list.dataUpdatedAt} />}
      {list.isError && (
        // Offline or failing, the copy kept on the device stays on screen below.
        <RetryAlert
          message={data ? t`No pudimos actualizar tus pedidos: ${failure}` : failure}
          retrying={list.isFetching}
          onRetry={() => void list.refetch()}
        />
      )}
      {data && data.total === 0 && (
        <div className="empty-state">
          <p>
            <Trans>Aún no tienes pedidos</Trans>
          </p>
          <Link to={`/${country}/herramientas`} className="button button--primary">
            <Trans>Ir a la tienda</Trans>
          </Link>
        </div>
      )}
      {data && data.total > 0 && data.data.length === 0 && (
        <div className="empty-state">
          <p>
            <Trans>Esta página no tiene pedidos.</Trans>
          </p>
          <Link to={pageHref(1)} className="button button--secondary">
            <Trans>Ir a la primera página</Trans>
          </Link>
        </div>
      )}
      {data && data.data.length > 0 && (
        <>
          <div className="orders__table-wrap">
            <table className="table orders__table" aria-busy={list.isPlaceholderData}>
              <caption className="visually-hidden">{t`Tus pedidos, página ${page} de ${totalPages}`}</caption>
              <thead>
                <tr>
                  <th scope="col">{t`Número de pedido`}</th>
                  <th scope="col">{t`Fecha de pago`}</th>
                  <th scope="col" className="orders__numeric">
                    {t`Cantidad`}
                  </th>
                  <th scope="col" className="orders__numeric">
                    {t`Total`}
                  </th>
                  <th scope="col">{t`Estado`}</th>
                </tr>
              </thead>
              <tbody>
                {data.data.map((order) => (
                  <tr key={order.id}>
                    <th scope="row">
                      <Link to={`${base}/${order.id}`} aria-label={t`Ver el pedido ${order.number}`}>
                        {order.number}
                      </Link>
                    </th>
                    <td data-label={t`Fecha de pago`}>
                      {(order.paidAt && formatCountryDate(order.paidAt, orderCountry(order))) ?? '—'}
                    </td>
                    <td data-label={t`Cantidad`} className="orders__numeric">
                      {order.articleCount}
                    </td>
                    <td data-label={t`Total`} className="orders__numeric">
                      {formatOrderAmount(order.total, order)}
                    </td>
                    <td data-label={t`Estado`}>
                      <OrderStatusBadge status={order.status} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <LinkPager label={t`Páginas de pedidos`} page={page} totalPages={totalPages} pageHref={pageHref} />
        </>
      )}
    </section>
  );
}
