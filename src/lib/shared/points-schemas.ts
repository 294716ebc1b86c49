// The zod schemas of the points programme's admin calls, apart from `points.ts` so the storefront's chunks that only
// need its types and constants do not carry zod.
import {
  POINT_VALUE_MAX,
  POINTS_CONFIG_DECIMALS,
  REWARD_PERCENT_MAX,
  type UpdatePointsConfigRequestDto,
} from './points';
import { z } from './zod';

export const NO_CONFIG_CHANGES_MESSAGE = 'Indica pointValue, purchaseRewardPercent o prescriptionRewardPercent.';

function hasDecimalsAtMost(value: number, decimals: number): boolean {
  const scaled = value * 10 ** decimals;
  return Math.abs(scaled - Math.round(scaled)) < 1e-6;
}

/** A value of the config, when given: within its bounds, with at most two decimals. */
function configNumber(min: number, minExclusive: boolean, max: number) {
  const lower = minExclusive ? `mayor que ${min}` : `de ${min}`;
  const message = `Debe ser un número ${lower} hasta ${max}, con máximo ${POINTS_CONFIG_DECIMALS} decimales.`;
  return z
    .number({ error: message })
    .refine(
      (value) =>
        (minExclusive ? value > min : value >= min) && value <= max && hasDecimalsAtMost(value, POINTS_CONFIG_DECIMALS),
      { error: message },
    )
    .optional();
}

/** `PATCH /gamification/config/{countryId}`: the values given, each within its bounds; at least one. */
export const updatePointsConfigSchema = z
  .object({
    pointValue: configNumber(0, true, POINT_VALUE_MAX),
    purchaseRewardPercent: configNumber(0, false, REWARD_PERCENT_MAX),
    prescriptionRewardPercent: configNumber(0, false, REWARD_PERCENT_MAX),
  })
  .refine((changes) => Object.values(changes).some((value) => value !== undefined), {
    error: NO_CONFIG_CHANGES_MESSAGE,
  }) satisfies z.ZodType<UpdatePointsConfigRequestDto, unknown>;
