import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addItem,
  carryPointsItems,
  cartUnitCount,
  decrement,
  EMPTY_CART,
  hasHormones,
  increment,
  isPointsItem,
  isPrescriptionItem,
  MAX_ITEM_QUANTITY,
  maxQuantity,
  parseCartState,
  pruneForCountry,
  removeItem,
  setQuantity,
  type CartItem,
  type CartState,
} from './cart-rules';
import { hormone, item } from './test-items';

/** A small catalogue, so that sequences touch the same products again: plain, stock-tracked, hormone, prescribed, points. */
const line = fc.record({
  id: fc.integer({ min: 1, max: 6 }),
  kind: fc.constantFrom('plain', 'hormone', 'prescribed', 'points'),
  stock: fc.option(fc.integer({ min: 0, max: 120 }), { nil: undefined }),
  countryId: fc.integer({ min: 1, max: 3 }),
});

type Line = typeof line extends fc.Arbitrary<infer T> ? T : never;

function lineOf({ id, kind, stock, countryId }: Line): CartItem {
  const base = kind === 'hormone' ? hormone({ id }) : item({ id });
  return {
    ...base,
    country_id: countryId,
    ...(stock !== undefined && { stock }),
    ...(kind === 'prescribed' && { momentsDay: [{ id: 1, quantity: 1, value: 'mañana' }] }),
    ...(kind === 'points' && { type: 'points', manualPoints: 500, base_price: 0 }),
  };
}

const quantity = fc.oneof(fc.integer({ min: -5, max: 150 }), fc.double(), fc.constant(Number.NaN));
const operation = fc.oneof(
  fc.record({ op: fc.constant('add' as const), line, quantity }),
  fc.record({ op: fc.constant('set' as const), id: fc.integer({ min: 1, max: 6 }), quantity }),
  fc.record({ op: fc.constant('increment' as const), id: fc.integer({ min: 1, max: 6 }) }),
  fc.record({ op: fc.constant('decrement' as const), id: fc.integer({ min: 1, max: 6 }) }),
  fc.record({ op: fc.constant('remove' as const), id: fc.integer({ min: 1, max: 6 }) }),
  fc.record({ op: fc.constant('prune' as const), countryId: fc.integer({ min: 1, max: 3 }) }),
);

type Operation = typeof operation extends fc.Arbitrary<infer T> ? T : never;

function apply(state: CartState, step: Operation): CartState {
  switch (step.op) {
    case 'add':
      return addItem(state, lineOf(step.line), step.quantity);
    case 'set':
      return setQuantity(state, step.id, step.quantity);
    case 'increment':
      return increment(state, step.id);
    case 'decrement':
      return decrement(state, step.id);
    case 'remove':
      return removeItem(state, step.id);
    case 'prune':
      return pruneForCountry(state, step.countryId);
  }
}

function expectSound(state: CartState) {
  const ids = state.cartItems.map((cartLine) => cartLine.id);
  expect(new Set(ids).size).toBe(ids.length);
  for (const cartLine of state.cartItems) {
    expect(Number.isInteger(cartLine.quantity)).toBe(true);
    expect(cartLine.quantity).toBeGreaterThanOrEqual(1);
    expect(cartLine.quantity).toBeLessThanOrEqual(MAX_ITEM_QUANTITY);
    // Only a prescription keeps a quantity above the stock on hand (the checkout tells that case).
    if (!isPrescriptionItem(cartLine)) expect(cartLine.quantity).toBeLessThanOrEqual(maxQuantity(cartLine));
  }
  expect(state.isHormonesAdded).toBe(hasHormones(state.cartItems));
  expect(cartUnitCount(state)).toBe(state.cartItems.reduce((sum, cartLine) => sum + cartLine.quantity, 0));
}

describe('cart rules under any sequence of actions', () => {
  it('keep one line per product, whole quantities within 1..99 and the stock, and the hormones flag true', () => {
    fc.assert(
      fc.property(fc.array(operation, { maxLength: 40 }), (steps) => {
        let state = EMPTY_CART;
        for (const step of steps) {
          state = apply(state, step);
          expectSound(state);
        }
      }),
    );
  });

  it('never change a prescription line’s quantity once it is in the bag', () => {
    fc.assert(
      fc.property(fc.array(operation, { maxLength: 40 }), (steps) => {
        let state = addItem(EMPTY_CART, lineOf({ id: 7, kind: 'prescribed', stock: undefined, countryId: 1 }), 3);
        for (const step of steps) {
          state = apply(state, step.op === 'prune' ? { ...step, countryId: 1 } : step);
          expect(state.cartItems.find((cartLine) => cartLine.id === 7)?.quantity).toBe(3);
        }
      }),
    );
  });

  it('come back the same after a save to the device and a reload', () => {
    fc.assert(
      fc.property(fc.array(operation, { maxLength: 40 }), (steps) => {
        const state = steps.reduce(apply, EMPTY_CART);
        expect(parseCartState(JSON.parse(JSON.stringify(state)))).toEqual(state);
      }),
    );
  });

  it('move the points lines to the country entered and leave every money line where it was', () => {
    fc.assert(
      fc.property(fc.array(operation, { maxLength: 30 }), fc.array(operation, { maxLength: 30 }), (left, entered) => {
        const from = left.reduce(apply, EMPTY_CART);
        const to = entered.reduce(apply, EMPTY_CART);
        const moved = carryPointsItems(from, to);
        expectSound(moved.from);
        expectSound(moved.to);
        expect(moved.from.cartItems.filter((cartLine) => !isPointsItem(cartLine))).toEqual(
          from.cartItems.filter((cartLine) => !isPointsItem(cartLine)),
        );
        expect(moved.to.cartItems.filter((cartLine) => !isPointsItem(cartLine))).toEqual(
          to.cartItems.filter((cartLine) => !isPointsItem(cartLine)),
        );
        // A points line stays behind only where the country entered sells that product for money.
        for (const stayed of moved.from.cartItems.filter(isPointsItem)) {
          expect(to.cartItems.some((target) => target.id === stayed.id && !isPointsItem(target))).toBe(true);
        }
      }),
    );
  });
});
