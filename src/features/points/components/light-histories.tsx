import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { formatPoints } from '../../../lib/money';
import type { CountryCode } from '../../../lib/shared/countries';
import { pointsQueries } from '../api';
import { formatPointsDate } from '../points-format';
import { PointsQueryStatus } from './points-query-status';

interface Row {
  id: number;
  name: string;
  quantity: number | null;
  spentPoints: number;
  createdAt: string;
}

interface LightListProps {
  title: ReactNode;
  empty: ReactNode;
  query: UseQueryResult<Row[]>;
  country: CountryCode;
}

function LightList({ title, empty, query, country }: LightListProps) {
  const { t } = useLingui();
  return (
    <section className="points-light">
      <h3 className="points-light__title">{title}</h3>
      <PointsQueryStatus query={query} failure="lightHistories" loading={<Trans>Cargando…</Trans>} />
      {query.data && query.data.length === 0 && <p className="muted">{empty}</p>}
      {query.data && query.data.length > 0 && (
        <ul className="plain-list points-light__list">
          {query.data.map((row) => (
            <li key={row.id} className="points-light__row">
              <span className="points-light__name">
                {row.quantity !== null && row.quantity > 1 ? t`${row.quantity} × ${row.name}` : row.name}
              </span>
              <span className="muted">{formatPointsDate(row.createdAt, country)}</span>
              <span className="points-numeric">{formatPoints(row.spentPoints, country)}</span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** Product §3 light histories: events joined, combos bought and point products redeemed. */
export function LightHistories({ country, userId }: { country: CountryCode; userId: number }) {
  const events = useQuery({
    ...pointsQueries.eventHistory(country, userId),
    select: (records): Row[] => records.map((record) => ({ ...record, quantity: null })),
  });
  const combos = useQuery({
    ...pointsQueries.comboHistory(country, userId),
    select: (records): Row[] => records.map((record) => ({ ...record, quantity: null })),
  });
  const products = useQuery({
    ...pointsQueries.productRedemptions(country, userId),
    select: (records): Row[] =>
      records.map((record) => ({
        id: record.id,
        name: record.product.name,
        quantity: record.quantity,
        spentPoints: record.spentPoints,
        createdAt: record.createdAt,
      })),
  });
  return (
    <div className="points-light__groups">
      <LightList
        title={<Trans>Eventos en los que participas</Trans>}
        empty={<Trans>Aún no participas en ningún evento.</Trans>}
        query={events}
        country={country}
      />
      <LightList
        title={<Trans>Combos canjeados</Trans>}
        empty={<Trans>Aún no has canjeado combos.</Trans>}
        query={combos}
        country={country}
      />
      <LightList
        title={<Trans>Productos canjeados</Trans>}
        empty={<Trans>Aún no has canjeado productos.</Trans>}
        query={products}
        country={country}
      />
    </div>
  );
}
