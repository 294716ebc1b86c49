import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { BusyDialog } from '../../../components/ui/busy-dialog';
import { formatPoints } from '../../../lib/money';
import type { CountryCode } from '../../../lib/shared/countries';
import { POINTS_MAX_LINES, POINTS_MAX_QUANTITY, type PointsProductLineDto } from '../../../lib/shared/points';
import type { PointsFailure } from '../points-messages';
import type { PointsItem } from '../points-items';
import { useRedeemBatch } from '../use-redeem';
import { PointsAlert } from './points-alert';
import { QuantityInput } from './quantity-input';
import { RedeemActions } from './redeem-actions';
import { TitledSection } from '../../../components/ui/titled-section';

interface BatchRedeemProps {
  country: CountryCode;
  userId: number;
  products: readonly PointsItem[];
  /** Undefined while the balance is unknown: nothing is redeemed blind. */
  balance: number | undefined;
  onRedeemed: (remaining: number) => void;
}

/** A typed quantity: a whole number from 0 to the largest line, else null. */
function parseQuantity(text: string): number | null {
  if (text.trim() === '') return 0;
  const quantity = Number(text);
  return Number.isSafeInteger(quantity) && quantity >= 0 && quantity <= POINTS_MAX_QUANTITY ? quantity : null;
}

/**
 * Issue #19: several point products with their quantities, the total against the balance and what would remain, and
 * one `redeem/batch` call after confirming (all paid or none).
 */
export function BatchRedeem({ country, userId, products, balance, onRedeemed }: BatchRedeemProps) {
  const { t } = useLingui();
  const [quantities, setQuantities] = useState<Record<number, string>>({});
  const [confirming, setConfirming] = useState(false);
  const [failure, setFailure] = useState<PointsFailure | null>(null);
  const { redeemBatch, redeeming } = useRedeemBatch(country, userId);

  const rows = products.map((product) => {
    const text = quantities[product.id] ?? '0';
    return { product, text, quantity: parseQuantity(text) };
  });
  const invalid = rows.some((row) => row.quantity === null);
  const chosen = rows.filter((row) => (row.quantity ?? 0) > 0);
  const lines: PointsProductLineDto[] = chosen.map((row) => ({ productId: row.product.id, quantity: row.quantity! }));
  const total = chosen.reduce((sum, row) => sum + row.product.points * row.quantity!, 0);
  const enough = balance !== undefined && total <= balance;
  const totalText = formatPoints(total, country);
  const balanceText = balance === undefined ? '' : formatPoints(balance, country);
  const remainingText = balance === undefined ? '' : formatPoints(balance - total, country);
  const units = chosen.reduce((sum, row) => sum + row.quantity!, 0);
  const shortage = balance !== undefined && !enough;
  const ready = !invalid && lines.length > 0 && lines.length <= POINTS_MAX_LINES && enough;

  const setQuantity = (id: number, text: string) => {
    setQuantities((current) => ({ ...current, [id]: text }));
    setFailure(null);
  };
  const step = (id: number, current: number | null, by: number) =>
    setQuantity(id, String(Math.min(POINTS_MAX_QUANTITY, Math.max(0, (current ?? 0) + by))));

  async function confirm() {
    if (!ready || redeeming) return;
    setFailure(null);
    const outcome = await redeemBatch(lines);
    if (outcome.ok) {
      setConfirming(false);
      setQuantities({});
      onRedeemed(outcome.remaining);
    } else {
      setFailure(outcome.failure);
    }
  }

  return (
    <TitledSection
      id="points-batch-title"
      title={<Trans>Canjear varios productos</Trans>}
      heading="h3"
      className="card stack points-batch"
    >
      <p className="muted">
        <Trans>Elige cuántas unidades quieres de cada producto y canjéalos todos en un solo paso.</Trans>
      </p>
      <ul className="plain-list points-batch__list">
        {rows.map(({ product, text, quantity }) => {
          const inputId = `points-batch-${product.id}`;
          const price = formatPoints(product.points, country);
          return (
            <li key={product.id} className="points-batch__row">
              <label htmlFor={inputId} className="points-batch__name">
                {product.name} <span className="muted">· {price}</span>
              </label>
              <div className="points-batch__stepper">
                <button
                  type="button"
                  className="icon-button"
                  aria-label={t`Quitar una unidad de ${product.name}`}
                  disabled={(quantity ?? 0) <= 0}
                  onClick={() => step(product.id, quantity, -1)}
                >
                  −
                </button>
                <QuantityInput
                  id={inputId}
                  className="points-batch__quantity"
                  min={0}
                  value={text}
                  aria-label={t`Cantidad de ${product.name}`}
                  aria-invalid={quantity === null}
                  onValueChange={(typed) => setQuantity(product.id, typed)}
                />
                <button
                  type="button"
                  className="icon-button"
                  aria-label={t`Agregar una unidad de ${product.name}`}
                  disabled={(quantity ?? 0) >= POINTS_MAX_QUANTITY}
                  onClick={() => step(product.id, quantity, 1)}
                >
                  +
                </button>
              </div>
            </li>
          );
        })}
      </ul>
      <dl className="points-batch__summary" aria-live="polite">
        <div>
          <dt>
            <Trans>Total</Trans>
          </dt>
          <dd data-testid="batch-total">{totalText}</dd>
        </div>
        <div>
          <dt>
            <Trans>Tu saldo</Trans>
          </dt>
          <dd data-testid="batch-balance">{balanceText || '—'}</dd>
        </div>
        <div>
          <dt>
            <Trans>Te quedarían</Trans>
          </dt>
          <dd data-testid="batch-remaining">{enough ? remainingText : '—'}</dd>
        </div>
      </dl>
      {invalid && (
        <p className="field__error" role="alert">
          {t`Indica una cantidad entera entre 0 y ${POINTS_MAX_QUANTITY}.`}
        </p>
      )}
      {shortage && (
        <p className="field__error" role="alert">
          {t`No te alcanzan los puntos: tienes ${balanceText} y necesitas ${totalText}.`}
        </p>
      )}
      {balance === undefined && <p className="muted">{t`Necesitamos tu saldo para canjear.`}</p>}
      {failure && !confirming && <PointsAlert failure={failure} />}
      <div>
        <button
          type="button"
          className="button button--primary"
          disabled={!ready}
          onClick={() => {
            setFailure(null);
            setConfirming(true);
          }}
        >
          <Trans>Canjear selección</Trans>
        </button>
      </div>
      {confirming && (
        <BusyDialog
          busy={redeeming}
          onClose={() => setConfirming(false)}
          className="dialog points-dialog"
          title={t`¿Canjear ${units} unidades por ${totalText}?`}
          description={<Trans>Tu saldo después del canje: {remainingText}</Trans>}
        >
          <ul className="points-batch__chosen">
            {chosen.map(({ product, quantity }) => (
              <li key={product.id}>
                {quantity} × {product.name} · {formatPoints(product.points * quantity!, country)}
              </li>
            ))}
          </ul>
          <RedeemActions
            failure={failure}
            redeeming={redeeming}
            canConfirm={ready}
            onConfirm={() => void confirm()}
            onCancel={() => setConfirming(false)}
          />
        </BusyDialog>
      )}
    </TitledSection>
  );
}
