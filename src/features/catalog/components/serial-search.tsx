import { Trans, useLingui } from '@lingui/react/macro';
import { useId, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { errorMessage } from '../../../lib/http';
import type { CountryCode } from '../../../lib/shared/countries';
import { searchBySerial } from '../api';

/**
 * Search by the serial number printed on the bottle: opens the product or says plainly that none was found. On a
 * phone it is folded under its title (CSS below 900 px), so the products start on the first screen.
 */
export function SerialSearch({ country }: { country: CountryCode }) {
  const { t } = useLingui();
  const navigate = useNavigate();
  const [serial, setSerial] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const [unfolded, setUnfolded] = useState(false);
  const bodyId = useId();

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!serial.trim()) {
      setFailure(t`Campo obligatorio`);
      return;
    }
    setPending(true);
    setFailure(null);
    try {
      const { data } = await searchBySerial(country, serial);
      void navigate(`/${country}/herramientas/${data.slug}`);
    } catch (error) {
      setFailure(errorMessage(error));
    } finally {
      setPending(false);
    }
  }

  return (
    <form
      className={unfolded ? 'serial-search serial-search--open' : 'serial-search'}
      onSubmit={(event) => void submit(event)}
      noValidate
      aria-label={t`Buscar por número de serie`}
    >
      <button
        type="button"
        className="serial-search__toggle"
        aria-expanded={unfolded}
        aria-controls={bodyId}
        onClick={() => setUnfolded((open) => !open)}
      >
        <Trans>Buscar por número de serie</Trans>
        <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
          <path d="M6 9l6 6 6-6" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </svg>
      </button>
      <div id={bodyId} className="serial-search__body">
        <label className="field">
          <span className="field__label">{t`Número de serie`}</span>
          <input
            className="input"
            value={serial}
            placeholder={t`Ej.: FM-VM-010137`}
            onChange={(event) => setSerial(event.target.value)}
            aria-invalid={Boolean(failure)}
          />
        </label>
        {failure && (
          <p className="field__error" role="alert">
            {failure}
          </p>
        )}
        <button type="submit" className="button button--secondary" disabled={pending}>
          <Trans>Buscar producto</Trans>
        </button>
      </div>
    </form>
  );
}
