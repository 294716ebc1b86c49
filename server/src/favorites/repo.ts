import { sql, type Kysely } from 'kysely';
import type { ProductDto } from '../../../src/lib/shared/api-types';
import type { Database } from '../db/schema';
import { productRows, toProductDto, type CatalogueScope } from '../products/repo';

/**
 * The user's favourites the scope may see, newest first, in one statement. Products without a price in the country
 * are listed with `price: null`; inactive products and categories the viewer may not see (a professional who lost
 * the approval) are left out but kept.
 */
export async function listFavorites(
  db: Kysely<Database>,
  userId: number,
  scope: CatalogueScope,
): Promise<ProductDto[]> {
  const rows = await productRows(db, scope)
    .innerJoin('favorites as fav', 'fav.product_id', 'p.id')
    .where('fav.user_id', '=', userId)
    .orderBy('fav.created_at', 'desc')
    .orderBy('p.id', 'desc')
    .execute();
  return rows.map((row) => toProductDto(row, scope));
}

/** The ids among `ids` of active products the scope may see. */
function visibleProductIds(db: Kysely<Database>, ids: readonly number[], scope: CatalogueScope) {
  let query = db
    .selectFrom('products as p')
    .innerJoin('categories as c', 'c.id', 'p.category_id')
    .where('p.id', 'in', ids)
    .where('p.active', '=', true);
  if (scope.audience === 'general') query = query.where('c.patient_visible', '=', true);
  return query;
}

/** Adds one favourite; false when the product does not exist for this viewer. Idempotent. */
export async function addFavorite(
  db: Kysely<Database>,
  userId: number,
  productId: number,
  scope: CatalogueScope,
): Promise<boolean> {
  const added = await addFavorites(db, userId, [productId], scope);
  if (added > 0) return true;
  // Nothing inserted: already a favourite, or not a product this viewer may see.
  const visible = await visibleProductIds(db, [productId], scope).select('p.id').executeTakeFirst();
  return visible !== undefined;
}

/**
 * Adds the products among `ids` the viewer may see in one statement (unknown, inactive and hidden ones are skipped);
 * answers how many were new.
 */
export async function addFavorites(
  db: Kysely<Database>,
  userId: number,
  ids: readonly number[],
  scope: CatalogueScope,
): Promise<number> {
  if (ids.length === 0) return 0;
  const result = await db
    .insertInto('favorites')
    .columns(['user_id', 'product_id'])
    .expression(visibleProductIds(db, ids, scope).select([sql<number>`${userId}::integer`.as('user_id'), 'p.id']))
    .onConflict((conflict) => conflict.columns(['user_id', 'product_id']).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0);
}

export async function removeFavorite(db: Kysely<Database>, userId: number, productId: number): Promise<void> {
  await db.deleteFrom('favorites').where('user_id', '=', userId).where('product_id', '=', productId).execute();
}
