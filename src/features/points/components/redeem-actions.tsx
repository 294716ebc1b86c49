import { Trans, useLingui } from '@lingui/react/macro';
import { Dialog } from 'radix-ui';
import type { PointsFailure } from '../points-messages';
import { PointsAlert } from './points-alert';

/** The foot of a redemption's confirmation: the refusal if any, 'Cancelar' and 'Confirmar canje'. */
export function RedeemActions({
  failure,
  redeeming,
  canConfirm,
  onConfirm,
}: {
  failure: PointsFailure | null;
  redeeming: boolean;
  canConfirm: boolean;
  onConfirm: () => void;
}) {
  const { t } = useLingui();
  return (
    <>
      {failure && <PointsAlert failure={failure} />}
      <div className="dialog__actions">
        <Dialog.Close className="button button--ghost" disabled={redeeming}>
          <Trans>Cancelar</Trans>
        </Dialog.Close>
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
