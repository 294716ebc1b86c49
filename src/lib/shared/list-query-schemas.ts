// The query strings of a member's own lists (issue #20): orders, addresses and the points history. The admin's lists
// are in `admin-schemas.ts`, the catalogue's in `catalogue-schemas.ts`.
import { countryIdQuery, pagingQuery, queryOneOf } from './field-schemas';
import { ORDERS_PAGE_SIZE } from './orders';
import { POINT_ENTRY_TYPES, POINTS_HISTORY_DEFAULT_LIMIT, POINTS_HISTORY_MAX_LIMIT } from './points';
import { z } from './zod';

const ORDERS_MAX_PAGE_SIZE = 50;

/** `GET /orders`: the buyer's orders, a page at a time, of one country or all. */
export const orderListQuerySchema = z.object({
  ...pagingQuery(ORDERS_PAGE_SIZE, ORDERS_MAX_PAGE_SIZE),
  country_id: countryIdQuery,
});

/** `GET /addresses`: the address book of one country (the session's when absent). */
export const addressListQuerySchema = z.object({ country_id: countryIdQuery });

/** `GET /gamification/history/unified/{userId}`: one kind of entry or all, a page at a time. */
export const pointsHistoryQuerySchema = z.object({
  type: queryOneOf('type', POINT_ENTRY_TYPES),
  ...pagingQuery(POINTS_HISTORY_DEFAULT_LIMIT, POINTS_HISTORY_MAX_LIMIT),
});
