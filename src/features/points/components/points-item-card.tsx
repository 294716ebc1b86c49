import { Trans, useLingui } from '@lingui/react/macro';
import { useId } from 'react';
import { formatPoints } from '../../../lib/money';
import type { CountryCode } from '../../../lib/shared/countries';
import { formatPointsDate } from '../points-format';
import type { PointsItem } from '../points-items';

interface PointsItemCardProps {
  item: PointsItem;
  country: CountryCode;
  /** Undefined while the balance is unknown (loading or failed): nothing can be redeemed blind. */
  balance: number | undefined;
  /** An event the user already joined (an event is joined once). */
  joined?: boolean;
  onRedeem: () => void;
}

/** An event, combo or point product of the country, with its redeem button or why it cannot be redeemed. */
export function PointsItemCard({ item, country, balance, joined = false, onRedeem }: PointsItemCardProps) {
  const { t } = useLingui();
  const reasonId = useId();
  const short = balance !== undefined && balance < item.points;
  const missing = balance === undefined ? '' : formatPoints(item.points - balance, country);
  const start = item.startDate && formatPointsDate(item.startDate, country);
  const end = item.endDate && formatPointsDate(item.endDate, country);
  const reason = joined
    ? t`Ya participas en este evento.`
    : balance === undefined
      ? t`Necesitamos tu saldo para canjear.`
      : short
        ? t`Te faltan ${missing} para canjearlo.`
        : null;
  const action = item.kind === 'event' ? t`Participar` : item.kind === 'combo' ? t`Canjear combo` : t`Canjear`;

  return (
    <article className="card points-card" aria-labelledby={`${reasonId}-name`}>
      {item.image ? (
        <img className="points-card__image" src={item.image} alt="" loading="lazy" decoding="async" />
      ) : (
        <div className="points-card__image points-card__image--placeholder" aria-hidden="true">
          <span>{item.name.slice(0, 1).toUpperCase()}</span>
        </div>
      )}
      <div className="points-card__body">
        <h3 id={`${reasonId}-name`} className="points-card__name">
          {item.name}
        </h3>
        {item.description && <p className="points-card__description">{item.description}</p>}
        {start && end && (
          <p className="muted points-card__dates">
            <Trans>
              Del {start} al {end}
            </Trans>
          </p>
        )}
        <p className="points-card__points">{formatPoints(item.points, country)}</p>
        <button
          type="button"
          className="button button--primary"
          disabled={reason !== null}
          aria-describedby={reason ? reasonId : undefined}
          onClick={onRedeem}
        >
          {action}
        </button>
        {reason && (
          <p id={reasonId} className="points-card__reason">
            {reason}
          </p>
        )}
      </div>
    </article>
  );
}
