// Wire shapes of the calls in product §7, the single definition both the storefront and the server use.
import type { FormErrorDto } from './accounts';

export interface CountryDto {
  id: number;
  name: string;
  code: number;
  subdomain: string;
  iso: string;
  country_id: number;
  currency: string;
  useCents: boolean;
}

export interface CategoryDto {
  id: number;
  name: string;
  slug: string;
}

interface PresentationDto {
  is_default: boolean;
  quantity: number;
  unit: { symbol: string };
  container_type: { name: string };
}

interface ProductPriceDto {
  country_id: number;
  currency: string;
  /** Whole pesos for COP; cents for MXN and PEN (product §9). */
  amount: number;
  vat_included: boolean;
}

export interface ProductDto {
  id: number;
  name: string;
  description: string;
  slug: string;
  tag: string;
  featured: boolean;
  category_id: number;
  category: CategoryDto;
  pharmaceutical_form: { id: number; name: string } | null;
  capsule_info: string | null;
  stock: { quantity: number | null; tracked: boolean };
  images: { url: string }[];
  image: string | null;
  presentations: PresentationDto[];
  /** The price for the requested country; null when the product is not sold there. */
  price: ProductPriceDto | null;
  points_price: number | null;
  type: 'standard' | 'points';
  /**
   * Orders with it wait for a validated signed prescription: the hormones category always, and the products admins
   * add in the prescription settings. The server always sends it; older cached copies may lack it.
   */
  requires_signed_prescription?: boolean;
  /**
   * The viewer's discount on this product (product §3: the cart reads `discounts[0].discount_value`): one entry for an
   * approved professional whose purchase level has a discount here, else `[]`. The server always sends it.
   */
  discounts?: ProductDiscountDto[];
}

export interface ProductDiscountDto {
  /** Percentage, 0–100 (decimals allowed). */
  discount_value: number;
  discount_type: 'percent';
}

/** `GET /products/categories`: a category with the number of active products priced in the country. */
export interface CategoryCountDto {
  id: number;
  name: string;
  slug: string;
  count: number;
}

/** `GET /products/pharmaceutical-forms`: a pharmaceutical form with its number of products. */
export interface PharmaceuticalFormCountDto {
  id: number;
  name: string;
  slug: string;
  count: number;
}

/** One line of a discount list: exactly one of `category_id` and `product_id` is set. */
interface DiscountListItemDto {
  id: number;
  category_id: number | null;
  product_id: number | null;
  /** 0–100. */
  discount_percent: number;
}

/** `GET /products/discount-lists`: the discounts of a purchase level (`PURCHASE_LEVELS`). */
export interface DiscountListDto {
  id: number;
  name: string;
  purchase_level_id: number;
  active: boolean;
  items: DiscountListItemDto[];
}

/** Answers of the form `{ data }`. */
export interface DataResponse<T> {
  data: T;
}

/**
 * Every error answer. A refused body or query adds `fieldErrors`: the first problem of each field, in Spanish, by its
 * wire name (`prices.co`, `presentations.0`); `errors` then lists the same messages.
 */
export interface ApiErrorBody {
  message: string;
  errors?: string[];
  fieldErrors?: FormErrorDto[];
}

export interface HealthDto {
  status: 'ok';
  db: 'pglite' | 'postgres';
}

/** `GET /api/ready`: 200 when this instance should get traffic, 503 (with the Spanish reason) when not. */
export type ReadyDto =
  | { status: 'ready'; db: 'pglite' | 'postgres' }
  | { status: 'unavailable'; db: 'pglite' | 'postgres'; message: string };
