import { Trans, useLingui } from '@lingui/react/macro';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import { DataTable } from '../../../components/ui/data-table';
import { EmptyState } from '../../../components/ui/empty-state';
import { KeptCopyNotices } from '../../../components/ui/kept-copy-notices';
import { LoadingStatus } from '../../../components/ui/loading-status';
import { useCountry } from '../../../lib/use-country';
import { useViewerKey } from '../../../lib/session/use-viewer-key';
import { orderQueries, parsePage } from '../api';
import { formatOrderAmount, orderCountry } from '../order-format';
import { formatCountryDate } from '../../../lib/dates';
import { OrderStatusBadge } from './order-status-badge';
import { LinkPager } from '../../../components/ui/link-pager';
import { TitledSection } from '../../../components/ui/titled-section';

/** `mi-cuenta/mis-pedidos`: the buyer's orders, newest first, a page at a time (`?pagina=`). */
export function OrdersPage() {
  const { t } = useLingui();
  const country = useCountry();
  const viewer = useViewerKey();
  const [params] = useSearchParams();
  const page = parsePage(params.get('pagina'));
  // The previous page stays on screen while the next one loads: the table does not collapse under the pointer.
  const list = useQuery({ ...orderQueries.list(country, viewer, page), placeholderData: keepPreviousData });
  const base = `/${country}/mi-cuenta/mis-pedidos`;
  const pageHref = (target: number) => (target <= 1 ? base : `${base}?pagina=${target}`);

  const data = list.data;
  const totalPages = Math.max(1, data?.totalPages ?? 1);

  return (
    <TitledSection id="orders-title" title={<Trans>Mis pedidos</Trans>} heading="h1" className="stack orders">
      {list.isPending && (
        <LoadingStatus>
          <Trans>Cargando pedidos…</Trans>
        </LoadingStatus>
      )}
      {/* Offline or failing, the copy kept on the device stays on screen below. */}
      <KeptCopyNotices query={list} refreshFailed={(failure) => t`No pudimos actualizar tus pedidos: ${failure}`} />
      {data && data.total === 0 && (
        <EmptyState action={{ to: `/${country}/herramientas`, label: <Trans>Ir a la tienda</Trans>, primary: true }}>
          <Trans>Aún no tienes pedidos</Trans>
        </EmptyState>
      )}
      {data && data.total > 0 && data.data.length === 0 && (
        <EmptyState action={{ to: pageHref(1), label: <Trans>Ir a la primera página</Trans> }}>
          <Trans>Esta página no tiene pedidos.</Trans>
        </EmptyState>
      )}
      {data && data.data.length > 0 && (
        <>
          <div className="orders__table-wrap">
            <DataTable
              className="table orders__table"
              busy={list.isPlaceholderData}
              caption={t`Tus pedidos, página ${page} de ${totalPages}`}
              rows={data.data}
              rowKey={(order) => order.id}
              columns={[
                {
                  label: t`Número de pedido`,
                  rowHeader: true,
                  cell: (order) => (
                    <Link to={`${base}/${order.id}`} aria-label={t`Ver el pedido ${order.number}`}>
                      {order.number}
                    </Link>
                  ),
                },
                {
                  label: t`Fecha de pago`,
                  cell: (order) => (order.paidAt && formatCountryDate(order.paidAt, orderCountry(order))) ?? '—',
                },
                { label: t`Cantidad`, className: 'orders__numeric', cell: (order) => order.articleCount },
                {
                  label: t`Total`,
                  className: 'orders__numeric',
                  cell: (order) => formatOrderAmount(order.total, order),
                },
                { label: t`Estado`, cell: (order) => <OrderStatusBadge status={order.status} /> },
              ]}
            />
          </div>
          <LinkPager label={t`Páginas de pedidos`} page={page} totalPages={totalPages} pageHref={pageHref} />
        </>
      )}
    </TitledSection>
  );
}
