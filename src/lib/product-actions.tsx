import { createContext, useContext, type ReactNode } from 'react';
import type { ProductDto } from './shared/api-types';

type ProductActionsPlacement = 'card' | 'page';
export type RenderProductActions = (product: ProductDto, placement: ProductActionsPlacement) => ReactNode;

/**
 * The catalogue shows products; the cart and the favourites act on them. The app joins the two through this
 * context, so neither feature imports the other's components.
 */
export const ProductActionsContext = createContext<RenderProductActions | null>(null);

export function useProductActions(): RenderProductActions | null {
  return useContext(ProductActionsContext);
}
