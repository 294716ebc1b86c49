import { Trans } from '@lingui/react/macro';
import type { PointsFailure } from '../points-messages';

interface PointsAlertProps {
  failure: PointsFailure;
  onRetry?: () => void;
  retrying?: boolean;
}

/** A failed points call: the Spanish message, why when known, and a way to try again. */
export function PointsAlert({ failure, onRetry, retrying = false }: PointsAlertProps) {
  return (
    <div className="alert points-alert" role="alert">
      <p>{failure.message}</p>
      {failure.detail && <p className="points-alert__detail">{failure.detail}</p>}
      {onRetry && (
        <button type="button" className="button button--secondary" disabled={retrying} onClick={onRetry}>
          <Trans>Reintentar</Trans>
        </button>
      )}
    </div>
  );
}
