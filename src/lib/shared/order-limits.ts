// The limits of one order, shared by the bag (in the app shell) and the order's schema. A module of their own: the
// shell importing them from `orders.ts` carried that module's other constants too.

/**
 * Units of one product in one order, bag and server alike (issue #20): a dispensary sells a few months' supply, and the
 * bag always stopped at 99 while the server let 999 through. The same product sent twice adds up, still within it.
 */
export const MAX_LINE_QUANTITY = 99;
/** Different products in one order. */
export const MAX_ORDER_LINES = 100;
