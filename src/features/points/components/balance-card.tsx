import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { formatPoints } from '../../../lib/money';
import type { CountryCode } from '../../../lib/shared/countries';
import { pointsQueries } from '../api';
import { pointsFailure } from '../points-messages';
import { pointsMoneyValue } from '../points-format';
import { PointsAlert } from './points-alert';
import { PointsQueryStatus } from './points-query-status';

/** The balance in points and what it is worth in the country's money (product §9). */
export function BalanceCard({ country, userId }: { country: CountryCode; userId: number }) {
  const { t } = useLingui();
  const balance = useQuery(pointsQueries.balance(country, userId));
  const config = useQuery(pointsQueries.config(country));
  const points = balance.data?.points;
  const money = points === undefined ? null : pointsMoneyValue(points, config.data, country);

  return (
    <section className="card points-balance" aria-labelledby="points-balance-title">
      <h2 id="points-balance-title" className="points-balance__title">
        <Trans>Tu saldo</Trans>
      </h2>
      <PointsQueryStatus query={balance} failure="balance" loading={<Trans>Cargando saldo…</Trans>} />
      {points !== undefined && (
        <>
          <p className="points-balance__points" data-testid="points-balance">
            {formatPoints(points, country)}
          </p>
          {money && (
            <p className="points-balance__money" data-testid="points-money">
              <Trans>Equivalen a {money}</Trans>
            </p>
          )}
        </>
      )}
      {config.isError && (
        <PointsAlert
          failure={pointsFailure(config.error, 'config')}
          retrying={config.isFetching}
          onRetry={() => void config.refetch()}
        />
      )}
      {config.data && !money && points !== undefined && (
        <p className="muted">{t`El valor en dinero de los puntos aún no está configurado para este país.`}</p>
      )}
    </section>
  );
}
