import type { Kysely } from 'kysely';
import type { DataResponse, ProductDto } from '../../../src/lib/shared/api-types';
import { catalogueQuerySchema } from '../../../src/lib/shared/catalogue-schemas';
import { favoritesMergeSchema } from '../../../src/lib/shared/favorite-schemas';
import type { Database } from '../db/schema';
import { pathParam, viewerOf, type Api } from '../http/auth';
import type { AppContext } from '../http/app-env';
import { notFound } from '../refusal';
import { parseProductId } from '../products/repo';
import { PRODUCT_NOT_FOUND_MESSAGE, requestScope } from '../products/routes';
import { addFavorite, addFavorites, listFavorites, removeFavorite } from './repo';

/** The product id of the path; ids that cannot exist are a 404 like unknown ones. */
function productIdParam(c: AppContext): number {
  const id = parseProductId(pathParam(c, 'productId'));
  if (id === undefined) throw notFound(PRODUCT_NOT_FOUND_MESSAGE);
  return id;
}

/** Favourites (an addition to the spec): any signed-in user, for their own account only. */
export function registerFavoriteRoutes(api: Api, db: Kysely<Database>): void {
  // The country prices the products (`country_id`, `x-country`, Colombia); the session decides what is visible.
  const priced = { access: 'authenticated', query: catalogueQuerySchema } as const;

  api.get('/favorites', priced, async (c) => {
    const viewer = viewerOf(c);
    const scope = requestScope(c, c.req.valid('query').country_id);
    return c.json<DataResponse<ProductDto[]>>({ data: await listFavorites(db, viewer.user.id, scope) });
  });

  api.put('/favorites/:productId', priced, async (c) => {
    const viewer = viewerOf(c);
    const productId = productIdParam(c);
    const scope = requestScope(c, c.req.valid('query').country_id);
    if (!(await addFavorite(db, viewer.user.id, productId, scope))) throw notFound(PRODUCT_NOT_FOUND_MESSAGE);
    return c.body(null, 204);
  });

  api.delete('/favorites/:productId', { access: 'authenticated' }, async (c) => {
    const viewer = viewerOf(c);
    await removeFavorite(db, viewer.user.id, productIdParam(c));
    return c.body(null, 204);
  });

  // The favourites a visitor collected on the device before logging in.
  api.post('/favorites/merge', { ...priced, body: favoritesMergeSchema }, async (c) => {
    const viewer = viewerOf(c);
    const scope = requestScope(c, c.req.valid('query').country_id);
    const ids = c.req.valid('json').productIds;
    await addFavorites(db, viewer.user.id, ids, scope);
    return c.json<DataResponse<ProductDto[]>>({ data: await listFavorites(db, viewer.user.id, scope) });
  });
}
