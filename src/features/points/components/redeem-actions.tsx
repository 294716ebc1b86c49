import { Trans, useLingui } from '@lingui/react/macro';
import type { PointsFailure } from '../points-messages';
import { PointsAlert } from './points-alert';

/**
 * The foot of a redemption's confirmation: the refusal if any, 'Cancelar' and 'Confirmar canje'. A plain button
 * cancels (the dialog's `onClose`), not Radix's `Dialog.Close`: the points screens then load no dialog code until a
 * confirmation opens (`BusyDialog`).
 */
export function RedeemActions({
  failure,
  redeeming,
  canConfirm,
  onConfirm,
  onCancel,
}: {
  failure: PointsFailure | null;
  redeeming: boolean;
  canConfirm: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const { t } = useLingui();
  return (
    <>
      {failure && <PointsAlert failure={failure} />}
      <div className="dialog__actions">
        <button type="button" className="button button--ghost" disabled={redeeming} onClick={onCancel}>
          <Trans>Cancelar</Trans>
        </button>
        <button
          type="button"
          className="button button--primary"
          disabled={redeeming || !canConfirm}
          onClick={onConfirm}
        >
          {redeeming ? t`Canjeando…` : t`Confirmar canje`}
        </button>
      </div>
    </>
  );
}
