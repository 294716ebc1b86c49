import { Trans } from '@lingui/react/macro';
import { Link } from 'react-router';
import type { CountryCode } from '../../../lib/shared/countries';

/** The way in for someone without a functional doctor yet: the medical attention request. */
export function AttentionBand({ country }: { country: CountryCode }) {
  return (
    <section className="attention-band" aria-labelledby="attention-title" data-tour="attention">
      <div>
        <h2 id="attention-title">
          <Trans>¿Buscas un médico funcional?</Trans>
        </h2>
        <p>
          <Trans>
            Cuéntanos qué necesitas y un profesional de nuestra red te contactará para agendar tu valoración.
          </Trans>
        </p>
      </div>
      <Link to={`/${country}/solicitar-atencion`} className="button button--primary button--large">
        <Trans>Solicitar atención médica</Trans>
      </Link>
    </section>
  );
}
