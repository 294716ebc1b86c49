import { Plural, Trans } from '@lingui/react/macro';
import type { AdherenceState } from '../../../lib/shared/adherence';
import type { CountryCode } from '../../../lib/shared/countries';
import { formatDate } from '../../../lib/prescription-format';

const TONES: Record<AdherenceState['kind'], string> = {
  untracked: 'none',
  never: 'pending',
  bought: 'none',
  lapsed: 'rejected',
  'running-out': 'pending',
  'on-track': 'approved',
};

/** 'Al día', 'Se le acaba en N días', 'Sin compras desde <fecha>' or 'Sin compras' (issue #19). */
export function AdherenceStatus({ state, country }: { state: AdherenceState; country: CountryCode }) {
  if (state.kind === 'untracked') return null;
  return (
    <span className={`status status--${TONES[state.kind]} adherence-status`}>
      <AdherenceText state={state} country={country} />
    </span>
  );
}

function AdherenceText({ state, country }: { state: AdherenceState; country: CountryCode }) {
  switch (state.kind) {
    case 'never':
      return <Trans>Sin compras</Trans>;
    case 'bought': {
      const date = formatDate(state.lastPurchaseOn, country);
      return <Trans>Última compra el {date}</Trans>;
    }
    case 'lapsed': {
      const date = formatDate(state.lastPurchaseOn, country);
      return <Trans>Sin compras desde {date}</Trans>;
    }
    case 'running-out':
      return state.daysLeft === 0 ? (
        <Trans>Se le acaba hoy</Trans>
      ) : (
        <Plural value={state.daysLeft} one="Se le acaba en # día" other="Se le acaba en # días" />
      );
    case 'on-track':
      return <Trans>Al día</Trans>;
    default:
      return null;
  }
}
