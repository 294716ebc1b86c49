import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { clampPercent, percentOf, priceLine } from './pricing';

/** Unit prices the store holds (an int4 column; the admin caps prices far below) and the server's line quantities. */
const unitPrices = fc.integer({ min: 0, max: 10_000_000 });
const quantities = fc.integer({ min: 1, max: 999 });
/** Percentages as the discount column holds them: numeric(5,2) within 0..100. */
const percents = fc.integer({ min: 0, max: 10_000 }).map((hundredths) => hundredths / 100);

/** The discount computed exactly in big integers: (gross × hundredths of a percent) / 10 000, half up. */
function exactDiscount(gross: number, percent: number): number {
  const hundredths = BigInt(Math.round(percent * 100));
  return Number((BigInt(gross) * hundredths * 2n + 10_000n) / 20_000n);
}

describe('priceLine (the bag and the server price a line alike)', () => {
  it('takes the exact discount, rounded half up, and the total and the discount make the gross', () => {
    fc.assert(
      fc.property(unitPrices, quantities, percents, (unitPrice, quantity, percent) => {
        const { gross, discount, total } = priceLine(unitPrice, quantity, percent);
        expect(gross).toBe(unitPrice * quantity);
        expect(discount).toBe(exactDiscount(gross, percent));
        expect(total + discount).toBe(gross);
        expect(discount).toBeGreaterThanOrEqual(0);
        expect(total).toBeGreaterThanOrEqual(0);
      }),
    );
  });

  it('never lowers the discount when the percentage grows', () => {
    fc.assert(
      fc.property(unitPrices, quantities, percents, percents, (unitPrice, quantity, a, b) => {
        const [low, high] = a <= b ? [a, b] : [b, a];
        expect(priceLine(unitPrice, quantity, low).discount).toBeLessThanOrEqual(
          priceLine(unitPrice, quantity, high).discount,
        );
      }),
    );
  });

  it('stays within half a unit of the exact discount, whatever binary noise the percentage carries', () => {
    fc.assert(
      fc.property(unitPrices, quantities, fc.double({ min: 0, max: 100, noNaN: true }), (unitPrice, quantity, raw) => {
        const gross = unitPrice * quantity;
        const percent = clampPercent(raw);
        expect(Math.abs(percentOf(gross, raw) - (gross * percent) / 100)).toBeLessThanOrEqual(0.5);
      }),
    );
  });

  it('keeps any percentage within 0..100 with two decimals, and a non-number is no discount', () => {
    fc.assert(
      fc.property(fc.oneof(fc.double(), fc.string(), fc.constant(null)), (raw) => {
        const percent = clampPercent(raw);
        expect(percent).toBeGreaterThanOrEqual(0);
        expect(percent).toBeLessThanOrEqual(100);
        expect(Math.round(percent * 100)).toBeCloseTo(percent * 100, 6);
        if (typeof raw !== 'number' || !Number.isFinite(raw)) expect(percent).toBe(0);
      }),
    );
  });

  it('gives the buyer the half unit: 45 050 at 15 % is 38 292 to pay', () => {
    expect(priceLine(45_050, 1, 15)).toEqual({ gross: 45_050, discount: 6_758, total: 38_292 });
  });
});
