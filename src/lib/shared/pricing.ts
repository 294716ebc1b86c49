/**
 * The price arithmetic the bag shows and the server charges: one function for both, so the bag's line never differs
 * from the checkout's by a unit. Amounts are whole units of the country's money (pesos for COP, cents for MXN and
 * PEN); percentages have two decimals at most (the discount column is `numeric(5,2)`). Integer arithmetic in
 * hundredths of a percent: no binary noise turns an exact half into a round-down.
 */

/** Hundredths of a percent in a whole (100 %). */
const BASIS = 10_000;

/** A percentage kept within 0..100 and to two decimals; anything not a finite number is 0. */
export function clampPercent(percent: unknown): number {
  if (typeof percent !== 'number' || !Number.isFinite(percent)) return 0;
  return Math.min(100, Math.max(0, Math.round(percent * 100) / 100));
}

/** `percent` % of `amount`, rounded half up to a whole unit: a discount's half unit goes to the buyer. */
export function percentOf(amount: number, percent: number): number {
  const hundredthsOfPercent = Math.round(clampPercent(percent) * 100);
  return Math.floor((amount * hundredthsOfPercent + BASIS / 2) / BASIS);
}

/** A line's gross (unit price × quantity), its discount at `percent` and what remains to pay. */
export function priceLine(unitPrice: number, quantity: number, percent: number) {
  const gross = unitPrice * quantity;
  const discount = percentOf(gross, percent);
  return { gross, discount, total: gross - discount };
}
