import { Trans } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useDeferredValue } from 'react';
import { Link } from 'react-router';
import { errorMessage } from '../../../lib/http';
import { useCountry } from '../../../lib/use-country';
import { useViewerKey } from '../../../lib/session/use-viewer-key';
import { productQueries } from '../api';
import { ProductGrid } from './product-grid';
import { HomeSection } from '../../../components/ui/home-section';

/**
 * Product §2 home: the featured products. Their arrival is a synchronous update (the query's store), so the grid
 * renders from a deferred copy of the answer: React renders it in slices the browser can interrupt, not as one long
 * task after the home is on screen (issue #18's total blocking time). The loading line stays until the grid is there.
 */
export function FeaturedProducts() {
  const country = useCountry();
  const viewer = useViewerKey();
  const query = useQuery(productQueries.featured(country, viewer));
  const products = useDeferredValue(query.data?.data);
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
      {!products && !query.isError && (
        <p role="status" className="muted">
          <Trans>Cargando productos…</Trans>
        </p>
      )}
      {query.isError && !query.data && (
        <p role="alert" className="alert">
          <Trans>Error al cargar productos destacados</Trans> · {errorMessage(query.error)}
        </p>
      )}
      {products && <ProductGrid products={products} country={country} />}
    </HomeSection>
  );
}
