// The zod schema of the admin's prescription settings (`PUT /admin/prescription-settings`), apart from
// `prescriptions.ts` so the builder's chunks that only read the settings do not carry zod.
import { asOneField, INVALID_VALUE_MESSAGE, maxLengthMessage, optionalText } from './field-schemas';
import {
  DURATION_MAX_DAYS,
  DURATION_UNIT_DAYS,
  DURATION_UNITS,
  INDICATIONS_MAX_LENGTH,
  MOMENT_LABEL_MAX_LENGTH,
  MOMENTS,
  type PrescriptionSettingsDto,
} from './prescriptions';
import { z } from './zod';

export const NO_MOMENT_ENABLED_MESSAGE = 'Deja al menos un momento del día disponible.';
export const DEFAULT_DURATION_MESSAGE = `La duración debe ser un número entero de 1 a ${DURATION_MAX_DAYS} días.`;

/**
 * Every standard moment, in the standard order, with the admin's label (blank: the standard one) and whether the
 * builder offers it (a moment left out stays offered). A label too long is reported at `moments.<index>`.
 */
const momentsSchema = z
  .array(z.unknown(), { error: INVALID_VALUE_MESSAGE })
  .nullish()
  .transform((given, ctx): PrescriptionSettingsDto['moments'] => {
    const moments = MOMENTS.map((standard, index) => {
      const raw = (given ?? []).find(
        (candidate) =>
          typeof candidate === 'object' && candidate !== null && (candidate as { id?: unknown }).id === standard.id,
      ) as { label?: unknown; enabled?: unknown } | undefined;
      const label = typeof raw?.label === 'string' ? raw.label.trim() : '';
      if (label.length > MOMENT_LABEL_MAX_LENGTH) {
        ctx.issues.push({
          code: 'custom',
          message: maxLengthMessage(MOMENT_LABEL_MAX_LENGTH),
          input: raw,
          path: [index],
        });
      }
      return { id: standard.id, label: label || null, enabled: raw ? raw.enabled !== false : true };
    });
    if (!moments.some((moment) => moment.enabled)) {
      ctx.issues.push({ code: 'custom', message: NO_MOMENT_ENABLED_MESSAGE, input: given });
    }
    return moments;
  });

/** At most a year, in whole days, weeks or months (of 30 days). */
const defaultDurationSchema = asOneField(
  z
    .object(
      {
        time: z.enum(DURATION_UNITS, { error: DEFAULT_DURATION_MESSAGE }),
        quantity: z
          .number({ error: DEFAULT_DURATION_MESSAGE })
          .int({ error: DEFAULT_DURATION_MESSAGE })
          .min(1, { error: DEFAULT_DURATION_MESSAGE }),
      },
      { error: DEFAULT_DURATION_MESSAGE },
    )
    .refine((duration) => duration.quantity * DURATION_UNIT_DAYS[duration.time] <= DURATION_MAX_DAYS, {
      error: DEFAULT_DURATION_MESSAGE,
    }),
);

/** `PUT /admin/prescription-settings`. */
export const prescriptionSettingsInputSchema = z.object({
  moments: momentsSchema,
  defaultDuration: defaultDurationSchema,
  defaultIndications: optionalText(INDICATIONS_MAX_LENGTH).transform((value) => value ?? ''),
}) satisfies z.ZodType<PrescriptionSettingsDto, unknown>;
