import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { Link } from 'react-router';
import type { CountryCode } from '../../../lib/shared/countries';
import type { BuyAgainSkipReason } from '../buy-again';
import type { BuyAgainState } from '../use-buy-again';

/** What 'Comprar de nuevo' did: how many products went in, which did not and why, and the way to the bag. */
export function BuyAgainNotice({
  state,
  country,
  onViewBag,
}: {
  state: BuyAgainState;
  country: CountryCode;
  onViewBag: () => void;
}) {
  const { t } = useLingui();
  if (state.phase === 'idle') return null;
  if (state.phase === 'working') {
    return (
      <p className="muted" role="status">
        <Trans>Revisando la disponibilidad de los productos…</Trans>
      </p>
    );
  }
  if (state.phase === 'failed') {
    return (
      <p className="alert" role="alert">
        <Trans>No se agregó nada a tu bolsa: {state.message}</Trans>
      </p>
    );
  }

  const reasons: Record<BuyAgainSkipReason, string> = {
    out_of_stock: t`sin stock`,
    unavailable: t`ya no se vende`,
    cart_limit: t`la bolsa no admite más unidades`,
  };
  const skipped = state.skipped.map((entry) => `${entry.name} (${reasons[entry.reason]})`).join(', ');
  const reduced = state.reduced.map((entry) => `${entry.name} (${entry.added}/${entry.ordered})`).join(', ');
  const count = state.added.length;
  return (
    <div className={count > 0 ? 'notice notice--success buy-again' : 'notice buy-again'} role="status">
      <p>
        {count > 0 ? (
          <Plural value={count} one="Agregamos # producto a tu bolsa." other="Agregamos # productos a tu bolsa." />
        ) : (
          <Trans>No se agregó ningún producto a tu bolsa.</Trans>
        )}
      </p>
      {skipped && (
        <p>
          <Trans>No se agregaron: {skipped}</Trans>
        </p>
      )}
      {reduced && (
        <p>
          <Trans>Agregamos menos unidades por disponibilidad: {reduced}</Trans>
        </p>
      )}
      {count > 0 && (
        <Link to={`/${country}/bolsa`} className="button button--primary" onClick={onViewBag}>
          <Trans>Ver bolsa</Trans>
        </Link>
      )}
    </div>
  );
}
