// Catalogue facts shared by the storefront and the server.

/** Product §9: configurable, defaults 4 / hormonas-bioidenticas. */
export const HORMONES_CATEGORY_ID = 4;
export const HORMONES_CATEGORY_SLUG = 'hormonas-bioidenticas';
/** Product §6: the patient product list excludes these categories. */
export const PATIENT_EXCLUDED_CATEGORY_IDS: readonly number[] = [4, 5];

/** A product's address in the catalogue: lower case, digits and single hyphens. */
export const PRODUCT_SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

export const DEFAULT_CONTAINER_TYPE = 'Frasco';
export const DEFAULT_UNIT_SYMBOL = 'unidades';

export const PRODUCTS_PAGE_SIZE = 24;
export const PRODUCTS_MAX_PAGE_SIZE = 100;
export const PRODUCT_SORT_FIELDS = ['name', 'price', 'created_at', 'featured'] as const;
export type ProductSortField = (typeof PRODUCT_SORT_FIELDS)[number];

/** Product §9: widths of the responsive product images (`GET /api/media/products/{name}.svg?w=&q=`). */
export const IMAGE_WIDTHS = [640, 750, 828, 1080, 1200, 1920, 2048, 3840] as const;
/** Product §9: default quality of the responsive images; `q` may be 1–100. */
export const IMAGE_DEFAULT_QUALITY = 75;

/** Most product ids one `POST /favorites/merge` accepts. */
export const FAVORITES_MERGE_MAX_IDS = 200;
