import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { BusyDialog } from '../../../components/ui/busy-dialog';
import { Field } from '../../../components/ui/field';
import { formatPoints } from '../../../lib/money';
import type { CountryCode } from '../../../lib/shared/countries';
import { POINTS_MAX_QUANTITY } from '../../../lib/shared/points';
import type { PointsFailure } from '../points-messages';
import type { PointsItem } from '../points-items';
import type { RedeemOutcome } from '../use-redeem';
import { QuantityInput } from './quantity-input';
import { RedeemActions } from './redeem-actions';

interface RedeemDialogProps {
  item: PointsItem;
  country: CountryCode;
  balance: number;
  redeeming: boolean;
  onConfirm: (quantity: number) => Promise<RedeemOutcome>;
  onClose: () => void;
}

/**
 * Asks before spending: what is redeemed, for how many points and what the balance will be after. Point products
 * take a quantity. A failure stays in the dialog; confirming again retries the same request.
 */
export function RedeemDialog({ item, country, balance, redeeming, onConfirm, onClose }: RedeemDialogProps) {
  const { t } = useLingui();
  const [quantityText, setQuantityText] = useState('1');
  const [failure, setFailure] = useState<PointsFailure | null>(null);
  const withQuantity = item.kind === 'product';
  const quantity = withQuantity ? Number(quantityText) : 1;
  const validQuantity = Number.isSafeInteger(quantity) && quantity >= 1 && quantity <= POINTS_MAX_QUANTITY;
  const total = validQuantity ? item.points * quantity : item.points;
  const enough = total <= balance;
  const cost = formatPoints(total, country);
  const after = formatPoints(balance - total, country);
  const current = formatPoints(balance, country);
  const quantityError = !validQuantity
    ? t`Indica una cantidad entera entre 1 y ${POINTS_MAX_QUANTITY}.`
    : !enough
      ? t`No te alcanzan los puntos: tienes ${current} y necesitas ${cost}.`
      : undefined;

  async function confirm() {
    if (!validQuantity || !enough || redeeming) return;
    setFailure(null);
    const outcome = await onConfirm(quantity);
    if (!outcome.ok) setFailure(outcome.failure);
  }

  return (
    <BusyDialog
      busy={redeeming}
      onClose={onClose}
      className="dialog points-dialog"
      title={t`¿Canjear ${item.name} por ${cost}?`}
      description={
        enough && validQuantity ? (
          <Trans>Tu saldo después del canje: {after}</Trans>
        ) : (
          <Trans>Tu saldo actual: {current}</Trans>
        )
      }
    >
      {withQuantity && (
        <Field label={t`Cantidad`} required error={quantityError}>
          {({ id, describedBy, invalid }) => (
            <QuantityInput
              id={id}
              className="points-dialog__quantity"
              min={1}
              value={quantityText}
              aria-invalid={invalid}
              aria-describedby={describedBy}
              onValueChange={(typed) => {
                setQuantityText(typed);
                setFailure(null);
              }}
            />
          )}
        </Field>
      )}
      {!withQuantity && !enough && (
        <p className="field__error" role="alert">
          {quantityError}
        </p>
      )}
      <RedeemActions
        failure={failure}
        redeeming={redeeming}
        canConfirm={validQuantity && enough}
        onConfirm={() => void confirm()}
        onCancel={onClose}
      />
    </BusyDialog>
  );
}
