import { atom, type SetStateAction, type WritableAtom } from 'jotai';
import { persistedAtom } from '../../lib/store';
import { isRecord } from '../../lib/shared/records';

/** Product §4: the steps are bag, data, payment and summary; the checkout starts on the bag. */
export const CHECKOUT_STEPS = ['bag', 'data', 'payment', 'summary'] as const;
export type CheckoutStep = 1 | 2 | 3 | 4;
const FIRST_CHECKOUT_STEP: CheckoutStep = 1;
const LAST_CHECKOUT_STEP: CheckoutStep = 4;

/** Discount amounts applied to the order, in the country's unit. */
interface CheckoutDiscounts {
  role: number;
  points: number;
  code: number;
}

/** The promo code the user applied. */
interface InfoCoupon {
  code: string;
  discountType: string;
  id: number;
}

/** Product §3, checkout state. */
export interface CheckoutState {
  step: CheckoutStep;
  discounts: CheckoutDiscounts;
  infoCoupon: InfoCoupon | null;
  productPoints: number;
  discountPoints: number;
}

export const INITIAL_CHECKOUT: CheckoutState = {
  step: FIRST_CHECKOUT_STEP,
  discounts: { role: 0, points: 0, code: 0 },
  infoCoupon: null,
  productPoints: 0,
  discountPoints: 0,
};

const CHECKOUT_STORAGE_KEY = 'checkout';

/** A finite, non-negative number; anything else becomes 0. */
function amount(value: unknown): number {
  return typeof value === 'number' && Number.isFinite(value) && value > 0 ? value : 0;
}

/** Any input becomes a whole step in 1..4; a non-number starts over at the bag. */
export function clampCheckoutStep(step: unknown): CheckoutStep {
  if (typeof step !== 'number' || Number.isNaN(step)) return FIRST_CHECKOUT_STEP;
  return Math.min(LAST_CHECKOUT_STEP, Math.max(FIRST_CHECKOUT_STEP, Math.trunc(step))) as CheckoutStep;
}

function parseInfoCoupon(stored: unknown): InfoCoupon | null {
  if (!isRecord(stored)) return null;
  const { code, discountType, id } = stored;
  if (typeof code !== 'string' || code === '' || typeof discountType !== 'string') return null;
  if (typeof id !== 'number' || !Number.isFinite(id)) return null;
  return { code, discountType, id };
}

/**
 * Validates a stored checkout field by field: a wrong field takes its initial value, never an exception; undefined
 * only when the record is not an object.
 */
export function parseCheckoutState(stored: unknown): CheckoutState | undefined {
  if (!isRecord(stored)) return undefined;
  const discounts = isRecord(stored.discounts) ? stored.discounts : {};
  return {
    step: clampCheckoutStep(stored.step),
    discounts: { role: amount(discounts.role), points: amount(discounts.points), code: amount(discounts.code) },
    infoCoupon: parseInfoCoupon(stored.infoCoupon),
    productPoints: amount(stored.productPoints),
    discountPoints: amount(stored.discountPoints),
  };
}

export const checkoutAtom = persistedAtom<CheckoutState>(CHECKOUT_STORAGE_KEY, INITIAL_CHECKOUT, parseCheckoutState);

/** The current step alone; writes are clamped to 1..4 ('Ver bolsa' sets 1). */
export const checkoutStepAtom: WritableAtom<CheckoutStep, [SetStateAction<number>], void> = atom(
  (get) => get(checkoutAtom).step,
  (get, set, update: SetStateAction<number>) => {
    const checkout = get(checkoutAtom);
    const step = clampCheckoutStep(typeof update === 'function' ? update(checkout.step) : update);
    if (step !== checkout.step) set(checkoutAtom, { ...checkout, step });
  },
);
