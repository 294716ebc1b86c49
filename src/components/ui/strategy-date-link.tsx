import { Link } from 'react-router';
import { formatDate, strategyPath } from '../../lib/prescription-format';
import type { CountryCode } from '../../lib/shared/countries';

/** A strategy's date, leading to its detail: how the professional's lists name a strategy. */
export function StrategyDateLink({
  country,
  patientId,
  strategy,
}: {
  country: CountryCode;
  patientId: number;
  strategy: { id: number; createdAt: string };
}) {
  return <Link to={strategyPath(country, patientId, strategy.id)}>{formatDate(strategy.createdAt, country)}</Link>;
}
