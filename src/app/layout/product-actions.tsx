import { lazy, Suspense, type ReactNode } from 'react';
import { ProductActionsContext, type RenderProductActions } from '../../lib/product-actions';

// Product controls appear only on screens that list products, which are lazy routes themselves: keep them out of
// the initial bundle too.
const AddToCart = lazy(async () => ({
  default: (await import('../../features/cart/components/add-to-cart')).AddToCart,
}));
const FavoriteButton = lazy(async () => ({
  default: (await import('../../features/favorites/components/favorite-button')).FavoriteButton,
}));

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
