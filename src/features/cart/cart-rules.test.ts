import { describe, expect, it } from 'vitest';
import type { ProductDto } from '../../lib/shared/api-types';
import {
  addItem,
  atStockLimit,
  canDecrement,
  canIncrement,
  carryPointsItems,
  cartItemFromProduct,
  cartPoints,
  cartSubtotal,
  cartUnitCount,
  clampQuantity,
  clearCart,
  decrement,
  EMPTY_CART,
  increment,
  isHormone,
  isPrescriptionItem,
  lineTotal,
  MAX_ITEM_QUANTITY,
  parseCartState,
  pruneForCountry,
  removeItem,
  setQuantity,
  type CartItem,
  type CartState,
} from './cart-rules';
import { hormone, item } from './test-items';

const prescribed = (overrides: Partial<CartItem> = {}) =>
  item({ id: 50, name: 'Fórmula', quantity: 3, momentsDay: [{ id: 1, quantity: 1, value: 'mañana' }], ...overrides });
const points = (overrides: Partial<CartItem> = {}) =>
  item({ id: 60, name: 'Termo', type: 'points', manualPoints: 500, base_price: 0, country_id: 2, ...overrides });

function cartOf(...items: CartItem[]): CartState {
  return { ...EMPTY_CART, cartItems: items, isHormonesAdded: items.some((line) => isHormone(line)) };
}

describe('clampQuantity', () => {
  it.each([
    [1, 1],
    [5, 5],
    [2.9, 2],
    [0, 1],
    [-3, 1],
    [Number.NaN, 1],
    [1e9, MAX_ITEM_QUANTITY],
    [Number.POSITIVE_INFINITY, MAX_ITEM_QUANTITY],
    [Number.NEGATIVE_INFINITY, 1],
    ['7', 7],
    ['abc', 1],
    [null, 1],
    [undefined, 1],
  ])('%s becomes %s', (input, expected) => {
    expect(clampQuantity(input)).toBe(expected);
  });
});

describe('addItem (product §4)', () => {
  it('adds a new line at quantity 1 without mutating the state', () => {
    const state = cartOf();
    const next = addItem(state, item({ quantity: 12 }));
    expect(next.cartItems).toEqual([item({ quantity: 1 })]);
    expect(state.cartItems).toEqual([]);
    expect(next).not.toBe(state);
  });

  it('raises the quantity of an existing id instead of adding a line', () => {
    let state = addItem(cartOf(), item());
    state = addItem(state, item({ name: 'otro nombre' }), 2);
    expect(state.cartItems).toHaveLength(1);
    expect(state.cartItems[0]).toMatchObject({ id: 1, quantity: 3, name: 'Magnesio' });
  });

  it.each([
    [0, 1],
    [-5, 1],
    [Number.NaN, 1],
    [2.5, 2],
    [1e6, MAX_ITEM_QUANTITY],
  ])('clamps the added quantity %s to %s and never throws', (quantity, expected) => {
    expect(addItem(cartOf(), item(), quantity).cartItems[0]?.quantity).toBe(expected);
  });

  it('never takes a line above the maximum', () => {
    const state = addItem(cartOf(item({ quantity: 98 })), item(), 5);
    expect(state.cartItems[0]?.quantity).toBe(MAX_ITEM_QUANTITY);
    expect(addItem(state, item())).toBe(state);
  });

  it('sets isHormonesAdded when a hormone is added, by id or by slug', () => {
    expect(addItem(cartOf(), item()).isHormonesAdded).toBe(false);
    expect(addItem(cartOf(), hormone()).isHormonesAdded).toBe(true);
    const bySlug = hormone({ category_id: 99, category: { id: 99, slug: 'hormonas-bioidenticas' } });
    expect(addItem(cartOf(item()), bySlug).isHormonesAdded).toBe(true);
  });

  it('honours a configured hormones category', () => {
    const config = { categoryId: 2, slug: 'minerales' };
    expect(addItem(cartOf(), item(), 1, config).isHormonesAdded).toBe(true);
    expect(addItem(cartOf(), hormone(), 1, config).isHormonesAdded).toBe(false);
  });

  it('leaves a prescription line as it is', () => {
    const state = cartOf(prescribed());
    expect(addItem(state, prescribed(), 4)).toBe(state);
  });
});

describe('quantity control (product §4)', () => {
  it('increments and decrements', () => {
    const state = cartOf(item({ quantity: 2 }), hormone());
    expect(increment(state, 1).cartItems[0]?.quantity).toBe(3);
    expect(decrement(state, 1).cartItems[0]?.quantity).toBe(1);
    expect(increment(state, 1).cartItems[1]).toBe(state.cartItems[1]);
  });

  it('blocks decreasing at 1 and increasing at the maximum', () => {
    const atOne = cartOf(item({ quantity: 1 }));
    expect(decrement(atOne, 1)).toBe(atOne);
    const atMax = cartOf(item({ quantity: MAX_ITEM_QUANTITY }));
    expect(increment(atMax, 1)).toBe(atMax);
    expect(canDecrement(item({ quantity: 1 }))).toBe(false);
    expect(canIncrement(item({ quantity: MAX_ITEM_QUANTITY }))).toBe(false);
    expect(canIncrement(item())).toBe(true);
    expect(canDecrement(item({ quantity: 2 }))).toBe(true);
  });

  it('blocks both directions, and setQuantity, on prescription products', () => {
    const state = cartOf(prescribed());
    expect(isPrescriptionItem(prescribed())).toBe(true);
    expect(increment(state, 50)).toBe(state);
    expect(decrement(state, 50)).toBe(state);
    expect(setQuantity(state, 50, 10)).toBe(state);
    expect(canIncrement(prescribed())).toBe(false);
    expect(canDecrement(prescribed())).toBe(false);
  });

  it('treats an empty momentsDay as a regular product', () => {
    const state = cartOf(item({ momentsDay: [], quantity: 2 }));
    expect(isPrescriptionItem(state.cartItems[0]!)).toBe(false);
    expect(decrement(state, 1).cartItems[0]?.quantity).toBe(1);
  });

  it.each([
    [7, 7],
    [0, 1],
    [-1, 1],
    [Number.NaN, 1],
    [3.7, 3],
    [500, MAX_ITEM_QUANTITY],
  ])('setQuantity(%s) gives %s', (quantity, expected) => {
    expect(setQuantity(cartOf(item({ quantity: 2 })), 1, quantity).cartItems[0]?.quantity).toBe(expected);
  });

  it('ignores unknown ids', () => {
    const state = cartOf(item());
    expect(increment(state, 999)).toBe(state);
    expect(decrement(state, 999)).toBe(state);
    expect(setQuantity(state, 999, 5)).toBe(state);
    expect(removeItem(state, 999)).toBe(state);
  });
});

describe('stock on hand (issue #16)', () => {
  const scarce = (overrides: Partial<CartItem> = {}) => item({ id: 70, name: 'Escaso', stock: 3, ...overrides });

  it('adds at most the units on hand, to a new line and to an existing one', () => {
    const first = addItem(EMPTY_CART, scarce(), 5);
    expect(first.cartItems[0]?.quantity).toBe(3);
    const again = addItem(cartOf(scarce({ quantity: 2 })), scarce(), 4);
    expect(again.cartItems[0]?.quantity).toBe(3);
    expect(atStockLimit(again.cartItems[0]!)).toBe(true);
  });

  it('stops + and setQuantity at the stock, and takes the newer stock figure of a later add', () => {
    const full = cartOf(scarce({ quantity: 3 }));
    expect(canIncrement(full.cartItems[0]!)).toBe(false);
    expect(increment(full, 70)).toBe(full);
    expect(setQuantity(cartOf(scarce()), 70, 9).cartItems[0]?.quantity).toBe(3);
    const restocked = addItem(full, scarce({ stock: 10 }), 2);
    expect(restocked.cartItems[0]).toMatchObject({ quantity: 5, stock: 10 });
  });

  it('leaves untracked stock to the maximum, and keeps a prescribed quantity above the stock', () => {
    expect(canIncrement(item({ quantity: 50 }))).toBe(true);
    expect(atStockLimit(item({ quantity: MAX_ITEM_QUANTITY }))).toBe(false);
    expect(addItem(EMPTY_CART, prescribed({ stock: 1 }), 3).cartItems[0]?.quantity).toBe(3);
  });

  it('reads the stock from a tracked product and keeps it across a reload', () => {
    const tracked = cartItemFromProduct(product({ stock: { tracked: true, quantity: 4 } }), 1);
    expect(tracked.stock).toBe(4);
    expect(cartItemFromProduct(product({ stock: { tracked: false, quantity: null } }), 1).stock).toBeUndefined();
    const restored = parseCartState(JSON.parse(JSON.stringify(cartOf({ ...tracked, quantity: 2 }))));
    expect(restored?.cartItems[0]?.stock).toBe(4);
  });
});

describe('removeItem and clearCart (product §4)', () => {
  it('keeps the flag while a hormone remains and clears it with the last one', () => {
    const two = cartOf(hormone(), hormone({ id: 41 }), item());
    const one = removeItem(two, 40);
    expect(one.isHormonesAdded).toBe(true);
    const none = removeItem(one, 41);
    expect(none.isHormonesAdded).toBe(false);
    expect(none.cartItems.map((line) => line.id)).toEqual([1]);
  });

  it('clears the flag when the last hormone goes even with several other items left', () => {
    const state = removeItem(cartOf(item(), item({ id: 2 }), item({ id: 3 }), hormone()), 40);
    expect(state.isHormonesAdded).toBe(false);
    expect(state.cartItems).toHaveLength(3);
  });

  it('corrects a stale flag when a non-hormone is removed', () => {
    const stale = { ...cartOf(item(), item({ id: 2 })), isHormonesAdded: true };
    expect(removeItem(stale, 2).isHormonesAdded).toBe(false);
  });

  it('clears the lines, the flag, the prescription and its context, and keeps the address', () => {
    const state: CartState = {
      ...cartOf(hormone(), prescribed()),
      prescription: { id: 9 },
      prescriptionContext: { patientId: 3 },
      addressSelected: { id: 5 },
    };
    expect(clearCart(state)).toEqual({
      ...EMPTY_CART,
      addressSelected: { id: 5 },
    });
  });
});

describe('pruneForCountry (product §4)', () => {
  it('removes non-points lines of another country and keeps points lines', () => {
    const state = cartOf(item({ id: 1, country_id: 1 }), item({ id: 2, country_id: 2 }), points({ country_id: 3 }));
    const pruned = pruneForCountry(state, 1);
    expect(pruned.cartItems.map((line) => line.id)).toEqual([1, 60]);
  });

  it('recomputes the hormones flag', () => {
    const state = cartOf(item(), hormone({ country_id: 2 }));
    expect(state.isHormonesAdded).toBe(true);
    expect(pruneForCountry(state, 1).isHormonesAdded).toBe(false);
    expect(pruneForCountry({ ...cartOf(hormone()), isHormonesAdded: false }, 1).isHormonesAdded).toBe(true);
  });

  it('returns the same state when nothing changes', () => {
    const state = cartOf(item(), points());
    expect(pruneForCountry(state, 1)).toBe(state);
  });
});

describe('isHormone', () => {
  it('matches by category id, nested category id or slug', () => {
    expect(isHormone(item({ category_id: 4 }))).toBe(true);
    expect(isHormone(item({ category_id: 7, category: { id: 4, slug: 'otra' } }))).toBe(true);
    expect(isHormone(item({ category_id: 7, category: { id: 7, slug: 'hormonas-bioidenticas' } }))).toBe(true);
    expect(isHormone(item())).toBe(false);
    expect(isHormone(item({ category_id: 9 }), { categoryId: 9, slug: 'x' })).toBe(true);
    expect(isHormone(hormone(), { categoryId: 9, slug: 'x' })).toBe(false);
  });

  it('also matches a product the admins marked as needing a signed prescription, and the mark survives a reload', () => {
    const marked = item({ category_id: 6, requiresSignedPrescription: true });
    expect(isHormone(marked)).toBe(true);
    const state = addItem(EMPTY_CART, marked);
    expect(state.isHormonesAdded).toBe(true);
    const restored = parseCartState(JSON.parse(JSON.stringify(state)));
    expect(restored?.cartItems[0]?.requiresSignedPrescription).toBe(true);
    expect(restored?.isHormonesAdded).toBe(true);
  });
});

function product(overrides: Partial<ProductDto> & { discounts?: unknown } = {}): ProductDto {
  return {
    id: 7,
    name: 'Vitamina D3',
    description: '',
    slug: 'vitamina-d3',
    tag: '',
    featured: false,
    category_id: 4,
    category: { id: 4, name: 'Hormonas bioidénticas', slug: 'hormonas-bioidenticas' },
    pharmaceutical_form: null,
    capsule_info: null,
    stock: { quantity: 10, tracked: true },
    images: [{ url: '/img/d3-grande.webp' }],
    image: '/img/d3.webp',
    presentations: [],
    price: { country_id: 2, currency: 'MXN', amount: 45050, vat_included: true },
    points_price: null,
    type: 'standard',
    ...overrides,
  } as ProductDto;
}

describe('cartItemFromProduct (product §3)', () => {
  it('builds the cart item of a standard product', () => {
    expect(cartItemFromProduct(product({ discounts: [{ discount_value: 10, discount_type: 'percent' }] }), 2)).toEqual({
      id: 7,
      name: 'Vitamina D3',
      image: '/img/d3.webp',
      type: null,
      manualPoints: null,
      base_price: 45050,
      discounts: [{ discount_value: 10 }],
      quantity: 1,
      category_id: 4,
      category: { id: 4, slug: 'hormonas-bioidenticas' },
      country_id: 2,
      momentsDay: null,
      stock: 10,
    });
  });

  it('marks a line as points only when the buyer redeems with points, and prices a missing price at 0', () => {
    const redeemable = product({ type: 'points', points_price: 800, price: null, image: null });
    const line = cartItemFromProduct(redeemable, 1, { redeemWithPoints: true });
    expect(line).toMatchObject({ type: 'points', manualPoints: 800, base_price: 0, country_id: 1 });
    expect(line.image).toBe('/img/d3-grande.webp');
    expect(cartItemFromProduct(redeemable, 1).type).toBeNull();
  });

  it('copes with products without discounts or with malformed ones', () => {
    expect(cartItemFromProduct(product(), 1).discounts).toEqual([]);
    // An older server or a corrupt cache may send anything here.
    const malformed = (discounts: unknown) => product({ discounts: discounts as ProductDto['discounts'] });
    expect(cartItemFromProduct(malformed(null), 1).discounts).toEqual([]);
    expect(cartItemFromProduct(malformed([{ discount_value: 'x' }, null, { discount_value: 5 }]), 1).discounts).toEqual(
      [{ discount_value: 5 }],
    );
  });

  it('carries the signed-prescription mark of a product outside the hormones category', () => {
    const marked = product({
      category_id: 6,
      category: { id: 6, name: 'Detoxificación', slug: 'detox' },
      requires_signed_prescription: true,
    });
    expect(cartItemFromProduct(marked, 1).requiresSignedPrescription).toBe(true);
    expect(cartItemFromProduct(product({ requires_signed_prescription: false }), 1)).not.toHaveProperty(
      'requiresSignedPrescription',
    );
  });

  it('gives a line that addItem accepts and flags as a hormone', () => {
    const state = addItem(EMPTY_CART, cartItemFromProduct(product(), 2));
    expect(state.isHormonesAdded).toBe(true);
    expect(cartUnitCount(state)).toBe(1);
  });
});

describe('points lines', () => {
  it('cost points, not money: the subtotal leaves them out and cartPoints adds them up', () => {
    const state = cartOf(item({ id: 1, base_price: 10000 }), points({ id: 2, manualPoints: 900, quantity: 2 }));
    expect(cartSubtotal(state)).toBe(10000);
    expect(cartPoints(state)).toBe(1800);
  });

  it('follow the buyer to the cart of another country, except where that product is a money line', () => {
    const from = cartOf(item({ id: 1 }), points({ id: 2, manualPoints: 900 }), points({ id: 3, manualPoints: 500 }));
    const to = cartOf(item({ id: 3, country_id: 2 }), points({ id: 2, manualPoints: 900, quantity: 2 }));
    const moved = carryPointsItems(from, to);
    expect(moved.from.cartItems.map((line) => line.id)).toEqual([1, 3]);
    expect(moved.to.cartItems.map((line) => [line.id, line.quantity, line.type])).toEqual([
      [3, 1, null],
      [2, 3, 'points'],
    ]);
  });
});

describe('cartSubtotal', () => {
  it('is the sum of price × quantity less the first discount per line', () => {
    const state = cartOf(
      item({ id: 1, base_price: 10000, quantity: 2 }),
      item({ id: 2, base_price: 5000, quantity: 3, discounts: [{ discount_value: 10 }, { discount_value: 50 }] }),
    );
    expect(cartSubtotal(state)).toBe(20000 + 13500);
  });

  it('rounds each line’s discount half up to a whole unit, as the server does', () => {
    // 45050 × 15 % = 6757.5 → a discount of 6758: 38292 (the bag showed 38293 while the order charged 38292).
    expect(lineTotal(item({ base_price: 45050, discounts: [{ discount_value: 15 }] }))).toBe(38292);
    // 333 × 15 % = 49.95 → 50: 283.
    expect(lineTotal(item({ base_price: 333, discounts: [{ discount_value: 15 }] }))).toBe(283);
    // 1005 × 50 % = 502.5 → 503: binary noise must not turn an exact half into a round-down.
    expect(lineTotal(item({ base_price: 1005, discounts: [{ discount_value: 50 }] }))).toBe(502);
    // 999 × 3 × 12.5 % = 374.625 → 375: 2622.
    expect(lineTotal(item({ base_price: 999, quantity: 3, discounts: [{ discount_value: 12.5 }] }))).toBe(2622);
    const state = cartOf(
      item({ id: 1, base_price: 45050, discounts: [{ discount_value: 15 }] }),
      item({ id: 2, base_price: 45050, discounts: [{ discount_value: 15 }] }),
    );
    expect(cartSubtotal(state)).toBe(2 * 38292);
  });

  it('keeps discounts within 0..100 % and is 0 for an empty cart', () => {
    expect(lineTotal(item({ base_price: 1000, discounts: [{ discount_value: 150 }] }))).toBe(0);
    expect(lineTotal(item({ base_price: 1000, discounts: [{ discount_value: -20 }] }))).toBe(1000);
    expect(cartSubtotal(EMPTY_CART)).toBe(0);
  });
});

describe('parseCartState (corrupt records)', () => {
  it('keeps a valid record and recomputes the flag', () => {
    const stored = { ...cartOf(item(), hormone()), isHormonesAdded: false, addressSelected: { id: 3 } };
    expect(parseCartState(stored)).toEqual({ ...cartOf(item(), hormone()), addressSelected: { id: 3 } });
  });

  it.each([null, undefined, 42, 'cart', [], [item()], { unrelated: true }])('rejects %j as a whole', (stored) => {
    expect(parseCartState(stored)).toBeUndefined();
  });

  it('drops unusable lines and repairs the rest without throwing', () => {
    const stored = {
      cartItems: [
        item({ id: 1, quantity: Number.NaN }),
        { ...item({ id: 2 }), id: 'dos' },
        { name: 'sin id' },
        null,
        'texto',
        { ...item({ id: 3 }), base_price: 'caro' },
        { ...item({ id: 4 }), base_price: -10 },
        { ...item({ id: 5 }), country_id: undefined },
        { ...item({ id: 6 }), category_id: undefined, category: { id: 4, slug: 'hormonas-bioidenticas' } },
        { ...item({ id: 7 }), category_id: null, category: null },
        { ...item({ id: 8, quantity: 1e9 }), name: 42, image: 7, discounts: 'x', momentsDay: 'y', type: 0 },
        item({ id: 9, quantity: -4 }),
      ],
      isHormonesAdded: 'yes',
      prescriptionContext: undefined,
    };
    const parsed = parseCartState(stored);
    expect(parsed?.cartItems.map((line) => [line.id, line.quantity])).toEqual([
      [1, 1],
      [6, 1],
      [8, MAX_ITEM_QUANTITY],
      [9, 1],
    ]);
    expect(parsed?.cartItems[1]).toMatchObject({ category_id: 4, category: { id: 4, slug: 'hormonas-bioidenticas' } });
    expect(parsed?.cartItems[2]).toMatchObject({ name: '', image: null, discounts: [], momentsDay: null, type: null });
    expect(parsed?.isHormonesAdded).toBe(true);
    expect(parsed?.prescriptionContext).toBeNull();
  });

  it('repairs a missing or broken item list to an empty cart', () => {
    expect(parseCartState({ cartItems: 'nada', addressSelected: { id: 1 } })).toEqual({
      ...EMPTY_CART,
      addressSelected: { id: 1 },
    });
    expect(parseCartState({ isHormonesAdded: true })).toEqual(EMPTY_CART);
  });

  it('merges repeated ids, clamping the sum', () => {
    const parsed = parseCartState({ cartItems: [item({ quantity: 60 }), item({ quantity: 60 })] });
    expect(parsed?.cartItems).toEqual([item({ quantity: MAX_ITEM_QUANTITY })]);
  });

  it('keeps the category slug, points type, manual points and prescription moments', () => {
    const parsed = parseCartState(cartOf(points(), prescribed()));
    expect(parsed?.cartItems).toEqual([points(), prescribed()]);
  });
});
