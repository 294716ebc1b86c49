import { Trans } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { errorMessage } from '../../../lib/http';
import { useCountry } from '../../../lib/use-country';
import { useViewerKey } from '../../../lib/session/use-viewer-key';
import { productQueries } from '../api';
import { ProductGrid } from './product-grid';
import { HomeSection } from '../../../components/ui/home-section';

export function FeaturedProducts() {
  const country = useCountry();
  const viewer = useViewerKey();
  const query = useQuery(productQueries.featured(country, viewer));
  return (
    <HomeSection
      id="featured-title"
      title={<Trans>Productos destacados</Trans>}
      link={
        <Link to={`/${country}/herramientas`} className="link-arrow">
          <Trans>Ver todas las herramientas</Trans>
        </Link>
      }
    >
      {query.isPending && (
        <p role="status" className="muted">
          <Trans>Cargando productos…</Trans>
        </p>
      )}
      {query.isError && !query.data && (
        <p role="alert" className="alert">
          <Trans>Error al cargar productos destacados</Trans> · {errorMessage(query.error)}
        </p>
      )}
      {query.data && <ProductGrid products={query.data.data} country={country} />}
    </HomeSection>
  );
}
