import { Trans } from '@lingui/react/macro';
import { Link } from 'react-router';
import { errorMessage } from '../../../lib/http';
import { useCountry } from '../../../lib/use-country';
import { useFavorites } from '../use-favorites';
import type { ReactNode } from 'react';
import type { ProductDto } from '../../../lib/shared/api-types';

/** `mi-cuenta/mis-favoritos`; the grid comes from the app so the catalogue's cards are reused. */
export function FavoritesPage({ renderProducts }: { renderProducts: (products: ProductDto[]) => ReactNode }) {
  const country = useCountry();
  const { server } = useFavorites(country);
  return (
    <section aria-labelledby="favorites-title" className="stack">
      <h1 id="favorites-title">
        <Trans>Mis favoritos</Trans>
      </h1>
      {server.isPending && (
        <p className="muted" role="status">
          <Trans>Cargando favoritos…</Trans>
        </p>
      )}
      {server.isError && (
        <p className="alert" role="alert">
          {errorMessage(server.error)}
        </p>
      )}
      {server.data && server.data.data.length === 0 && (
        <div className="empty-state">
          <p>
            <Trans>Aún no tienes productos favoritos. Toca el corazón de un producto para guardarlo aquí.</Trans>
          </p>
          <Link to={`/${country}/herramientas`} className="button button--primary">
            <Trans>Seguir comprando</Trans>
          </Link>
        </div>
      )}
      {server.data && server.data.data.length > 0 && renderProducts(server.data.data)}
    </section>
  );
}
