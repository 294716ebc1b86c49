import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { formatPoints } from '../../../lib/money';
import type { CountryCode } from '../../../lib/shared/countries';
import { pointsQueries } from '../../points/api';

interface PointsDiscountProps {
  country: CountryCode;
  userId: number;
  /** Points already taken as money off this order. */
  discountPoints: number;
  /** Points the bag's points lines already spend. */
  productPoints: number;
  onChange: (points: number) => void;
}

/** A professional turns points into money off the order (product §3 checkout: discountPoints); the server prices it. */
export function PointsDiscount({ country, userId, discountPoints, productPoints, onChange }: PointsDiscountProps) {
  const { t } = useLingui();
  const balance = useQuery(pointsQueries.balance(country, userId));
  const [value, setValue] = useState(discountPoints > 0 ? String(discountPoints) : '');
  const [error, setError] = useState<string | null>(null);
  const available = Math.max(0, (balance.data?.points ?? 0) - productPoints);

  function apply(event: FormEvent) {
    event.preventDefault();
    const points = Number(value);
    if (!Number.isSafeInteger(points) || points <= 0) {
      setError(t`Ingresa un número entero de puntos mayor que cero`);
      return;
    }
    if (points > available) {
      setError(t`Solo tienes ${formatPoints(available, country)} disponibles`);
      return;
    }
    setError(null);
    onChange(points);
  }

  if (!balance.data) return null;
  return (
    <form className="promo-code" onSubmit={apply} noValidate>
      <label htmlFor="discount-points" className="field__label">
        <Trans>Usar mis puntos ({formatPoints(available, country)} disponibles)</Trans>
      </label>
      <div className="promo-code__row">
        <input
          id="discount-points"
          className="input"
          inputMode="numeric"
          value={value}
          aria-invalid={Boolean(error)}
          aria-describedby={error ? 'discount-points-error' : undefined}
          onChange={(event) => setValue(event.target.value.replace(/\D/g, ''))}
        />
        {discountPoints > 0 ? (
          <button
            type="button"
            className="button button--secondary"
            onClick={() => {
              setValue('');
              onChange(0);
            }}
          >
            <Trans>Quitar puntos</Trans>
          </button>
        ) : (
          <button type="submit" className="button button--secondary" disabled={available === 0}>
            <Trans>Usar puntos</Trans>
          </button>
        )}
      </div>
      {error && (
        <p id="discount-points-error" className="field__error" role="alert">
          {error}
        </p>
      )}
    </form>
  );
}
