import { Trans, useLingui } from '@lingui/react/macro';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useLocation, useSearchParams } from 'react-router';
import { formatPoints } from '../../../lib/money';
import type { CountryCode } from '../../../lib/shared/countries';
import { POINT_ENTRY_TYPES, type PointsHistoryEntryDto } from '../../../lib/shared/points';
import { DEFAULT_HISTORY_FILTERS, parseEntryType, parsePage, pointsQueries, type HistoryFilters } from '../api';
import { formatPointsDate, formatSignedPoints } from '../points-format';
import { ENTRY_TYPE_LABELS } from '../points-messages';
import { PointsQueryStatus } from './points-query-status';
import { DataTable } from '../../../components/ui/data-table';
import { EmptyState } from '../../../components/ui/empty-state';
import { LinkPager } from '../../../components/ui/link-pager';

/** Search parameters of the history: the type filter and the page survive a reload and can be shared. */
const TYPE_PARAM = 'tipo';
const PAGE_PARAM = 'pagina';

function EntryDetail({ entry }: { entry: PointsHistoryEntryDto }) {
  const { t } = useLingui();
  const { name, reason, orderId } = entry.metadata;
  // A single point product already names the redemption in its line ('2 × Termo'): the name is not repeated.
  const [only] = entry.products;
  const repeated = entry.products.length === 1 && only?.name === name;
  return (
    <>
      {name && !repeated && <span className="points-history__name">{name}</span>}
      {reason && <span className="muted">{reason}</span>}
      {orderId !== undefined && <span className="muted">{t`Pedido #${orderId}`}</span>}
      {entry.products.length > 0 && (
        <ul className="plain-list points-history__products" aria-label={t`Productos`}>
          {entry.products.map((product) => (
            <li key={product.productId}>{t`${product.quantity} × ${product.name}`}</li>
          ))}
        </ul>
      )}
    </>
  );
}

/** Product §3 history, newest first, filtered by type and paged (page 1, limit 10 by default). */
export function PointsHistory({ country, userId }: { country: CountryCode; userId: number }) {
  const { t, i18n } = useLingui();
  const [params, setParams] = useSearchParams();
  const { pathname } = useLocation();
  const filters: HistoryFilters = {
    ...DEFAULT_HISTORY_FILTERS,
    type: parseEntryType(params.get(TYPE_PARAM)),
    page: parsePage(params.get(PAGE_PARAM)),
  };
  // The previous page stays on screen while the next one loads: the table does not collapse under the pointer.
  const history = useQuery({
    ...pointsQueries.history(country, userId, filters),
    placeholderData: keepPreviousData,
  });

  /** The same search with another page (1 drops the parameter), keeping whatever else is in the URL. */
  function pageHref(page: number): string {
    const next = new URLSearchParams(params);
    if (page <= 1) next.delete(PAGE_PARAM);
    else next.set(PAGE_PARAM, String(page));
    const search = next.toString();
    return search ? `${pathname}?${search}` : pathname;
  }

  function changeType(value: string) {
    setParams((current) => {
      const next = new URLSearchParams(current);
      if (value) next.set(TYPE_PARAM, value);
      else next.delete(TYPE_PARAM);
      // Another filter is another list: it starts at its first page.
      next.delete(PAGE_PARAM);
      return next;
    });
  }

  const data = history.data;
  const totalPages = Math.max(1, data?.totalPages ?? 1);
  const { page } = filters;

  return (
    <section className="stack points-history" aria-labelledby="points-history-title">
      <div className="points-history__header">
        <h2 id="points-history-title">
          <Trans>Historial de puntos</Trans>
        </h2>
        <label className="field points-history__filter">
          <span className="field__label">{t`Tipo de movimiento`}</span>
          <select className="select" value={filters.type ?? ''} onChange={(event) => changeType(event.target.value)}>
            <option value="">{t`Todos los movimientos`}</option>
            {POINT_ENTRY_TYPES.map((type) => (
              <option key={type} value={type}>
                {i18n._(ENTRY_TYPE_LABELS[type])}
              </option>
            ))}
          </select>
        </label>
      </div>
      <PointsQueryStatus query={history} failure="history" loading={<Trans>Cargando historial…</Trans>} />
      {!history.isError && data && data.total === 0 && (
        <p className="empty-state">
          {filters.type ? (
            <Trans>No tienes movimientos de este tipo.</Trans>
          ) : (
            <Trans>
              Aún no tienes movimientos de puntos. Los ganas con tus compras y con las compras de tus pacientes.
            </Trans>
          )}
        </p>
      )}
      {!history.isError && data && data.total > 0 && data.items.length === 0 && (
        <EmptyState action={{ to: pageHref(1), label: <Trans>Ir a la primera página</Trans> }}>
          <Trans>Esta página no tiene movimientos.</Trans>
        </EmptyState>
      )}
      {!history.isError && data && data.items.length > 0 && (
        <>
          <div className="points-history__table-wrap">
            <DataTable
              busy={history.isPlaceholderData}
              caption={t`Movimientos de puntos, página ${page} de ${totalPages}`}
              rows={data.items}
              rowKey={(entry) => entry.id}
              columns={[
                { label: t`Fecha`, cell: (entry) => formatPointsDate(entry.createdAt, country) },
                {
                  label: t`Movimiento`,
                  cell: (entry) => i18n._(ENTRY_TYPE_LABELS[entry.type] ?? ENTRY_TYPE_LABELS.adjustment),
                },
                {
                  label: t`Detalle`,
                  cell: (entry) => (
                    <div className="points-history__detail">
                      <EntryDetail entry={entry} />
                    </div>
                  ),
                },
                {
                  label: t`Puntos`,
                  className: 'points-numeric',
                  cellClassName: (entry) =>
                    `points-numeric points-history__points ${
                      entry.points < 0 ? 'points-history__points--spent' : 'points-history__points--earned'
                    }`,
                  cell: (entry) => formatSignedPoints(entry.points, country),
                },
                { label: t`Saldo`, className: 'points-numeric', cell: (entry) => formatPoints(entry.balance, country) },
              ]}
            />
          </div>
          <LinkPager
            label={t`Páginas del historial de puntos`}
            page={page}
            totalPages={totalPages}
            pageHref={pageHref}
          />
        </>
      )}
    </section>
  );
}
