import { Trans } from '@lingui/react/macro';
import { Link } from 'react-router';
import { useCountry } from '../../lib/use-country';

export function NotFoundPage() {
  const country = useCountry();
  return (
    <section className="page not-found" aria-labelledby="not-found-title">
      <p className="not-found__code" aria-hidden="true">
        404
      </p>
      <h1 id="not-found-title">
        <Trans>Página no encontrada</Trans>
      </h1>
      <p>
        <Trans>La dirección que buscas no existe o cambió de lugar.</Trans>
      </p>
      <div className="not-found__actions">
        <Link to={`/${country}`} className="button button--primary">
          <Trans>Ir al inicio</Trans>
        </Link>
        <Link to={`/${country}/herramientas`} className="button button--secondary">
          <Trans>Ver herramientas</Trans>
        </Link>
      </div>
    </section>
  );
}
