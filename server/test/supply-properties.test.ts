import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { daysOfSupply } from '../src/reminders/supply';

/** Daily doses as indications hold them: whole or fractional units (half a tablet, 0.3 of a scoop). */
const dailyUnits = fc.integer({ min: 1, max: 400 }).map((tenths) => tenths / 10);
const unitsPerContainer = fc.integer({ min: 1, max: 500 });
const containers = fc.integer({ min: 1, max: 99 });

describe('days of supply under any dose and purchase', () => {
  it('are the whole days the units last, never one more (a reminder is never late) and never one fewer', () => {
    fc.assert(
      fc.property(unitsPerContainer, dailyUnits, containers, (units, daily, bought) => {
        const days = daysOfSupply({
          unitsPerContainer: units,
          unitSymbol: 'cápsulas',
          dailyUnits: daily,
          containers: bought,
        });
        // Exactly in tenths of a unit: days × daily ≤ units × bought < (days + 1) × daily.
        const total = units * bought * 10;
        const perDay = Math.round(daily * 10);
        const exact = Math.floor(total / perDay);
        expect(days).toBe(exact >= 1 ? exact : null);
      }),
    );
  });

  it('never shrink when more containers are bought', () => {
    fc.assert(
      fc.property(unitsPerContainer, dailyUnits, containers, (units, daily, bought) => {
        const supply = (count: number) =>
          daysOfSupply({ unitsPerContainer: units, unitSymbol: 'tabletas', dailyUnits: daily, containers: count }) ?? 0;
        expect(supply(bought + 1)).toBeGreaterThanOrEqual(supply(bought));
      }),
    );
  });
});
