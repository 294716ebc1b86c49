// The zod schema of the favourites' merge after a login, apart from `catalogue.ts`: the favourites' module is in the
// app shell, which must not carry zod.
import { FAVORITES_MERGE_MAX_IDS } from './catalogue';
import { orRequired } from './field-schemas';
import { isIntegerIn } from './integers';
import { z } from './zod';

export const PRODUCT_IDS_LIST_MESSAGE = 'Debe ser una lista de identificadores de producto.';
export const PRODUCT_IDS_TOO_MANY_MESSAGE = `Máximo ${FAVORITES_MERGE_MAX_IDS} productos por solicitud.`;
export const PRODUCT_ID_MESSAGE = 'Cada producto debe ser un número entero positivo.';

/** `POST /favorites/merge`: the products a visitor kept on the device, each once. */
export const favoritesMergeSchema = z.object({
  productIds: z
    .array(z.unknown(), { error: orRequired(PRODUCT_IDS_LIST_MESSAGE) })
    .max(FAVORITES_MERGE_MAX_IDS, { error: PRODUCT_IDS_TOO_MANY_MESSAGE, abort: true })
    .refine((ids): ids is number[] => ids.every((id) => isIntegerIn(id, 1)), { error: PRODUCT_ID_MESSAGE })
    .transform((ids) => [...new Set(ids)]),
});
