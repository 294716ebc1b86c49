import type { Kysely } from 'kysely';
import type { PointsHistoryProductDto, PointsProductLineDto } from '../../../src/lib/shared/points';
import type { Database } from '../db/schema';
import { Refusal } from '../refusal';
import { countryName } from './config';

/** A line of catalogue products (the store's products, not point products) as priced in one country. */
interface PricedLine extends PointsHistoryProductDto {
  /** The country's unit price, in the country's money unit. */
  unitPrice: number;
  /** The product's price in points when it can be taken with points (`products.points_price`), else null. */
  unitPoints: number | null;
}

/**
 * The catalogue products of `lines` sold in the country, in the order given. An unknown or inactive product is a 404,
 * one without a price in the country (not sold there) a 422.
 */
export async function pricedLines(
  db: Kysely<Database>,
  lines: readonly PointsProductLineDto[],
  countryId: number,
): Promise<PricedLine[]> {
  if (lines.length === 0) return [];
  const rows = await db
    .selectFrom('products as p')
    .leftJoin('product_prices as pr', (join) =>
      join.onRef('pr.product_id', '=', 'p.id').on('pr.country_id', '=', countryId),
    )
    .where(
      'p.id',
      'in',
      lines.map((line) => line.productId),
    )
    .where('p.active', '=', true)
    .select((eb) => [
      'p.id',
      'p.name',
      'p.points_price',
      'pr.amount',
      eb
        .selectFrom('product_images as pi')
        .whereRef('pi.product_id', '=', 'p.id')
        .select('pi.url')
        .orderBy('pi.position')
        .orderBy('pi.id')
        .limit(1)
        .as('image_url'),
    ])
    .execute();
  const byId = new Map(rows.map((row) => [row.id, row]));
  return lines.map((line) => {
    const row = byId.get(line.productId);
    if (!row) throw new Refusal(404, `No existe el producto ${line.productId}.`);
    if (row.amount === null) {
      throw new Refusal(422, `El producto ${row.name} no está disponible en ${countryName(countryId)}.`);
    }
    return {
      productId: row.id,
      quantity: line.quantity,
      name: row.name,
      imageUrl: row.image_url,
      unitPrice: row.amount,
      unitPoints: row.points_price,
    };
  });
}

/** What history entries keep of a priced line. */
export function historyProduct({
  productId,
  quantity,
  name,
  imageUrl,
}: PointsHistoryProductDto): PointsHistoryProductDto {
  return { productId, quantity, name, imageUrl };
}
