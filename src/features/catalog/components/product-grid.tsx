import { useProductActions } from '../../../lib/product-actions';
import type { ProductDto } from '../../../lib/shared/api-types';
import type { CountryCode } from '../../../lib/shared/countries';
import { ProductCard } from './product-card';

interface ProductGridProps {
  products: ProductDto[];
  country: CountryCode;
  /** How many cards open the page on a phone's first screen, their pictures loaded first (0: none). */
  firstScreenCards?: number;
}

export function ProductGrid({ products, country, firstScreenCards = 0 }: ProductGridProps) {
  const renderActions = useProductActions();
  return (
    <ul className="product-grid" role="list">
      {products.map((product, index) => (
        <li key={product.id}>
          <ProductCard
            product={product}
            country={country}
            actions={renderActions?.(product, 'card')}
            firstScreen={index < firstScreenCards}
          />
        </li>
      ))}
    </ul>
  );
}
