import type { Kysely } from 'kysely';
import type { PointProductRedemptionDto, PointsRedemptionRecordDto } from '../../../src/lib/shared/points';
import type { Database } from '../db/schema';
import { itemRows, toPointProductDto } from './catalogue';

function redemptions(db: Kysely<Database>, userId: number, kind: 'event' | 'combo' | 'product') {
  return db
    .selectFrom('points_redemptions')
    .select([
      'points_redemptions.id',
      'points_redemptions.item_id',
      'points_redemptions.quantity',
      'points_redemptions.spent_points',
      'points_redemptions.created_at',
    ])
    .where('points_redemptions.user_id', '=', userId)
    .where('points_redemptions.kind', '=', kind)
    .orderBy('points_redemptions.created_at', 'desc')
    .orderBy('points_redemptions.id', 'desc');
}

/** Product §3 redemption records: the events joined or the combos bought, newest first. */
export async function redemptionRecords(
  db: Kysely<Database>,
  userId: number,
  kind: 'event' | 'combo',
): Promise<PointsRedemptionRecordDto[]> {
  const rows = await redemptions(db, userId, kind)
    .innerJoin('points_items', 'points_items.id', 'points_redemptions.item_id')
    .select('points_items.name')
    .execute();
  return rows.map((row) => ({
    id: row.id,
    itemId: row.item_id,
    name: row.name,
    spentPoints: row.spent_points,
    createdAt: row.created_at.toISOString(),
  }));
}

/** Product §3 product redemptions, newest first, each with its point product (also when removed since). */
export async function productRedemptions(db: Kysely<Database>, userId: number): Promise<PointProductRedemptionDto[]> {
  const rows = await redemptions(db, userId, 'product').execute();
  if (rows.length === 0) return [];
  const products = await itemRows(db, 'product')
    .where(
      'points_items.id',
      'in',
      rows.map((row) => row.item_id),
    )
    .execute();
  const byId = new Map(products.map((product) => [product.id, toPointProductDto(product)]));
  return rows.flatMap((row) => {
    const product = byId.get(row.item_id);
    return product
      ? [
          {
            id: row.id,
            productId: row.item_id,
            quantity: row.quantity,
            spentPoints: row.spent_points,
            createdAt: row.created_at.toISOString(),
            product,
          },
        ]
      : [];
  });
}
