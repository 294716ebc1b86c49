import { Trans } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { ProductDto } from '../../../lib/shared/api-types';
import type { CountryCode } from '../../../lib/shared/countries';
import { responsiveImage } from '../image-sources';
import { hasStock, presentationText } from '../product-facts';
import { ProductPrice } from './product-price';

interface ProductCardProps {
  product: ProductDto;
  country: CountryCode;
  /** Controls placed by the app: favourite heart, add to cart. */
  actions?: ReactNode;
  /**
   * How its picture loads: 'lazy' below the fold; 'eager' in the first screen; 'high' for the cards whose picture is
   * the page's largest paint (a lazy picture in view waits for layout and loads last).
   */
  imageLoading?: 'high' | 'eager' | 'lazy';
}

export function ProductCard({ product, country, actions, imageLoading = 'lazy' }: ProductCardProps) {
  const presentation = presentationText(product);
  const available = hasStock(product);
  const image = responsiveImage(product.image, '(min-width: 700px) 240px, 50vw');
  return (
    <article className="product-card" aria-label={product.name}>
      <div className="product-card__media">
        {image ? (
          <img
            {...image}
            alt=""
            width={320}
            height={320}
            loading={imageLoading === 'lazy' ? 'lazy' : 'eager'}
            fetchPriority={imageLoading === 'high' ? 'high' : 'auto'}
            decoding="async"
          />
        ) : (
          <div className="product-card__placeholder" aria-hidden="true" />
        )}
        {!available && (
          <span className="badge badge--muted product-card__badge">
            <Trans>Agotado</Trans>
          </span>
        )}
      </div>
      <div className="product-card__body">
        <p className="product-card__tag">{product.tag || product.category.name}</p>
        <h3 className="product-card__name">
          <Link to={`/${country}/herramientas/${product.slug}`} className="product-card__link">
            {product.name}
            {product.price?.vat_included && <span aria-hidden="true">*</span>}
          </Link>
        </h3>
        {presentation && <p className="product-card__presentation">{presentation}</p>}
        <ProductPrice product={product} country={country} className="product-card__price" />
        {actions}
      </div>
    </article>
  );
}
