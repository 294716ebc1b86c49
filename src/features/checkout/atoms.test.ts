import { createStore } from 'jotai';
import { describe, expect, it } from 'vitest';
import { readValue, writeValue } from '../../lib/db';
import { flushPersistedState, restorePersistedState } from '../../lib/store';
import { checkoutAtom, checkoutStepAtom, clampCheckoutStep, INITIAL_CHECKOUT, parseCheckoutState } from './atoms';

const coupon = { code: 'BIENVENIDA', discountType: 'percentage', id: 12 };

describe('checkout state (product §3)', () => {
  it('starts at step 1 without discounts nor coupon', () => {
    expect(createStore().get(checkoutAtom)).toEqual({
      step: 1,
      discounts: { role: 0, points: 0, code: 0 },
      infoCoupon: null,
      productPoints: 0,
      discountPoints: 0,
    });
  });

  it.each([
    [2, 2],
    [4, 4],
    [0, 1],
    [9, 4],
    [2.6, 2],
    [Number.NaN, 1],
    ['3', 1],
  ])('clamps step %s to %s', (step, expected) => {
    expect(clampCheckoutStep(step)).toBe(expected);
  });

  it('moves through the steps with checkoutStepAtom, within 1..4', () => {
    const store = createStore();
    store.set(checkoutStepAtom, (step) => step + 1);
    expect(store.get(checkoutStepAtom)).toBe(2);
    store.set(checkoutStepAtom, 10);
    expect(store.get(checkoutAtom).step).toBe(4);
    store.set(checkoutStepAtom, 1);
    expect(store.get(checkoutStepAtom)).toBe(1);
  });
});

describe('parseCheckoutState', () => {
  it('keeps a valid record', () => {
    const stored = {
      step: 3,
      discounts: { role: 1500, points: 200, code: 0 },
      infoCoupon: coupon,
      productPoints: 40,
      discountPoints: 10,
    };
    expect(parseCheckoutState(stored)).toEqual(stored);
  });

  it('repairs a corrupt record field by field', () => {
    expect(
      parseCheckoutState({
        step: 'pago',
        discounts: { role: Number.NaN, points: -5, code: '10' },
        infoCoupon: { code: 'X', id: 'uno' },
        productPoints: Number.POSITIVE_INFINITY,
      }),
    ).toEqual(INITIAL_CHECKOUT);
    expect(parseCheckoutState({ step: 2, discounts: null, infoCoupon: 'x' })).toEqual({ ...INITIAL_CHECKOUT, step: 2 });
  });

  it.each([null, undefined, 3, 'checkout', []])('rejects %j as a whole', (stored) => {
    expect(parseCheckoutState(stored)).toBeUndefined();
  });
});

describe('checkout persistence', () => {
  it('survives a reload', async () => {
    const before = createStore();
    await restorePersistedState(before);
    before.set(checkoutAtom, { ...INITIAL_CHECKOUT, step: 2, infoCoupon: coupon });
    await flushPersistedState();
    expect(await readValue('checkout')).toMatchObject({ step: 2, infoCoupon: coupon });

    const after = createStore();
    await restorePersistedState(after);
    expect(after.get(checkoutAtom)).toEqual({ ...INITIAL_CHECKOUT, step: 2, infoCoupon: coupon });
  });

  it('recovers from a corrupt stored record', async () => {
    await writeValue('checkout', { step: 99, discounts: 'x', productPoints: 30 });
    const store = createStore();
    await restorePersistedState(store);
    expect(store.get(checkoutAtom)).toEqual({ ...INITIAL_CHECKOUT, step: 4, productPoints: 30 });
  });
});
