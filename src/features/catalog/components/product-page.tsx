import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { RetryAlert } from '../../../components/ui/retry-alert';
import { ApiError, errorMessage } from '../../../lib/http';
import { formatPoints } from '../../../lib/money';
import { useProductActions } from '../../../lib/product-actions';
import { useCountry } from '../../../lib/use-country';
import { useViewerKey } from '../../../lib/session/use-viewer-key';
import { productDetailQuery } from '../api';
import { responsiveImage } from '../image-sources';
import { hasStock, presentationText } from '../product-facts';
import { ProductPrice } from './product-price';

export function ProductPage() {
  const renderActions = useProductActions();
  const { t } = useLingui();
  const country = useCountry();
  const viewer = useViewerKey();
  const { slug = '' } = useParams();
  const queryClient = useQueryClient();
  // A product never opened before starts from the catalogue's copy: it opens at once, and offline too.
  const query = useQuery(productDetailQuery(queryClient, country, viewer, slug));
  const backToCatalogue = (
    <Link to={`/${country}/herramientas`} className="button button--primary">
      <Trans>Ver herramientas</Trans>
    </Link>
  );

  if (query.isPending) {
    return (
      <p className="page muted" role="status">
        <Trans>Cargando producto…</Trans>
      </p>
    );
  }
  const missing = query.error instanceof ApiError && query.error.status === 404;
  if (missing || query.data === undefined) {
    // No connection and no copy of this product on the device (a link from elsewhere, never seen in the catalogue).
    const notSaved = query.error instanceof ApiError && query.error.kind === 'network';
    if (notSaved) {
      return (
        <section className="page not-found" aria-labelledby="product-not-saved">
          <h1 id="product-not-saved">
            <Trans>Este producto no está guardado en este dispositivo</Trans>
          </h1>
          <RetryAlert
            message={t`Sin conexión solo podemos mostrar los productos que ya viste en el catálogo. Vuelve a intentarlo cuando tengas conexión.`}
            retrying={query.isFetching}
            onRetry={() => void query.refetch()}
          />
          {backToCatalogue}
        </section>
      );
    }
    return (
      <section className="page not-found" role="alert">
        <h1>{missing ? t`Producto no encontrado` : t`Error al cargar el producto ${slug}`}</h1>
        <p>{missing ? t`Es posible que ya no esté disponible en este país.` : errorMessage(query.error)}</p>
        {backToCatalogue}
      </section>
    );
  }

  const product = query.data;
  const image = responsiveImage(product.image, '(min-width: 900px) 480px, 100vw');
  const presentation = presentationText(product);
  const available = hasStock(product);
  return (
    <article className="page product-page" aria-labelledby="product-title">
      <nav className="breadcrumbs" aria-label={t`Ruta`}>
        <Link to={`/${country}/herramientas`}>{t`Herramientas`}</Link> ·{' '}
        <Link to={`/${country}/herramientas?categoria=${product.category.id}`}>{product.category.name}</Link>
      </nav>
      <div className="product-page__layout">
        <div className="product-page__media">
          {image ? (
            <img {...image} alt={product.name} width={480} height={480} fetchPriority="high" />
          ) : (
            <div className="product-card__placeholder" aria-hidden="true" />
          )}
        </div>
        <div className="product-page__info">
          <p className="product-card__tag">{product.tag || product.category.name}</p>
          <h1 id="product-title">
            {product.name}
            {product.price?.vat_included && <span aria-hidden="true">*</span>}
          </h1>
          <ProductPrice product={product} country={country} className="product-page__price" />
          {product.points_price !== null && (
            <p className="muted">
              <Trans>O canjéalo por {formatPoints(product.points_price, country)}</Trans>
            </p>
          )}
          <dl className="data-list">
            {presentation && (
              <div>
                <dt>{t`Presentación`}</dt>
                <dd>{presentation}</dd>
              </div>
            )}
            {product.pharmaceutical_form && (
              <div>
                <dt>{t`Forma farmacéutica`}</dt>
                <dd>{product.pharmaceutical_form.name}</dd>
              </div>
            )}
            {product.capsule_info && (
              <div>
                <dt>{t`Composición`}</dt>
                <dd>{product.capsule_info}</dd>
              </div>
            )}
            <div>
              <dt>{t`Disponibilidad`}</dt>
              <dd data-testid="product-stock">
                {!available
                  ? t`Agotado`
                  : product.stock.tracked && product.stock.quantity !== null
                    ? t`${product.stock.quantity} disponibles`
                    : t`Disponible`}
              </dd>
            </div>
          </dl>
          {query.isError && (
            <p className="notice" role="status">
              <Trans>
                Es la copia guardada en este dispositivo: no pudimos confirmar el precio ni la disponibilidad de hoy.
              </Trans>
            </p>
          )}
          {renderActions?.(product, 'page')}
          <p className="product-page__description">{product.description}</p>
          {product.price?.vat_included && (
            <p className="catalog__vat-note">
              <Trans>Los productos marcados con asterisco (*) incluyen IVA.</Trans>
            </p>
          )}
        </div>
      </div>
    </article>
  );
}
