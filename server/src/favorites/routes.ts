import type { Kysely } from 'kysely';
import type { DataResponse, ProductDto } from '../../../src/lib/shared/api-types';
import { FAVORITES_MERGE_MAX_IDS } from '../../../src/lib/shared/catalogue';
import { MAX_INT4, type Database } from '../db/schema';
import { pathParam, viewerOf, type Api, type AppContext } from '../http/auth';
import { FieldProblems, readJsonObject, REQUIRED_FIELD_MESSAGE } from '../http/body';
import { notFound } from '../http/errors';
import { QueryReader } from '../http/query-params';
import { parseProductId } from '../products/repo';
import { PRODUCT_NOT_FOUND_MESSAGE, requestScope } from '../products/routes';
import { addFavorite, addFavorites, listFavorites, removeFavorite } from './repo';

/** The product id of the path; ids that cannot exist are a 404 like unknown ones. */
function productIdParam(c: AppContext): number {
  const id = parseProductId(pathParam(c, 'productId'));
  if (id === undefined) throw notFound(PRODUCT_NOT_FOUND_MESSAGE);
  return id;
}

function readProductIds(body: Record<string, unknown>): number[] {
  const problems = new FieldProblems({ productIds: 'Productos' });
  const raw = body.productIds;
  if (raw === undefined || raw === null) {
    problems.add('productIds', REQUIRED_FIELD_MESSAGE);
  } else if (!Array.isArray(raw)) {
    problems.add('productIds', 'Debe ser una lista de identificadores de producto.');
  } else if (raw.length > FAVORITES_MERGE_MAX_IDS) {
    problems.add('productIds', `Máximo ${FAVORITES_MERGE_MAX_IDS} productos por solicitud.`);
  } else if (!raw.every((id) => Number.isSafeInteger(id) && (id as number) >= 1 && (id as number) <= MAX_INT4)) {
    problems.add('productIds', 'Cada producto debe ser un número entero positivo.');
  }
  problems.assertNone();
  return [...new Set(raw as number[])];
}

/** Favourites (an addition to the spec): any signed-in user, for their own account only. */
export function registerFavoriteRoutes(api: Api, db: Kysely<Database>): void {
  // The country prices the products (`country_id`, `x-country`, Colombia); the session decides what is visible.
  const scopeOf = async (c: AppContext) => {
    const reader = new QueryReader(c.req.query());
    const scope = await requestScope(c, reader, db);
    reader.assertValid();
    return scope;
  };

  api.get('/favorites', { access: 'authenticated' }, async (c) => {
    const viewer = viewerOf(c);
    const scope = await scopeOf(c);
    return c.json<DataResponse<ProductDto[]>>({ data: await listFavorites(db, viewer.user.id, scope) });
  });

  api.put('/favorites/:productId', { access: 'authenticated' }, async (c) => {
    const viewer = viewerOf(c);
    const productId = productIdParam(c);
    const scope = await scopeOf(c);
    if (!(await addFavorite(db, viewer.user.id, productId, scope))) throw notFound(PRODUCT_NOT_FOUND_MESSAGE);
    return c.body(null, 204);
  });

  api.delete('/favorites/:productId', { access: 'authenticated' }, async (c) => {
    const viewer = viewerOf(c);
    await removeFavorite(db, viewer.user.id, productIdParam(c));
    return c.body(null, 204);
  });

  // The favourites a visitor collected on the device before logging in.
  api.post('/favorites/merge', { access: 'authenticated' }, async (c) => {
    const viewer = viewerOf(c);
    const scope = await scopeOf(c);
    const ids = readProductIds(await readJsonObject(c));
    await addFavorites(db, viewer.user.id, ids, scope);
    return c.json<DataResponse<ProductDto[]>>({ data: await listFavorites(db, viewer.user.id, scope) });
  });
}
