import type { CartItem } from './cart-rules';

/** A plain cart line for the cart's tests; override what the test is about. */
export function item(overrides: Partial<CartItem> = {}): CartItem {
  return {
    id: 1,
    name: 'Magnesio',
    image: null,
    type: null,
    manualPoints: null,
    base_price: 10000,
    discounts: [],
    quantity: 1,
    category_id: 2,
    category: { id: 2, slug: 'minerales' },
    country_id: 1,
    momentsDay: null,
    ...overrides,
  };
}

export const hormone = (overrides: Partial<CartItem> = {}) =>
  item({ id: 40, category_id: 4, category: { id: 4, slug: 'hormonas-bioidenticas' }, ...overrides });
