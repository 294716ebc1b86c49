import type { CountryCode } from './countries';

// The admin area's product editor (`/admin/products`): what it sends and what it reads back. Amounts are in the
// country's minor units, as in the storefront's `ProductDto.price.amount` (whole pesos for Colombia, cents for
// Mexico and Peru).

export interface AdminProductPriceInput {
  amount: number;
  vatIncluded: boolean;
}

export interface AdminPresentationInput {
  containerType: string;
  quantity: number;
  unitSymbol: string;
  isDefault: boolean;
}

export interface AdminDiscountInput {
  purchaseLevelId: number;
  percent: number;
}

export interface AdminProductInput {
  name: string;
  slug: string;
  description: string;
  tag: string;
  categoryId: number;
  pharmaceuticalFormId: number | null;
  capsuleInfo: string | null;
  serialNumber: string;
  stockTracked: boolean;
  stockQuantity: number | null;
  featured: boolean;
  /** Set: the product can also be redeemed with this many points. */
  pointsPrice: number | null;
  /** Orders wait for a validated signed prescription; always true in the hormones category (product §9). */
  requiresSignedPrescription: boolean;
  /** A country without a price does not sell the product. */
  prices: Record<CountryCode, AdminProductPriceInput | null>;
  presentations: AdminPresentationInput[];
  /** Per purchase level; a level left out has no discount of its own on this product. */
  discounts: AdminDiscountInput[];
}

interface AdminProductImageDto {
  id: number;
  url: string;
  /** Uploaded by an admin (removable); false for the catalogue's own drawings. */
  uploaded: boolean;
}

export interface AdminProductDto extends AdminProductInput {
  id: number;
  active: boolean;
  images: AdminProductImageDto[];
  categoryName: string;
  createdAt: string;
}

export interface AdminProductListDto {
  data: AdminProductDto[];
  total: number;
  page: number;
  limit: number;
}

/** `GET /admin/catalogue-options`: every category and pharmaceutical form, with or without products. */
export interface AdminCatalogueOptionsDto {
  categories: { id: number; name: string }[];
  forms: { id: number; name: string }[];
}

export const ADMIN_PRODUCTS_PAGE_SIZE = 20;
export const PRODUCT_IMAGE_MAX_BYTES = 5 * 1024 * 1024;
export const PRODUCT_IMAGE_MIME_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;
export const PRODUCT_NAME_MAX_LENGTH = 120;
export const PRODUCT_DESCRIPTION_MAX_LENGTH = 4000;

/** A URL slug from a product name: lower case, no accents, words joined by hyphens. */
export function slugify(name: string): string {
  return name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80);
}
