import { useProductActions } from '../../../lib/product-actions';
import type { ProductDto } from '../../../lib/shared/api-types';
import type { CountryCode } from '../../../lib/shared/countries';
import { ProductCard } from './product-card';

export function ProductGrid({ products, country }: { products: ProductDto[]; country: CountryCode }) {
  const renderActions = useProductActions();
  return (
    <ul className="product-grid" role="list">
      {products.map((product) => (
        <li key={product.id}>
          <ProductCard product={product} country={country} actions={renderActions?.(product, 'card')} />
        </li>
      ))}
    </ul>
  );
}
