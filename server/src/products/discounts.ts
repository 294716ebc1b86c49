import { sql, type Kysely } from 'kysely';
import { jsonArrayFrom } from 'kysely/helpers/postgres';
import type { DiscountListDto } from '../../../src/lib/shared/api-types';
import type { Database, UserRow } from '../db/schema';
import { isProfessional } from '../users/repo';

/**
 * The discount lists a user may read: admins all of them (inactive ones too); an approved professional the active
 * lists of their purchase level; anybody else none.
 */
export async function discountListsFor(
  db: Kysely<Database>,
  user: Pick<UserRow, 'role' | 'approval_status' | 'purchase_level_id'> | null,
): Promise<DiscountListDto[]> {
  if (!user) return [];
  const admin = user.role === 'admin';
  const level = isProfessional(user) && user.approval_status === 'approved' ? user.purchase_level_id : null;
  if (!admin && level === null) return [];
  let query = db
    .selectFrom('discount_lists as dl')
    .select((eb) => [
      'dl.id',
      'dl.name',
      'dl.purchase_level_id',
      'dl.active',
      jsonArrayFrom(
        eb
          .selectFrom('discount_list_items as di')
          .select([
            'di.id',
            'di.category_id',
            'di.product_id',
            sql<number>`di.discount_percent::float8`.as('discount_percent'),
          ])
          .whereRef('di.discount_list_id', '=', 'dl.id')
          // Category lines first, then product lines.
          .orderBy(sql`di.product_id is not null`)
          .orderBy('di.category_id')
          .orderBy('di.product_id'),
      ).as('items'),
    ])
    .orderBy('dl.purchase_level_id')
    .orderBy('dl.id');
  if (!admin && level !== null) query = query.where('dl.purchase_level_id', '=', level).where('dl.active', '=', true);
  const rows = await query.execute();
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    purchase_level_id: row.purchase_level_id,
    active: row.active,
    items: row.items.map((item) => ({
      id: item.id,
      category_id: item.category_id,
      product_id: item.product_id,
      discount_percent: Number(item.discount_percent),
    })),
  }));
}
