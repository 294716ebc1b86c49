import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { moneyToRewardPoints, POINT_VALUE_MAX, pointsToMoney, REWARD_PERCENT_MAX } from './points';

/** Point values and reward percentages as the admin sets them: two decimals at most. */
const twoDecimals = (max: number, min = 0) =>
  fc.integer({ min: Math.round(min * 100), max: max * 100 }).map((hundredths) => hundredths / 100);
const pointValues = twoDecimals(POINT_VALUE_MAX, 0.01);
const rewardPercents = twoDecimals(REWARD_PERCENT_MAX);
const amounts = fc.integer({ min: 0, max: 2_147_483_647 });
const balances = fc.integer({ min: 0, max: 100_000_000 });

/** Exact hundredths of a two-decimal value, as big integers. */
const cents = (value: number) => BigInt(Math.round(value * 100));

describe('points arithmetic', () => {
  it('turns points into money exactly, rounded down to a whole unit', () => {
    fc.assert(
      fc.property(balances, pointValues, (points, pointValue) => {
        expect(pointsToMoney(points, pointValue)).toBe(Number((BigInt(points) * cents(pointValue)) / 100n));
      }),
    );
  });

  it('rewards the most whole points whose money does not exceed the percentage of the amount', () => {
    fc.assert(
      fc.property(amounts, rewardPercents, pointValues, (amount, percent, pointValue) => {
        const points = BigInt(moneyToRewardPoints(amount, percent, pointValue));
        // In hundredths of hundredths of a unit: points × value ≤ amount × percent / 100 < (points + 1) × value.
        const reward = BigInt(amount) * cents(percent);
        const value = cents(pointValue) * 100n;
        expect(points * value <= reward).toBe(true);
        expect((points + 1n) * value > reward).toBe(true);
      }),
    );
  });

  it('never pays back in money more than it charged: points earned, spent again, stay within the reward', () => {
    fc.assert(
      fc.property(amounts, rewardPercents, pointValues, (amount, percent, pointValue) => {
        const earned = moneyToRewardPoints(amount, percent, pointValue);
        expect(pointsToMoney(earned, pointValue)).toBeLessThanOrEqual((amount * percent) / 100);
      }),
    );
  });
});
