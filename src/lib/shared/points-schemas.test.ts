import { describe, expect, it } from 'vitest';
import { NO_CONFIG_CHANGES_MESSAGE, updatePointsConfigSchema } from './points-schemas';

const messages = (body: unknown) =>
  updatePointsConfigSchema.safeParse(body).error?.issues.map((issue) => [issue.path.join('.'), issue.message]);

describe('updatePointsConfigSchema', () => {
  it('keeps the values given, with up to two decimals', () => {
    expect(updatePointsConfigSchema.parse({ pointValue: 1.25, prescriptionRewardPercent: 0 })).toEqual({
      pointValue: 1.25,
      prescriptionRewardPercent: 0,
    });
  });

  it('refuses values out of bounds, other types and an empty change, in Spanish', () => {
    const pointValue = 'Debe ser un número mayor que 0 hasta 10000, con máximo 2 decimales.';
    const percent = 'Debe ser un número de 0 hasta 50, con máximo 2 decimales.';
    for (const value of [0, -1, '2', 10_001, 1.234, Number.NaN, null]) {
      expect(messages({ pointValue: value }), String(value)).toEqual([['pointValue', pointValue]]);
    }
    expect(messages({ purchaseRewardPercent: 51, prescriptionRewardPercent: -0.5 })).toEqual([
      ['purchaseRewardPercent', percent],
      ['prescriptionRewardPercent', percent],
    ]);
    expect(messages({})).toEqual([['', NO_CONFIG_CHANGES_MESSAGE]]);
  });
});
