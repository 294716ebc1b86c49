import { useProductActions } from '../../../lib/product-actions';
import type { ProductDto } from '../../../lib/shared/api-types';
import type { CountryCode } from '../../../lib/shared/countries';
import { ProductCard } from './product-card';

/** A phone's first row of cards (two columns): their pictures are the largest paint of a list at the top. */
const HIGH_PRIORITY_CARDS = 2;
/** A wide screen's first row (four columns): in view at once, so not lazy. */
const EAGER_CARDS = 4;

interface ProductGridProps {
  products: ProductDto[];
  country: CountryCode;
  /** The list opens its page (the catalogue, the favourites): its first row's pictures load first. */
  atTop?: boolean;
}

export function ProductGrid({ products, country, atTop = false }: ProductGridProps) {
  const renderActions = useProductActions();
  const imageLoading = (index: number) =>
    !atTop || index >= EAGER_CARDS ? 'lazy' : index < HIGH_PRIORITY_CARDS ? 'high' : 'eager';
  return (
    <ul className="product-grid" role="list">
      {products.map((product, index) => (
        <li key={product.id}>
          <ProductCard
            product={product}
            country={country}
            actions={renderActions?.(product, 'card')}
            imageLoading={imageLoading(index)}
          />
        </li>
      ))}
    </ul>
  );
}
