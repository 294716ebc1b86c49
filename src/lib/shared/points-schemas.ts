// The zod schemas of the points programme's admin calls, apart from `points.ts` so the storefront's chunks that only
// need its types and constants do not carry zod.
import { COUNTRIES } from './countries';
import { givenText, integerField, optionalText, requiredText, textValue } from './field-schemas';
import { INT4_MAX, isIntegerIn, positiveId } from './integers';
import {
  POINT_VALUE_MAX,
  POINTS_CONFIG_DECIMALS,
  POINTS_MAX_LINES,
  POINTS_MAX_PRICE,
  POINTS_MAX_QUANTITY,
  REWARD_PERCENT_MAX,
  type PointsProductLineDto,
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

// Spending points (`/gamification/participate-event`, `buy-combo`, `products/redeem`, `redeem/batch`, `subtract`).

export const EVENT_ID_MESSAGE = 'Indica el evento con su id numérico (eventId).';
export const COMBO_ID_MESSAGE = 'Indica el combo con su id numérico (comboId).';
export const PRODUCT_ID_MESSAGE = 'Cada producto debe tener un id numérico.';
export const QUANTITY_MESSAGE = 'La cantidad de cada producto debe ser un número entero mayor que 0.';
export const MAX_QUANTITY_MESSAGE = `La cantidad máxima por producto es ${POINTS_MAX_QUANTITY}.`;
export const NO_PRODUCTS_MESSAGE = 'Debes enviar al menos un producto.';
export const PRODUCT_LIST_MESSAGE = 'Debe ser una lista de productos con productId y quantity.';
export const TOO_MANY_PRODUCTS_MESSAGE = `Máximo ${POINTS_MAX_LINES} productos por solicitud.`;
export const POINTS_MESSAGE = 'Los puntos deben ser un número entero mayor o igual a 0.';
export const NOTHING_TO_SUBTRACT_MESSAGE = 'Indica los productos o los puntos a descontar.';
export const SUBTRACT_REASON_MAX_LENGTH = 200;

/**
 * A value read by `read` (undefined: refused) with one message for anything else, a missing value included: the
 * spending calls always said which id or quantity they wanted rather than "Campo obligatorio".
 */
function readWith<T>(message: string, read: (value: unknown) => T | undefined) {
  // Through `preprocess`: a bare `z.unknown()` is optional to zod, which would not run the check for a missing key.
  return z
    .preprocess((value) => value, z.unknown())
    .transform((value, ctx) => {
      const result = read(value);
      if (result !== undefined) return result;
      ctx.issues.push({ code: 'custom', message, input: value });
      return z.NEVER;
    });
}

/** A stored id, as a number or a string of digits. */
const idField = (message: string) => readWith(message, positiveId);
const quantityField = readWith(QUANTITY_MESSAGE, (value) => (isIntegerIn(value, 1, INT4_MAX) ? value : undefined));

const lineSchema = z.object(
  { productId: idField(PRODUCT_ID_MESSAGE), quantity: quantityField },
  { error: PRODUCT_ID_MESSAGE },
);

/** Product lines, one per product (a repeated one adds up, within the limit); `required`: at least one. */
const linesSchema = (required: boolean) =>
  z.preprocess(
    (value) => value ?? [],
    z
      .array(lineSchema, { error: PRODUCT_LIST_MESSAGE })
      .max(POINTS_MAX_LINES, { error: TOO_MANY_PRODUCTS_MESSAGE })
      .transform((lines, ctx): PointsProductLineDto[] => {
        const quantities = new Map<number, number>();
        for (const { productId, quantity } of lines) {
          quantities.set(productId, (quantities.get(productId) ?? 0) + quantity);
        }
        const merged = [...quantities].map(([productId, quantity]) => ({ productId, quantity }));
        if (required && merged.length === 0)
          ctx.issues.push({ code: 'custom', message: NO_PRODUCTS_MESSAGE, input: lines });
        else if (merged.some((line) => line.quantity > POINTS_MAX_QUANTITY)) {
          ctx.issues.push({ code: 'custom', message: MAX_QUANTITY_MESSAGE, input: lines });
        }
        return merged;
      }),
  );

/** `POST /gamification/participate-event`. */
export const participateEventSchema = z.object({ eventId: idField(EVENT_ID_MESSAGE) });

/** `POST /gamification/buy-combo`. */
export const buyComboSchema = z.object({ comboId: idField(COMBO_ID_MESSAGE) });

/** `POST /gamification/products/redeem`: one point product, as the one line of a redemption. */
export const redeemProductSchema = z
  .object({
    productId: idField(PRODUCT_ID_MESSAGE),
    quantity: quantityField.refine((quantity) => quantity <= POINTS_MAX_QUANTITY, { error: MAX_QUANTITY_MESSAGE }),
  })
  .transform((line): PointsProductLineDto[] => [line]);

/** `POST /gamification/redeem/batch`: several point products, all paid or none. */
export const redeemBatchSchema = z.object({ products: linesSchema(true) });

/** `PATCH /gamification/subtract`: catalogue products and points taken, at least one of them, and a reason. */
export const subtractPointsSchema = z
  .object({
    products: linesSchema(false),
    points: readWith(POINTS_MESSAGE, (value) =>
      value === undefined || value === null ? 0 : isIntegerIn(value) ? value : undefined,
    ),
    reason: optionalText(SUBTRACT_REASON_MAX_LENGTH),
  })
  .refine((request) => request.products.length > 0 || request.points > 0, { error: NOTHING_TO_SUBTRACT_MESSAGE });

// The admin page's events, combos and point products (`POST /gamification/{events|combos|products}`, `PATCH …/{id}`).

export type PointsItemKind = 'event' | 'combo' | 'product';

const ITEM_NAME_MAX_LENGTH = 120;
const ITEM_DESCRIPTION_MAX_LENGTH = 2000;
const ITEM_IMAGE_MAX_LENGTH = 500;
/** A path of this server (`/api/media/...`) or an http(s) URL; never `javascript:` or `data:`. */
const IMAGE_PATTERN = /^(\/[^/]|https?:\/\/)/;
const ISO_DATE_PATTERN = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})?)?$/;

export const IMAGE_MESSAGE = 'Debe ser una ruta de este sitio (/…) o una URL http(s).';
export const ITEM_POINTS_MESSAGE = `Debe ser un número entero de puntos entre 1 y ${POINTS_MAX_PRICE}.`;
export const ACTIVE_MESSAGE = 'Debe ser true o false.';
export const NO_COUNTRY_MESSAGE = 'Indica al menos un país.';
export const DATE_MESSAGE = 'Fecha no válida: usa el formato ISO 8601, por ejemplo 2026-03-01T08:00:00-05:00.';
export const EVENT_PERIOD_MESSAGE = 'La fecha de fin debe ser posterior a la de inicio.';

const COUNTRY_IDS = Object.values(COUNTRIES).map((country) => country.countryId);
const countriesMessage = `Países no válidos: usa ids de ${COUNTRY_IDS.join(', ')}.`;

/** The wire names of the fields that differ by kind (product §3: combos have `image`, products `imageUrl`...). */
export const ITEM_WIRE_NAMES: Record<
  PointsItemKind,
  { image: 'image' | 'imageUrl'; points: 'requiredPoints' | 'priceInPoints' }
> = {
  event: { image: 'image', points: 'requiredPoints' },
  combo: { image: 'image', points: 'requiredPoints' },
  product: { image: 'imageUrl', points: 'priceInPoints' },
};

/** A text the admin may clear: blank or null is cleared (`cleared`), missing is not given. */
const clearable = <T extends z.ZodType>(value: T, cleared: '' | null) =>
  z.preprocess(
    (raw) => (raw === null || (typeof raw === 'string' && raw.trim() === '') ? cleared : givenText(raw)),
    value,
  );

/** Known country ids, at least one, each once. */
const countriesSchema = z
  .array(z.unknown(), { error: NO_COUNTRY_MESSAGE })
  .min(1, { error: NO_COUNTRY_MESSAGE })
  .transform((raw, ctx) => {
    const ids = raw.map(positiveId);
    if (ids.every((id) => id !== undefined && COUNTRY_IDS.includes(id))) return [...new Set(ids as number[])];
    ctx.issues.push({ code: 'custom', message: countriesMessage, input: raw });
    return z.NEVER;
  });

const dateSchema = z
  .string({ error: DATE_MESSAGE })
  .refine((text) => ISO_DATE_PATTERN.test(text) && !Number.isNaN(Date.parse(text)), { error: DATE_MESSAGE })
  .transform((text) => new Date(Date.parse(text)));

/** What an item's body says, under the server's names for it; a creation has every field. */
export interface PointsItemInput {
  name?: string;
  description?: string;
  imageUrl?: string | null;
  points?: number;
  isActive?: boolean;
  countries?: number[];
  startDate?: Date;
  endDate?: Date;
}

/**
 * An event, combo or point product of the admin page. A creation needs every field but the description and the image
 * (an event, its dates too, the end after the start); a change takes the fields given, and the route checks its period
 * against the stored dates.
 */
export function pointsItemSchema(kind: PointsItemKind, creating: boolean) {
  const wire = ITEM_WIRE_NAMES[kind];
  const given = <T extends z.ZodType>(schema: T) => (creating ? schema : schema.optional());
  const image = clearable(
    textValue(ITEM_IMAGE_MAX_LENGTH).regex(IMAGE_PATTERN, { error: IMAGE_MESSAGE }).nullable().optional(),
    null,
  );
  const countries = creating
    ? readWith(NO_COUNTRY_MESSAGE, (value) => value).pipe(countriesSchema)
    : countriesSchema.optional();
  return z
    .object({
      name: creating ? requiredText(ITEM_NAME_MAX_LENGTH) : optionalText(ITEM_NAME_MAX_LENGTH),
      description: clearable(textValue(ITEM_DESCRIPTION_MAX_LENGTH).optional(), ''),
      [wire.image]: image,
      [wire.points]: given(integerField(ITEM_POINTS_MESSAGE, 1, POINTS_MAX_PRICE)),
      isActive: creating
        ? z.boolean({ error: ACTIVE_MESSAGE }).default(true)
        : z.boolean({ error: ACTIVE_MESSAGE }).optional(),
      countries,
      ...(kind === 'event' ? { startDate: given(dateSchema), endDate: given(dateSchema) } : {}),
    })
    .refine(
      (item) => !(item.startDate instanceof Date && item.endDate instanceof Date) || item.endDate > item.startDate,
      {
        error: EVENT_PERIOD_MESSAGE,
        path: ['endDate'],
        // Said with the other problems, once both dates were read.
        when: (payload) => !payload.issues.some((issue) => ['startDate', 'endDate'].includes(String(issue.path?.[0]))),
      },
    )
    .transform((item): PointsItemInput => {
      // The kind's own names (`image` or `imageUrl`…) and an event's dates are keys the shape's type cannot name.
      const values = item as Record<string, unknown>;
      return {
        name: item.name,
        description: item.description ?? (creating ? '' : undefined),
        // null clears the image; missing leaves it (a creation has none).
        imageUrl:
          values[wire.image] === undefined && creating ? null : (values[wire.image] as string | null | undefined),
        points: values[wire.points] as number | undefined,
        isActive: item.isActive,
        countries: item.countries,
        startDate: values.startDate as Date | undefined,
        endDate: values.endDate as Date | undefined,
      };
    });
}

/** A JSON string or number as trimmed text; anything else is not given (product §5 reads these leniently). */
const lenientText = z.transform((raw: unknown) => {
  if (typeof raw !== 'string' && typeof raw !== 'number') return undefined;
  return String(raw).trim() || undefined;
});

const PATIENT_DATA_FIELDS = ['name', 'identification', 'email', 'phone', 'address', 'country'] as const;

/**
 * `POST /gamification/prescription-reward`: who earns (`doctorUid`, `doctorId`), for whom (`patientUid`, `patientId`,
 * `patientData`), what was sold (`products`) and the sale (`saleId`), each id read as text. Product §5 judges them in
 * that order, the doctor and the patient against the database, so the route judges the lines (`redeemBatchSchema`)
 * and the sale after them.
 */
export const prescriptionRewardSchema = z.object({
  doctorUid: lenientText,
  doctorId: lenientText,
  patientUid: lenientText,
  patientId: lenientText,
  patientData: z.transform((raw: unknown) => {
    const data = typeof raw === 'object' && raw !== null ? (raw as Record<string, unknown>) : {};
    return Object.fromEntries(PATIENT_DATA_FIELDS.map((field) => [field, lenientText.parse(data[field])])) as Record<
      (typeof PATIENT_DATA_FIELDS)[number],
      string | undefined
    >;
  }),
  products: z.transform((raw: unknown) => raw),
  saleId: lenientText,
});

export type PrescriptionRewardInput = z.output<typeof prescriptionRewardSchema>;
