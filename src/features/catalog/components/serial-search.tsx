import { Trans, useLingui } from '@lingui/react/macro';
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { errorMessage } from '../../../lib/http';
import type { CountryCode } from '../../../lib/shared/countries';
import { searchBySerial } from '../api';

/** Search by the serial number printed on the bottle: opens the product or says plainly that none was found. */
export function SerialSearch({ country }: { country: CountryCode }) {
  const { t } = useLingui();
  const navigate = useNavigate();
  const [serial, setSerial] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

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
      className="serial-search"
      onSubmit={(event) => void submit(event)}
      noValidate
      aria-label={t`Buscar por número de serie`}
    >
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
    </form>
  );
}
