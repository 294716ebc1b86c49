import { sql, type Transaction } from 'kysely';
import type { Database } from '../db/schema';
import { Refusal } from '../refusal';
import { stockMessage } from './pricing';

/**
 * Takes the units of an order from stock inside its transaction. Each product is one conditional update (`quantity
 * >= n`), which on PostgreSQL locks the row until the commit, so two orders never sell the same unit; products are
 * taken in id order, so concurrent orders lock rows in the same order and cannot deadlock. Untracked products are
 * not limited. Answers how many units each product gave (0 when untracked); a short product is a 409.
 */
export async function reserveStock(
  trx: Transaction<Database>,
  needs: ReadonlyMap<number, { name: string; quantity: number }>,
): Promise<Map<number, number>> {
  const reserved = new Map<number, number>();
  for (const id of [...needs.keys()].sort((a, b) => a - b)) {
    const { name, quantity } = needs.get(id) as { name: string; quantity: number };
    const taken = await trx
      .updateTable('products')
      .set({
        stock_quantity: sql`case when stock_tracked then stock_quantity - ${quantity} else stock_quantity end`,
      })
      .where('id', '=', id)
      .where((eb) => eb.or([eb('stock_tracked', '=', false), eb('stock_quantity', '>=', quantity)]))
      .returning('stock_tracked')
      .executeTakeFirst();
    if (!taken) {
      const current = await trx.selectFrom('products').select('stock_quantity').where('id', '=', id).executeTakeFirst();
      throw new Refusal(409, stockMessage(name, current?.stock_quantity ?? 0));
    }
    reserved.set(id, taken.stock_tracked ? quantity : 0);
  }
  return reserved;
}

/** Gives an order's reserved units back (payment rejected, prescription rejected), in product id order. */
export async function releaseStock(trx: Transaction<Database>, orderId: number): Promise<void> {
  const lines = await trx
    .selectFrom('order_items')
    .select(['product_id', (eb) => eb.fn.sum<string | number>('stock_reserved').as('units')])
    .where('order_id', '=', orderId)
    .where('stock_reserved', '>', 0)
    .groupBy('product_id')
    .orderBy('product_id')
    .execute();
  for (const line of lines) {
    await trx
      .updateTable('products')
      .set({ stock_quantity: sql`stock_quantity + ${Number(line.units)}` })
      .where('id', '=', line.product_id)
      .where('stock_tracked', '=', true)
      .execute();
  }
}
