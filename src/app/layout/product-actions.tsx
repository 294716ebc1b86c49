import { lazy, Suspense, type ReactNode } from 'react';
import { ProductActionsContext, type RenderProductActions } from '../../lib/product-actions';

// Product controls appear only on screens that list products, which are lazy routes themselves: keep them out of
// the initial bundle too.
const loadAddToCart = () => import('../../features/cart/components/add-to-cart');
const loadFavoriteButton = () => import('../../features/favorites/components/favorite-button');
const AddToCart = lazy(async () => ({ default: (await loadAddToCart()).AddToCart }));
const FavoriteButton = lazy(async () => ({ default: (await loadFavoriteButton()).FavoriteButton }));

/**
 * Starts downloading the controls beside a listing screen's own chunk: otherwise they are asked for only once the
 * products have arrived and the cards render, and the cards wait for them. A failure here is reported by the cards'
 * own import.
 */
export function preloadProductActions(): void {
  loadAddToCart().catch(() => undefined);
  loadFavoriteButton().catch(() => undefined);
}

const renderProductActions: RenderProductActions = (product, placement) => (
  <div className={`product-actions product-actions--${placement}`}>
    <Suspense fallback={null}>
      <AddToCart product={product} withQuantity={placement === 'page'} />
      <FavoriteButton product={product} />
    </Suspense>
  </div>
);

/** Gives the catalogue's cards and product page the cart and favourites controls. */
export function ProductActionsProvider({ children }: { children: ReactNode }) {
  return <ProductActionsContext value={renderProductActions}>{children}</ProductActionsContext>;
}
