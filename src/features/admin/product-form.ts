import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { PURCHASE_LEVELS, type FormErrorDto } from '../../lib/shared/accounts';
import {
  adminProductInputSchema,
  CAPSULE_INFO_MAX_LENGTH,
  CATEGORY_MESSAGE,
  CONTAINER_TYPE_MAX_LENGTH,
  DISCOUNT_PERCENT_MESSAGE,
  FORM_MESSAGE,
  NEGATIVE_PRICE_MESSAGE,
  NEGATIVE_STOCK_MESSAGE,
  NO_PRICE_MESSAGE,
  POINTS_PRICE_MESSAGE,
  PRESENTATION_QUANTITY_MESSAGE,
  PRESENTATION_REQUIRED_MESSAGE,
  PRICE_NUMBER_MESSAGE,
  PRICE_TOO_HIGH_MESSAGE,
  PURCHASE_LEVEL_MESSAGE,
  SERIAL_NUMBER_MAX_LENGTH,
  SLUG_FORMAT_MESSAGE,
  SLUG_MAX_LENGTH,
  STOCK_INTEGER_MESSAGE,
  STOCK_TOO_HIGH_MESSAGE,
  TAG_MAX_LENGTH,
  TOO_MANY_PRESENTATIONS_MESSAGE,
  UNIT_SYMBOL_MAX_LENGTH,
} from '../../lib/shared/admin-product-schemas';
import {
  PRODUCT_DESCRIPTION_MAX_LENGTH,
  PRODUCT_NAME_MAX_LENGTH,
  type AdminProductDto,
  type AdminProductInput,
} from '../../lib/shared/admin-products';
import { DEFAULT_CONTAINER_TYPE, DEFAULT_UNIT_SYMBOL } from '../../lib/shared/catalogue';
import { COUNTRIES, COUNTRY_CODES, type CountryCode } from '../../lib/shared/countries';
import {
  CONTROL_CHARACTERS_MESSAGE,
  INVALID_VALUE_MESSAGE,
  maxLengthMessage,
  REQUIRED_FIELD_MESSAGE,
} from '../../lib/shared/field-schemas';
import { messagesByText } from '../../lib/messages-by-text';

/** The editor's fields as typed: prices in the country's major unit ("459,90"), numbers as text. */
export interface ProductFormValues {
  name: string;
  slug: string;
  /** Until the admin edits the slug it follows the name. */
  slugEdited: boolean;
  description: string;
  tag: string;
  categoryId: string;
  pharmaceuticalFormId: string;
  capsuleInfo: string;
  serialNumber: string;
  stockTracked: boolean;
  stockQuantity: string;
  featured: boolean;
  pointsPrice: string;
  requiresSignedPrescription: boolean;
  prices: Record<CountryCode, { amount: string; vatIncluded: boolean }>;
  presentations: { containerType: string; quantity: string; unitSymbol: string; isDefault: boolean }[];
  /** Percent per purchase level id; empty: no discount of its own. */
  discounts: Record<number, string>;
}

type ProductFormErrors = Partial<Record<string, MessageDescriptor>>;

const REQUIRED = msg`Campo obligatorio`;
const maxLength = (count: number) => msg`Máximo ${count} caracteres.`;

/**
 * The shared schema's Spanish messages through the catalogue: the same words (the form's test pins each one), so the
 * form says what the server would, in the visitor's language.
 */
const SCHEMA_MESSAGES: Record<string, MessageDescriptor> = {
  [REQUIRED_FIELD_MESSAGE]: REQUIRED,
  [INVALID_VALUE_MESSAGE]: msg`Valor no válido.`,
  [CONTROL_CHARACTERS_MESSAGE]: msg`Contiene caracteres no válidos.`,
  [SLUG_FORMAT_MESSAGE]: msg`Usa solo minúsculas, números y guiones (por ejemplo magnesio-glicinato).`,
  [CATEGORY_MESSAGE]: msg`Selecciona una categoría válida.`,
  [FORM_MESSAGE]: msg`Selecciona una forma válida.`,
  [STOCK_INTEGER_MESSAGE]: msg`El inventario debe ser un número entero.`,
  [NEGATIVE_STOCK_MESSAGE]: msg`El inventario no puede ser negativo.`,
  [STOCK_TOO_HIGH_MESSAGE]: msg`El inventario no puede superar 1.000.000 unidades.`,
  [POINTS_PRICE_MESSAGE]: msg`El precio en puntos debe ser un número entero mayor que cero.`,
  [PRICE_NUMBER_MESSAGE]: msg`Escribe el precio en números.`,
  [NEGATIVE_PRICE_MESSAGE]: msg`El precio no puede ser negativo.`,
  [PRICE_TOO_HIGH_MESSAGE]: msg`El precio es demasiado alto.`,
  [NO_PRICE_MESSAGE]: msg`Indica el precio en al menos un país.`,
  [PRESENTATION_REQUIRED_MESSAGE]: msg`Agrega al menos una presentación.`,
  [TOO_MANY_PRESENTATIONS_MESSAGE]: msg`Máximo 10 presentaciones.`,
  [PRESENTATION_QUANTITY_MESSAGE]: msg`La cantidad de la presentación debe ser un entero mayor que cero.`,
  [PURCHASE_LEVEL_MESSAGE]: msg`El nivel de compra no es válido.`,
  [DISCOUNT_PERCENT_MESSAGE]: msg`El descuento debe estar entre 0 y 100 %.`,
  ...Object.fromEntries(
    [SLUG_MAX_LENGTH, SERIAL_NUMBER_MAX_LENGTH, TAG_MAX_LENGTH, CAPSULE_INFO_MAX_LENGTH].map((count) => [
      maxLengthMessage(count),
      maxLength(count),
    ]),
  ),
  [maxLengthMessage(PRODUCT_NAME_MAX_LENGTH)]: maxLength(PRODUCT_NAME_MAX_LENGTH),
  [maxLengthMessage(PRODUCT_DESCRIPTION_MAX_LENGTH)]: maxLength(PRODUCT_DESCRIPTION_MAX_LENGTH),
  [maxLengthMessage(CONTAINER_TYPE_MAX_LENGTH)]: maxLength(CONTAINER_TYPE_MAX_LENGTH),
  [maxLengthMessage(UNIT_SYMBOL_MAX_LENGTH)]: maxLength(UNIT_SYMBOL_MAX_LENGTH),
};

/** A message of the schema as the form shows it. */
export const schemaMessage = messagesByText(SCHEMA_MESSAGES);

export function emptyProductForm(): ProductFormValues {
  return {
    name: '',
    slug: '',
    slugEdited: false,
    description: '',
    tag: '',
    categoryId: '',
    pharmaceuticalFormId: '',
    capsuleInfo: '',
    serialNumber: '',
    stockTracked: false,
    stockQuantity: '',
    featured: false,
    pointsPrice: '',
    requiresSignedPrescription: false,
    prices: {
      co: { amount: '', vatIncluded: false },
      mx: { amount: '', vatIncluded: false },
      pe: { amount: '', vatIncluded: false },
    },
    presentations: [
      { containerType: DEFAULT_CONTAINER_TYPE, quantity: '', unitSymbol: DEFAULT_UNIT_SYMBOL, isDefault: true },
    ],
    discounts: {},
  };
}

function majorUnits(amount: number, country: CountryCode): string {
  return COUNTRIES[country].useCents ? (amount / 100).toFixed(2) : String(amount);
}

export function productFormFromDto(product: AdminProductDto): ProductFormValues {
  const price = (country: CountryCode) => {
    const value = product.prices[country];
    return value
      ? { amount: majorUnits(value.amount, country), vatIncluded: value.vatIncluded }
      : { amount: '', vatIncluded: false };
  };
  return {
    name: product.name,
    slug: product.slug,
    slugEdited: true,
    description: product.description,
    tag: product.tag,
    categoryId: String(product.categoryId),
    pharmaceuticalFormId: product.pharmaceuticalFormId === null ? '' : String(product.pharmaceuticalFormId),
    capsuleInfo: product.capsuleInfo ?? '',
    serialNumber: product.serialNumber,
    stockTracked: product.stockTracked,
    stockQuantity: product.stockQuantity === null ? '' : String(product.stockQuantity),
    featured: product.featured,
    pointsPrice: product.pointsPrice === null ? '' : String(product.pointsPrice),
    requiresSignedPrescription: product.requiresSignedPrescription,
    prices: { co: price('co'), mx: price('mx'), pe: price('pe') },
    presentations: product.presentations.map((presentation) => ({
      containerType: presentation.containerType,
      quantity: String(presentation.quantity),
      unitSymbol: presentation.unitSymbol,
      isDefault: presentation.isDefault,
    })),
    discounts: Object.fromEntries(
      product.discounts.map((discount) => [discount.purchaseLevelId, String(discount.percent)]),
    ),
  };
}

/** "1.234,50", "1234.5" or "1234": a decimal comma is accepted, as Spanish keyboards type it. NaN: not a number. */
function parseDecimal(text: string): number {
  const trimmed = text.trim().replace(/\s/g, '');
  if (!/^-?\d+(?:[.,]\d{1,2})?$/.test(trimmed)) return NaN;
  return Number(trimmed.replace(',', '.'));
}

/** A typed whole number; blank is null, anything else not a whole number is NaN (the schema refuses it). */
function parseInteger(text: string): number | null {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  return /^-?\d+$/.test(trimmed) ? Number(trimmed) : NaN;
}

/**
 * Checks the form with the server's own schema (`adminProductInputSchema`), so the admin sees every problem before
 * sending, in the server's words; the server has the last word (a duplicate slug, a category deleted meanwhile).
 * Only what typing adds is done here: numbers from text, prices from major units to minor ones.
 */
export function checkProductForm(values: ProductFormValues): {
  errors: ProductFormErrors;
  input: AdminProductInput | null;
} {
  const price = (country: CountryCode) => {
    const { amount, vatIncluded } = values.prices[country];
    if (!amount.trim()) return null;
    return { amount: Math.round(parseDecimal(amount) * (COUNTRIES[country].useCents ? 100 : 1)), vatIncluded };
  };
  const parsed = adminProductInputSchema.safeParse({
    name: values.name,
    slug: values.slug,
    description: values.description,
    tag: values.tag,
    capsuleInfo: values.capsuleInfo,
    serialNumber: values.serialNumber,
    categoryId: values.categoryId ? Number(values.categoryId) : null,
    pharmaceuticalFormId: values.pharmaceuticalFormId ? Number(values.pharmaceuticalFormId) : null,
    stockTracked: values.stockTracked,
    stockQuantity: values.stockTracked ? parseInteger(values.stockQuantity) : null,
    pointsPrice: parseInteger(values.pointsPrice),
    featured: values.featured,
    requiresSignedPrescription: values.requiresSignedPrescription,
    prices: Object.fromEntries(COUNTRY_CODES.map((country) => [country, price(country)])),
    presentations: values.presentations.map((presentation) => ({
      containerType: presentation.containerType,
      unitSymbol: presentation.unitSymbol,
      quantity: parseInteger(presentation.quantity) ?? NaN,
      isDefault: presentation.isDefault,
    })),
    discounts: PURCHASE_LEVELS.flatMap((level) => {
      const text = values.discounts[level.id]?.trim() ?? '';
      return text ? [{ purchaseLevelId: level.id, percent: parseDecimal(text) }] : [];
    }),
  });
  if (parsed.success) return { errors: {}, input: parsed.data };
  const errors: ProductFormErrors = {};
  for (const issue of parsed.error.issues) errors[issue.path.join('.') || 'body'] ??= schemaMessage(issue.message);
  return { errors, input: null };
}

/**
 * The server's problems per field: its `fieldErrors`, else lines that name the field before a colon
 * ("slug: Ya existe…"), as answers of routes not yet on a shared schema do. They go next to their field.
 */
export function serverFieldErrors(
  errors: readonly string[],
  fieldErrors: readonly FormErrorDto[] = [],
): Record<string, string> {
  if (fieldErrors.length > 0) return Object.fromEntries(fieldErrors.map((error) => [error.field, error.message]));
  return Object.fromEntries(
    errors.flatMap((error) => {
      const match = /^([a-zA-Z]+(?:\.[a-z0-9]+)?): (.+)$/.exec(error);
      return match?.[1] && match[2] ? [[match[1], match[2]]] : [];
    }),
  );
}
