// The zod schemas of the admin's product editor (`/admin/products`), apart from `admin-products.ts` so the chunks that
// only need its types and constants do not carry zod. The server validates with them; the editor checks with them.
import { PURCHASE_LEVELS } from './accounts';
import {
  PRODUCT_DESCRIPTION_MAX_LENGTH,
  PRODUCT_NAME_MAX_LENGTH,
  type AdminDiscountInput,
  type AdminPresentationInput,
  type AdminProductInput,
} from './admin-products';
import { HORMONES_CATEGORY_ID, PRODUCT_SLUG_PATTERN } from './catalogue';
import {
  asOneField,
  flag,
  givenText,
  integerField,
  INVALID_VALUE_MESSAGE,
  isMissing,
  optionalText,
  queryInteger,
  queryOneOf,
  queryText,
  REQUIRED_FIELD_MESSAGE,
  requiredText,
  textValue,
} from './field-schemas';
import { z } from './zod';

export const SLUG_MAX_LENGTH = 80;
export const SERIAL_NUMBER_MAX_LENGTH = 40;
export const TAG_MAX_LENGTH = 60;
export const CAPSULE_INFO_MAX_LENGTH = 200;
export const CONTAINER_TYPE_MAX_LENGTH = 40;
export const UNIT_SYMBOL_MAX_LENGTH = 20;
export const MAX_PRESENTATIONS = 10;
export const MAX_POINTS_PRICE = 1_000_000;
/** Above any real price in minor units (a billion Colombian pesos); stops typos of several extra zeros. */
export const MAX_PRICE_AMOUNT = 1_000_000_000;
/** Above any real stock or presentation size; the columns are int4. */
export const MAX_UNITS = 1_000_000;

export const SLUG_FORMAT_MESSAGE = 'Usa solo minúsculas, números y guiones (por ejemplo magnesio-glicinato).';
export const CATEGORY_MESSAGE = 'Selecciona una categoría válida.';
export const FORM_MESSAGE = 'Selecciona una forma válida.';
export const STOCK_INTEGER_MESSAGE = 'El inventario debe ser un número entero.';
export const NEGATIVE_STOCK_MESSAGE = 'El inventario no puede ser negativo.';
export const STOCK_TOO_HIGH_MESSAGE = `El inventario no puede superar ${MAX_UNITS.toLocaleString('es-CO')} unidades.`;
export const POINTS_PRICE_MESSAGE = 'El precio en puntos debe ser un número entero mayor que cero.';
export const PRICE_NUMBER_MESSAGE = 'Escribe el precio en números.';
export const NEGATIVE_PRICE_MESSAGE = 'El precio no puede ser negativo.';
export const PRICE_TOO_HIGH_MESSAGE = 'El precio es demasiado alto.';
export const NO_PRICE_MESSAGE = 'Indica el precio en al menos un país.';
export const PRESENTATION_REQUIRED_MESSAGE = 'Agrega al menos una presentación.';
export const TOO_MANY_PRESENTATIONS_MESSAGE = `Máximo ${MAX_PRESENTATIONS} presentaciones.`;
export const PRESENTATION_QUANTITY_MESSAGE = 'La cantidad de la presentación debe ser un entero mayor que cero.';
export const PURCHASE_LEVEL_MESSAGE = 'El nivel de compra no es válido.';
export const DISCOUNT_PERCENT_MESSAGE = 'El descuento debe estar entre 0 y 100 %.';

/** A country's price, reported as one field (`prices.co`): null or missing, the product is not sold there. */
const priceSchema = asOneField(
  z
    .object(
      {
        amount: z
          .number({ error: PRICE_NUMBER_MESSAGE })
          .int({ error: PRICE_NUMBER_MESSAGE })
          .min(0, { error: NEGATIVE_PRICE_MESSAGE })
          .max(MAX_PRICE_AMOUNT, { error: PRICE_TOO_HIGH_MESSAGE }),
        vatIncluded: flag,
      },
      { error: PRICE_NUMBER_MESSAGE },
    )
    .nullish()
    .transform((price) => price ?? null),
);

/** One presentation, reported as one field (`presentations.0`). */
const presentationSchema = asOneField(
  z.object(
    {
      containerType: optionalText(CONTAINER_TYPE_MAX_LENGTH).transform((value) => value ?? ''),
      quantity: integerField(PRESENTATION_QUANTITY_MESSAGE, 1, MAX_UNITS, PRESENTATION_QUANTITY_MESSAGE),
      unitSymbol: optionalText(UNIT_SYMBOL_MAX_LENGTH).transform((value) => value ?? ''),
      isDefault: flag,
    },
    { error: PRESENTATION_QUANTITY_MESSAGE },
  ),
);

/** At least one, at most ten; exactly one default: the first, unless the admin chose another. */
const presentationsSchema = z.preprocess(
  (value) => value ?? [],
  z
    .array(presentationSchema, { error: PRESENTATION_REQUIRED_MESSAGE })
    .min(1, { error: PRESENTATION_REQUIRED_MESSAGE })
    .max(MAX_PRESENTATIONS, { error: TOO_MANY_PRESENTATIONS_MESSAGE })
    .transform((presentations): AdminPresentationInput[] => {
      const chosen = Math.max(
        0,
        presentations.findIndex((presentation) => presentation.isDefault),
      );
      return presentations.map((presentation, index) => ({ ...presentation, isDefault: index === chosen }));
    }),
);

/**
 * Per purchase level; a level's problem is reported at `discounts.<level id>` (the editor has one box per level), an
 * unknown level at `discounts`. A level given twice keeps its first percent; percents keep two decimals.
 */
const discountsSchema = z
  .array(z.unknown(), { error: INVALID_VALUE_MESSAGE })
  .nullish()
  .transform((items, ctx) => {
    const discounts: AdminDiscountInput[] = [];
    for (const item of items ?? []) {
      const { purchaseLevelId, percent } = (typeof item === 'object' && item !== null ? item : {}) as {
        purchaseLevelId?: unknown;
        percent?: unknown;
      };
      const level = PURCHASE_LEVELS.find((candidate) => candidate.id === purchaseLevelId);
      if (!level) {
        ctx.issues.push({ code: 'custom', message: PURCHASE_LEVEL_MESSAGE, input: item });
      } else if (typeof percent !== 'number' || !Number.isFinite(percent) || percent < 0 || percent > 100) {
        ctx.issues.push({ code: 'custom', message: DISCOUNT_PERCENT_MESSAGE, input: item, path: [level.id] });
      } else if (!discounts.some((discount) => discount.purchaseLevelId === level.id)) {
        discounts.push({ purchaseLevelId: level.id, percent: Math.round(percent * 100) / 100 });
      }
    }
    return discounts;
  });

/** `POST /admin/products` and `PUT /admin/products/{id}`: the whole product, every problem at once, per field. */
export const adminProductInputSchema = z
  .object({
    name: requiredText(PRODUCT_NAME_MAX_LENGTH),
    slug: z.preprocess(
      givenText,
      textValue(SLUG_MAX_LENGTH).regex(PRODUCT_SLUG_PATTERN, { error: SLUG_FORMAT_MESSAGE }),
    ),
    description: optionalText(PRODUCT_DESCRIPTION_MAX_LENGTH).transform((value) => value ?? ''),
    tag: optionalText(TAG_MAX_LENGTH).transform((value) => value ?? ''),
    capsuleInfo: optionalText(CAPSULE_INFO_MAX_LENGTH).transform((value) => value ?? null),
    serialNumber: requiredText(SERIAL_NUMBER_MAX_LENGTH),
    categoryId: integerField(CATEGORY_MESSAGE),
    pharmaceuticalFormId: integerField(FORM_MESSAGE)
      .nullish()
      .transform((value) => value ?? null),
    stockTracked: flag,
    stockQuantity: z
      .number({ error: STOCK_INTEGER_MESSAGE })
      .int({ error: STOCK_INTEGER_MESSAGE })
      .min(0, { error: NEGATIVE_STOCK_MESSAGE })
      .max(MAX_UNITS, { error: STOCK_TOO_HIGH_MESSAGE })
      .nullish(),
    pointsPrice: integerField(POINTS_PRICE_MESSAGE, 1, MAX_POINTS_PRICE)
      .nullish()
      .transform((value) => value ?? null),
    featured: flag,
    requiresSignedPrescription: flag,
    prices: z.preprocess(
      (value) => value ?? {},
      z
        .object({ co: priceSchema, mx: priceSchema, pe: priceSchema }, { error: NO_PRICE_MESSAGE })
        .refine((prices) => prices.co !== null || prices.mx !== null || prices.pe !== null, {
          error: NO_PRICE_MESSAGE,
        }),
    ),
    presentations: presentationsSchema,
    discounts: discountsSchema,
  })
  // A tracked stock needs its quantity; said even when other fields are wrong, so every problem shows at once.
  .refine((input) => !(input?.stockTracked === true && isMissing(input.stockQuantity)), {
    error: REQUIRED_FIELD_MESSAGE,
    path: ['stockQuantity'],
    when: () => true,
  })
  .transform((input): AdminProductInput => ({
    ...input,
    // An untracked stock has no quantity.
    stockQuantity: input.stockTracked ? (input.stockQuantity ?? null) : null,
    // Hormones always wait for a validated signed prescription (product §9).
    requiresSignedPrescription: input.requiresSignedPrescription || input.categoryId === HORMONES_CATEGORY_ID,
  }));

/** `GET /admin/products?search=&page=&signedPrescription=true`. */
export const adminProductListQuerySchema = z.object({
  search: queryText('search', 100),
  page: queryInteger('page', { min: 1 }).transform((page) => page ?? 1),
  signedPrescription: queryOneOf('signedPrescription', ['true'] as const),
});
