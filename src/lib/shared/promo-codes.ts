import { z } from './zod';
import { integerSchema } from './integers';
import { COUPON_DISCOUNT_TYPES, type CouponDiscountType } from './orders';

// Admin's promo codes: the wire contract and its checks, shared by the server and the admin screen.

/** Above any campaign; keeps typos of extra zeros out. */
const PROMO_MAX_USES = 1_000_000;
const COUNTRY_IDS = [1, 2, 3] as const;

/** One country where the code is valid, with its own window (ISO 8601; null: open on that side). */
export interface PromoCodeCountryDto {
  countryId: number;
  validFrom: string | null;
  validUntil: string | null;
}

export interface AdminPromoCodeDto {
  id: number;
  code: string;
  discountType: CouponDiscountType;
  /** A percentage 1–100, or an amount in the unit of the code's only country. */
  value: number;
  active: boolean;
  maxUses: number | null;
  maxUsesPerUser: number | null;
  /** Orders holding the code now (rejected and cancelled ones gave theirs back). */
  uses: number;
  /** Empty: every country, no window. */
  countries: PromoCodeCountryDto[];
}

const isoDate = z.iso.datetime({ offset: true, error: 'Usa una fecha válida.' }).nullable();

const countrySchema = z
  .object({
    countryId: z.union(
      COUNTRY_IDS.map((id) => z.literal(id)),
      { error: 'El país no es válido.' },
    ),
    validFrom: isoDate,
    validUntil: isoDate,
  })
  .refine((row) => !row.validFrom || !row.validUntil || row.validFrom < row.validUntil, {
    error: 'La fecha final debe ser posterior a la inicial.',
    path: ['validUntil'],
  });

const usesSchema = integerSchema(1, PROMO_MAX_USES).nullable();

export const promoCodeInputSchema = z
  .object({
    code: z
      .string({ error: 'Campo obligatorio' })
      .trim()
      .regex(/^[A-Za-z0-9_-]{3,40}$/, { error: 'Usa de 3 a 40 letras, números, guiones o guiones bajos.' }),
    discountType: z.enum(COUPON_DISCOUNT_TYPES, { error: 'Elige porcentaje o valor fijo.' }),
    value: integerSchema(1, 1_000_000_000),
    active: z.boolean({ error: 'Indica si el código está activo.' }),
    maxUses: usesSchema,
    maxUsesPerUser: usesSchema,
    countries: z.array(countrySchema).max(COUNTRY_IDS.length),
  })
  .refine((input) => input.discountType !== 'percentage' || input.value <= 100, {
    error: 'Un porcentaje va de 1 a 100.',
    path: ['value'],
  })
  .refine((input) => input.discountType !== 'fixed' || input.countries.length === 1, {
    error: 'Un valor fijo se da en la moneda de un solo país: elige un país.',
    path: ['countries'],
  })
  .refine((input) => new Set(input.countries.map((row) => row.countryId)).size === input.countries.length, {
    error: 'Cada país va una sola vez.',
    path: ['countries'],
  });

export type AdminPromoCodeInput = z.infer<typeof promoCodeInputSchema>;
