import type { Kysely } from 'kysely';
import type { Database } from '../schema';
import { products } from './catalogue-data';
import { insertProducts, refreshPlannerStatistics, type ProductToInsert } from './seed';

export const BENCH_SLUG_PREFIX = 'bench-';

/**
 * Derives `count` extra products from the catalogue (same categories, prices around the original, the same
 * drawing) so benchmarks measure a realistic 5,000-product store. Deterministic for a given count.
 */
export function generateBenchProducts(count: number): ProductToInsert[] {
  return Array.from({ length: count }, (_, index) => {
    const source = products[index % products.length];
    if (!source) throw new Error('El catálogo base está vacío');
    const variant = Math.floor(index / products.length) + 1;
    const factor = 0.85 + ((index * 37) % 31) / 100;
    return {
      ...source,
      slug: `${BENCH_SLUG_PREFIX}${source.slug}-${variant}`,
      name: `${source.name} · fórmula ${variant}`,
      serialNumber: `BENCH-${String(index + 1).padStart(6, '0')}`,
      featured: false,
      stock: source.stock === null ? null : (index * 13) % 120,
      prices: {
        co: Math.round((source.prices.co * factor) / 100) * 100,
        mx: Math.round(source.prices.mx * factor),
        pe: Math.round(source.prices.pe * factor),
      },
      imageSlug: source.slug,
    };
  });
}

/** Adds bench products until the store holds `target` of them; running it twice adds nothing. */
export async function seedBenchProducts(db: Kysely<Database>, target: number): Promise<number> {
  const existing = await db
    .selectFrom('products')
    .select(db.fn.countAll<string | number>().as('count'))
    .where('slug', 'like', `${BENCH_SLUG_PREFIX}%`)
    .executeTakeFirst();
  const have = Number(existing?.count ?? 0);
  if (have >= target) return 0;
  const missing = generateBenchProducts(target).slice(have);
  await db.transaction().execute((trx) => insertProducts(trx, missing));
  await refreshPlannerStatistics(db);
  return missing.length;
}
