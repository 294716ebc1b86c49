import { ProductGrid } from '../../features/catalog/components/product-grid';
import { FavoritesPage } from '../../features/favorites/components/favorites-page';
import { useCountry } from '../../lib/use-country';

export function FavoritesRoute() {
  const country = useCountry();
  return <FavoritesPage renderProducts={(products) => <ProductGrid products={products} country={country} atTop />} />;
}
