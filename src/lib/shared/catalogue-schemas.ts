// The zod schemas of the catalogue's requests (issue #20): its lists, a product, the serial search and the images'
// sizes. Kept apart from `catalogue.ts`, whose constants the app shell imports without zod.
import {
  IMAGE_DEFAULT_QUALITY,
  IMAGE_WIDTHS,
  PRODUCT_SORT_FIELDS,
  PRODUCTS_MAX_PAGE_SIZE,
  PRODUCTS_PAGE_SIZE,
} from './catalogue';
import { countryById } from './countries';
import {
  countryIdQuery,
  queryBoolean,
  queryInteger,
  queryOneOf,
  queryOneOfMessage,
  queryText,
  requiredText,
} from './field-schemas';
import { INT4_MAX } from './integers';
import { z } from './zod';

const SEARCH_MAX_LENGTH = 100;
const SERIAL_MAX_LENGTH = 100;

const unknownCountryMessage = (countryId: number) => `El país ${countryId} no está disponible en la tienda.`;

/**
 * `?country_id=` of the catalogue: one of the store's countries (seeded from `COUNTRIES`, never removed), so an id it
 * does not serve is a 400 rather than an empty list. Absent, the route takes `x-country`, else Colombia.
 */
const storeCountryId = countryIdQuery.transform((countryId, ctx) => {
  if (countryId === undefined || countryById(countryId)) return countryId;
  ctx.issues.push({ code: 'custom', message: unknownCountryMessage(countryId), input: countryId });
  return z.NEVER;
});

/** `GET /products/{id}`, `/products/categories`, the favourites: the country that prices the products. */
export const catalogueQuerySchema = z.object({ country_id: storeCountryId });

/** `GET /products/pharmaceutical-forms`: the forms of one category, or of all. */
export const pharmaceuticalFormsQuerySchema = z.object({
  category_id: queryInteger('category_id', { min: 1 }),
  country_id: storeCountryId,
});

/**
 * `limit` is at most a page's size, or anything with `all=true` (the admin's and the offline copy's whole list). Both
 * schemas are made once: making a zod schema costs more than parsing with it, and the list is the busiest request.
 */
const PAGE_LIMIT = queryInteger('limit', { min: 1, max: PRODUCTS_MAX_PAGE_SIZE });
const ALL_LIMIT = queryInteger('limit', { min: 1, max: INT4_MAX });
const productLimit = (all: boolean) => (all ? ALL_LIMIT : PAGE_LIMIT);

/** `GET /products`: the list's page, order and filters. */
export const productListQuerySchema = z
  .object({
    all: queryBoolean('all').transform((all) => all ?? false),
    // Read against `all` below: its bound depends on it. (A plain transform: a bare `z.unknown()` key is required.)
    limit: z.transform((raw: unknown) => raw),
    offset: queryInteger('offset', { min: 0 }).transform((offset) => offset ?? 0),
    orderBy: queryOneOf('orderBy', PRODUCT_SORT_FIELDS).transform((field) => field ?? 'name'),
    order: queryOneOf('order', ['asc', 'desc'] as const, { caseInsensitive: true }).transform(
      (order) => order ?? 'asc',
    ),
    // The role context of product §7 is validated but not trusted: the session decides the audience.
    role_id: queryInteger('role_id', { min: 0 }),
    purchase_level_id: queryInteger('purchase_level_id', { min: 0 }),
    category_id: queryInteger('category_id', { min: 1 }),
    pharmaceutical_form_id: queryInteger('pharmaceutical_form_id', { min: 1 }),
    featured: queryBoolean('featured'),
    search: queryText('search', SEARCH_MAX_LENGTH),
    country_id: storeCountryId,
  })
  .superRefine(
    (query, ctx) => {
      const parsed = productLimit(query.all === true).safeParse(query.limit);
      if (!parsed.success) ctx.addIssue({ code: 'custom', path: ['limit'], message: parsed.error.issues[0]?.message });
    },
    // Every problem at once: the limit is judged even when other parameters were refused.
    { when: () => true },
  )
  .transform(({ limit, ...query }) => {
    const asked = productLimit(query.all).parse(limit);
    return { ...query, limit: asked ?? (query.all ? undefined : PRODUCTS_PAGE_SIZE) };
  });

/** `POST /products/search-by-serial`: the serial printed on a product's box. */
export const serialSearchSchema = z.object({ number_serial: requiredText(SERIAL_MAX_LENGTH) });

const widths: readonly number[] = IMAGE_WIDTHS;

/** `GET /media/…?w=&q=`: one of the responsive widths (none: the drawing itself) and a quality of 1–100. */
export const imageSizeQuerySchema = z.object({
  w: queryInteger('w', { min: 1 }).refine((width) => width === undefined || widths.includes(width), {
    error: queryOneOfMessage('w', IMAGE_WIDTHS.map(String)),
  }),
  q: queryInteger('q', { min: 1, max: 100 }).transform((quality) => quality ?? IMAGE_DEFAULT_QUALITY),
});
