// 'Comprar de nuevo': which lines of a past order can go back into the cart, with the product as it is sold today.
// Pure functions; fetching the products and writing the cart happen around them.

import type { ProductDto } from '../../lib/shared/api-types';
import type { OrderItemDto } from '../../lib/shared/orders';
import { hasStock } from '../catalog/product-facts';

/** A product to put in the cart: the app turns it into a cart line under the cart's rules. */
export interface BuyAgainLine {
  product: ProductDto;
  quantity: number;
  /** The line was paid with points in the order and the product can still be redeemed with points. */
  redeemWithPoints: boolean;
}

/**
 * Why a line of the order did not go back into the cart: `out_of_stock`, `unavailable` (no longer sold in this
 * store, or no longer redeemable with points) or `cart_limit` (the cart refused more units: a prescription line
 * with a fixed quantity, or the maximum per line).
 */
export type BuyAgainSkipReason = 'out_of_stock' | 'unavailable' | 'cart_limit';

export interface BuyAgainSkip {
  productId: number;
  /** The name the buyer saw on the order. */
  name: string;
  reason: BuyAgainSkipReason;
}

/** A line added with fewer units than ordered because the stock is lower. */
export interface BuyAgainReduced {
  productId: number;
  name: string;
  ordered: number;
  added: number;
}

interface BuyAgainPlan {
  lines: BuyAgainLine[];
  skipped: BuyAgainSkip[];
  reduced: BuyAgainReduced[];
}

/** What the cart did with the lines: the ids it left as they were. */
export interface BuyAgainCartResult {
  unchanged: number[];
}

/** The distinct products of an order, each asked for once. */
export function orderProductIds(items: readonly OrderItemDto[]): number[] {
  return [...new Set(items.map((item) => item.productId))];
}

/**
 * Plans the cart lines for the order's items given each product's current data (`null` when the store no longer
 * sells it). Repeated lines of one product and payment kind are merged; quantities are capped by tracked stock.
 */
export function planBuyAgain(
  items: readonly OrderItemDto[],
  products: ReadonlyMap<number, ProductDto | null>,
): BuyAgainPlan {
  const merged = new Map<string, { item: OrderItemDto; quantity: number }>();
  for (const item of items) {
    const key = `${item.productId}:${item.type}`;
    const previous = merged.get(key);
    merged.set(key, { item: previous?.item ?? item, quantity: (previous?.quantity ?? 0) + item.quantity });
  }

  const plan: BuyAgainPlan = { lines: [], skipped: [], reduced: [] };
  for (const { item, quantity } of merged.values()) {
    const product = products.get(item.productId) ?? null;
    const withPoints = item.type === 'points';
    const sold =
      product !== null &&
      (withPoints ? product.type === 'points' && product.points_price !== null : product.price !== null);
    if (!product || !sold) {
      plan.skipped.push({ productId: item.productId, name: item.name, reason: 'unavailable' });
      continue;
    }
    if (!hasStock(product)) {
      plan.skipped.push({ productId: item.productId, name: item.name, reason: 'out_of_stock' });
      continue;
    }
    const { tracked, quantity: inStock } = product.stock;
    const added = tracked && inStock !== null ? Math.min(quantity, inStock) : quantity;
    if (added < quantity) plan.reduced.push({ productId: item.productId, name: item.name, ordered: quantity, added });
    plan.lines.push({ product, quantity: added, redeemWithPoints: withPoints });
  }
  return plan;
}
