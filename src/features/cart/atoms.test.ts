import { createStore } from 'jotai';
import { describe, expect, it } from 'vitest';
import { readValue, writeValue } from '../../lib/db';
import { flushPersistedState, resetPersistedState, restorePersistedState } from '../../lib/store';
import { cartCountForCountryAtom, cartForCountryAtom, cartsAtom, EMPTY_CART, EMPTY_CARTS, parseCarts } from './atoms';
import { carryPointsItemsAtom } from './carry-points';
import { addItem, cartSubtotal, clearCart, increment, removeItem } from './cart-rules';
import { hormone, item } from './test-items';

describe('one cart per country', () => {
  it('keeps each country’s cart apart', () => {
    const store = createStore();
    store.set(cartForCountryAtom('co'), (cart) => addItem(cart, item()));
    store.set(cartForCountryAtom('mx'), (cart) =>
      addItem(addItem(cart, item({ id: 2, country_id: 2 })), hormone({ country_id: 2 }), 3),
    );
    expect(store.get(cartForCountryAtom('co')).cartItems.map((line) => line.id)).toEqual([1]);
    expect(store.get(cartForCountryAtom('mx')).cartItems.map((line) => line.id)).toEqual([2, 40]);
    expect(store.get(cartForCountryAtom('mx')).isHormonesAdded).toBe(true);
    expect(store.get(cartForCountryAtom('pe'))).toBe(EMPTY_CART);
    expect(store.get(cartCountForCountryAtom('co'))).toBe(1);
    expect(store.get(cartCountForCountryAtom('mx'))).toBe(4);
    expect(store.get(cartCountForCountryAtom('pe'))).toBe(0);
  });

  it('returns the same atoms for the same country', () => {
    expect(cartForCountryAtom('mx')).toBe(cartForCountryAtom('mx'));
    expect(cartForCountryAtom('mx')).not.toBe(cartForCountryAtom('pe'));
    expect(cartCountForCountryAtom('pe')).toBe(cartCountForCountryAtom('pe'));
  });

  it('accepts a plain value as well as an updater', () => {
    const store = createStore();
    const cart = cartForCountryAtom('pe');
    store.set(cart, { ...EMPTY_CART, cartItems: [hormone({ country_id: 3, quantity: 2 })] });
    expect(store.get(cart).isHormonesAdded).toBe(true);
    store.set(cart, (current) => removeItem(current, 40));
    expect(store.get(cart)).toEqual(EMPTY_CART);
  });

  it('drops lines of another country on every write, but keeps points products', () => {
    const store = createStore();
    const cart = cartForCountryAtom('co');
    store.set(cart, (current) => addItem(current, item({ id: 2, country_id: 2 })));
    store.set(cart, (current) => addItem(current, item({ id: 3, type: 'points', country_id: 3, base_price: 0 })));
    expect(store.get(cart).cartItems.map((line) => line.id)).toEqual([3]);
  });

  it('does not touch the carts when a write changes nothing', () => {
    const store = createStore();
    const before = store.get(cartsAtom);
    store.set(cartForCountryAtom('co'), (current) => increment(current, 123));
    expect(store.get(cartsAtom)).toBe(before);
  });

  it('derives the count and the subtotal of the country', () => {
    const store = createStore();
    const cart = cartForCountryAtom('mx');
    store.set(cart, (current) =>
      addItem(current, item({ id: 5, country_id: 2, base_price: 45050, discounts: [{ discount_value: 15 }] }), 2),
    );
    store.set(cart, (current) => addItem(current, item({ id: 6, country_id: 2, base_price: 1000 })));
    expect(store.get(cartCountForCountryAtom('mx'))).toBe(3);
    // 90100 × 0.85 = 76585, plus 1000.
    expect(cartSubtotal(store.get(cart))).toBe(77585);
    store.set(cart, clearCart);
    expect(store.get(cartCountForCountryAtom('mx'))).toBe(0);
    expect(cartSubtotal(store.get(cart))).toBe(0);
  });
});

describe('points lines follow the buyer to another country', () => {
  it('moves the points lines into the cart of the country entered and leaves the money lines behind', () => {
    const store = createStore();
    store.set(cartForCountryAtom('co'), (cart) => addItem(cart, item({ id: 1 })));
    store.set(cartForCountryAtom('co'), (cart) => addItem(cart, item({ id: 2, type: 'points', manualPoints: 900 }), 2));
    store.set(carryPointsItemsAtom, { from: 'co', to: 'mx' });
    expect(store.get(cartForCountryAtom('co')).cartItems.map((line) => line.id)).toEqual([1]);
    expect(store.get(cartForCountryAtom('mx')).cartItems).toMatchObject([{ id: 2, type: 'points', quantity: 2 }]);
    // Coming back brings them along again.
    store.set(carryPointsItemsAtom, { from: 'mx', to: 'co' });
    expect(store.get(cartForCountryAtom('co')).cartItems.map((line) => line.id)).toEqual([1, 2]);
    expect(store.get(cartForCountryAtom('mx')).cartItems).toEqual([]);
  });

  it('changes nothing when there is nothing to carry', () => {
    const store = createStore();
    store.set(cartForCountryAtom('co'), (cart) => addItem(cart, item({ id: 1 })));
    const before = store.get(cartsAtom);
    store.set(carryPointsItemsAtom, { from: 'co', to: 'pe' });
    expect(store.get(cartsAtom)).toBe(before);
  });
});

describe('parseCarts', () => {
  it('repairs each country on its own and prunes foreign lines', () => {
    const parsed = parseCarts({
      co: { cartItems: [item(), item({ id: 2, country_id: 2 }), { id: 'roto' }] },
      mx: 'corrupto',
      pe: { cartItems: [hormone({ country_id: 3, quantity: Number.NaN })], isHormonesAdded: false },
    });
    expect(parsed?.co.cartItems.map((line) => line.id)).toEqual([1]);
    expect(parsed?.mx).toBe(EMPTY_CART);
    expect(parsed?.pe.cartItems).toEqual([hormone({ country_id: 3, quantity: 1 })]);
    expect(parsed?.pe.isHormonesAdded).toBe(true);
  });

  it.each([null, 'carts', [], {}, { co: 3, mx: null, de: { cartItems: [] } }])('rejects %j as a whole', (stored) => {
    expect(parseCarts(stored)).toBeUndefined();
  });
});

describe('persistence (product §4)', () => {
  it('keeps one cart per country across a reload', async () => {
    const before = createStore();
    await restorePersistedState(before);
    before.set(cartForCountryAtom('co'), (cart) => addItem(cart, item(), 2));
    before.set(cartForCountryAtom('pe'), (cart) => addItem(cart, hormone({ country_id: 3 })));
    await flushPersistedState();
    expect(await readValue('carts')).toMatchObject({ co: { cartItems: [{ id: 1, quantity: 2 }] }, mx: EMPTY_CART });

    const after = createStore();
    await expect(restorePersistedState(after)).resolves.toBe('ready');
    expect(after.get(cartForCountryAtom('co')).cartItems).toEqual([item({ quantity: 2 })]);
    expect(after.get(cartForCountryAtom('mx'))).toEqual(EMPTY_CART);
    expect(after.get(cartForCountryAtom('pe'))).toMatchObject({
      cartItems: [hormone({ country_id: 3 })],
      isHormonesAdded: true,
    });
    expect(after.get(cartCountForCountryAtom('co'))).toBe(2);
  });

  it('recovers what it can from a corrupt stored record', async () => {
    await writeValue('carts', {
      co: { cartItems: [item({ quantity: Number.NaN }), { name: 'sin id' }, item({ id: 2, quantity: 500 })] },
      mx: { cartItems: 'roto' },
      pe: 17,
    });
    const store = createStore();
    await expect(restorePersistedState(store)).resolves.toBe('ready');
    expect(store.get(cartForCountryAtom('co')).cartItems.map((line) => [line.id, line.quantity])).toEqual([
      [1, 1],
      [2, 99],
    ]);
    expect(store.get(cartForCountryAtom('mx'))).toEqual(EMPTY_CART);
    expect(store.get(cartForCountryAtom('pe'))).toEqual(EMPTY_CART);
  });

  it('falls back to empty carts when the record is unusable', async () => {
    await writeValue('carts', 'basura');
    const store = createStore();
    await restorePersistedState(store);
    expect(store.get(cartsAtom)).toBe(EMPTY_CARTS);
  });

  it('empties every cart when the carts key is reset', async () => {
    const store = createStore();
    await restorePersistedState(store);
    store.set(cartForCountryAtom('mx'), (cart) => addItem(cart, item({ country_id: 2 })));
    await resetPersistedState(store, ['carts']);
    expect(store.get(cartsAtom)).toBe(EMPTY_CARTS);
    expect(await readValue('carts')).toEqual(EMPTY_CARTS);
  });
});
