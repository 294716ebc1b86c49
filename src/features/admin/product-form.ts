import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { PURCHASE_LEVELS } from '../../lib/shared/accounts';
import {
  type AdminProductDto,
  type AdminProductInput,
  type AdminProductPriceInput,
} from '../../lib/shared/admin-products';
import {
  DEFAULT_CONTAINER_TYPE,
  DEFAULT_UNIT_SYMBOL,
  HORMONES_CATEGORY_ID,
  PRODUCT_SLUG_PATTERN,
} from '../../lib/shared/catalogue';
import { COUNTRIES, COUNTRY_CODES, type CountryCode } from '../../lib/shared/countries';

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

export type ProductFormErrors = Partial<Record<string, MessageDescriptor>>;

export const REQUIRED = msg`Campo obligatorio`;
const NEGATIVE_PRICE = msg`El precio no puede ser negativo.`;
const NOT_A_NUMBER = msg`Escribe el precio en números.`;
const NEGATIVE_STOCK = msg`El inventario no puede ser negativo.`;
const WHOLE_NUMBER = msg`Escribe un número entero.`;
const SLUG_FORMAT = msg`Usa solo minúsculas, números y guiones (por ejemplo magnesio-glicinato).`;
const NO_PRICE = msg`Indica el precio en al menos un país.`;
const QUANTITY = msg`La cantidad de la presentación debe ser un entero mayor que cero.`;
const POINTS = msg`El precio en puntos debe ser un número entero mayor que cero.`;
const PERCENT = msg`El descuento debe estar entre 0 y 100 %.`;

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

/** "1.234,50", "1234.5" or "1234": a decimal comma is accepted, as Spanish keyboards type it. */
function parseDecimal(text: string): number | undefined {
  const trimmed = text.trim().replace(/\s/g, '');
  if (!/^-?\d+(?:[.,]\d{1,2})?$/.test(trimmed)) return undefined;
  return Number(trimmed.replace(',', '.'));
}

function parseInteger(text: string): number | undefined {
  return /^-?\d+$/.test(text.trim()) ? Number(text.trim()) : undefined;
}

/** Checks what the server checks, so the admin sees every problem before sending; the server has the last word. */
export function checkProductForm(values: ProductFormValues): {
  errors: ProductFormErrors;
  input: AdminProductInput | null;
} {
  const errors: ProductFormErrors = {};
  if (!values.name.trim()) errors.name = REQUIRED;
  if (!values.slug.trim()) errors.slug = REQUIRED;
  else if (!PRODUCT_SLUG_PATTERN.test(values.slug.trim())) errors.slug = SLUG_FORMAT;
  if (!values.serialNumber.trim()) errors.serialNumber = REQUIRED;
  if (!values.categoryId) errors.categoryId = REQUIRED;

  let stockQuantity: number | null = null;
  if (values.stockTracked) {
    const parsed = parseInteger(values.stockQuantity);
    if (values.stockQuantity.trim() === '') errors.stockQuantity = REQUIRED;
    else if (parsed === undefined) errors.stockQuantity = WHOLE_NUMBER;
    else if (parsed < 0) errors.stockQuantity = NEGATIVE_STOCK;
    else stockQuantity = parsed;
  }

  let pointsPrice: number | null = null;
  if (values.pointsPrice.trim()) {
    const parsed = parseInteger(values.pointsPrice);
    if (parsed === undefined || parsed <= 0) errors.pointsPrice = POINTS;
    else pointsPrice = parsed;
  }

  const prices = {} as Record<CountryCode, AdminProductPriceInput | null>;
  for (const country of COUNTRY_CODES) {
    const { amount, vatIncluded } = values.prices[country];
    if (!amount.trim()) {
      prices[country] = null;
      continue;
    }
    const parsed = parseDecimal(amount);
    if (parsed === undefined) errors[`prices.${country}`] = NOT_A_NUMBER;
    else if (parsed < 0) errors[`prices.${country}`] = NEGATIVE_PRICE;
    const minor = Math.round((parsed ?? 0) * (COUNTRIES[country].useCents ? 100 : 1));
    prices[country] = { amount: minor, vatIncluded };
  }
  if (COUNTRY_CODES.every((country) => prices[country] === null)) errors.prices = NO_PRICE;

  const presentations = values.presentations.map((presentation, index) => {
    const quantity = parseInteger(presentation.quantity);
    if (quantity === undefined || quantity <= 0) errors[`presentations.${index}`] = QUANTITY;
    return {
      containerType: presentation.containerType.trim(),
      unitSymbol: presentation.unitSymbol.trim(),
      quantity: quantity ?? 0,
      isDefault: presentation.isDefault,
    };
  });

  const discounts = PURCHASE_LEVELS.flatMap((level) => {
    const text = values.discounts[level.id]?.trim() ?? '';
    if (!text) return [];
    const percent = parseDecimal(text);
    if (percent === undefined || percent < 0 || percent > 100) {
      errors[`discounts.${level.id}`] = PERCENT;
      return [];
    }
    return [{ purchaseLevelId: level.id, percent }];
  });

  if (Object.keys(errors).length > 0) return { errors, input: null };
  return {
    errors,
    input: {
      name: values.name.trim(),
      slug: values.slug.trim(),
      description: values.description.trim(),
      tag: values.tag.trim(),
      categoryId: Number(values.categoryId),
      pharmaceuticalFormId: values.pharmaceuticalFormId ? Number(values.pharmaceuticalFormId) : null,
      capsuleInfo: values.capsuleInfo.trim() || null,
      serialNumber: values.serialNumber.trim(),
      stockTracked: values.stockTracked,
      stockQuantity,
      featured: values.featured,
      pointsPrice,
      requiresSignedPrescription:
        values.requiresSignedPrescription || values.categoryId === String(HORMONES_CATEGORY_ID),
      prices,
      presentations,
      discounts,
    },
  };
}

/** Server answers name the field before a colon ("slug: Ya existe…"): those go next to their field. */
export function serverFieldErrors(errors: readonly string[]): Record<string, string> {
  return Object.fromEntries(
    errors.flatMap((error) => {
      const match = /^([a-zA-Z]+(?:\.[a-z0-9]+)?): (.+)$/.exec(error);
      return match?.[1] && match[2] ? [[match[1], match[2]]] : [];
    }),
  );
}
