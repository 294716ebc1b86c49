import type { Kysely } from 'kysely';
import type { Role } from '../../../src/lib/shared/accounts';
import type { ProductDto } from '../../../src/lib/shared/api-types';
import {
  DEFAULT_CONTAINER_TYPE,
  DEFAULT_UNIT_SYMBOL,
  PATIENT_EXCLUDED_CATEGORY_IDS,
} from '../../../src/lib/shared/catalogue';
import { COUNTRY_NAMES_BY_ID } from '../../../src/lib/shared/countries';
import type { PrescriptionToolInputDto } from '../../../src/lib/shared/prescriptions';
import type { Database } from '../db/schema';
import { productRows, toProductDto, type CatalogueScope } from '../products/repo';

/** Product §3: true if no stock is tracked or the quantity is > 0. */
function hasStock(product: ProductDto): boolean {
  return !product.stock.tracked || (product.stock.quantity ?? 0) > 0;
}

/** Product §3 presentation text: container type (default 'Frasco') with quantity and unit symbol (default 'unidades'). */
export function presentationText(product: ProductDto): string {
  const presentation = product.presentations.find((candidate) => candidate.is_default) ?? product.presentations[0];
  if (!presentation) return DEFAULT_CONTAINER_TYPE;
  const container = presentation.container_type.name || DEFAULT_CONTAINER_TYPE;
  return `${container} x ${presentation.quantity} ${presentation.unit.symbol || DEFAULT_UNIT_SYMBOL}`;
}

const recommendationNeedsPrescriptionMessage = (name: string) =>
  `Como profesional de la salud solo puedes recomendar productos de venta libre: «${name}» requiere fórmula médica.`;

export interface ResolvedTool<T> {
  input: T;
  /** The product's name, also when it is no longer sold (`El producto 12` when it never existed). */
  name: string;
  /** As sold today in the country; null when it is not (then `problem` says why). */
  product: ProductDto | null;
  hasStock: boolean;
  problem: string | null;
}

/** Why an existing product cannot be prescribed (or bought) now, the first reason only; null when it can. */
function problemOf(
  name: string,
  found: ProductDto | undefined,
  sold: ProductDto | null,
  inStock: boolean,
  options: ResolveOptions & { countryName: string },
): string | null {
  if (!found) return `«${name}» ya no se vende.`;
  if (!sold) return `«${name}» no se vende en ${options.countryName}.`;
  if (options.prescriber === 'health_professional' && PATIENT_EXCLUDED_CATEGORY_IDS.includes(sold.category_id)) {
    return recommendationNeedsPrescriptionMessage(name);
  }
  if (!inStock && options.requireStock) return `«${name}» está agotado por ahora: elige otro producto.`;
  return null;
}

interface ResolveOptions {
  countryId: number;
  /** The viewer's discounts on the prices shown; null for none. */
  discountLevelId: number | null;
  /** Who prescribes with these tools: a health professional cannot recommend categories 4 and 5. */
  prescriber?: Role;
  /** Refuse a tool out of stock (a new prescription); a template or a record only reports it. */
  requireStock: boolean;
}

/**
 * The tools against today's catalogue in one country. The prescription itself authorises its products, so the
 * professional audience is used whoever looks (a patient sees the hormones prescribed to them); the first problem
 * of each tool, in Spanish, says why it cannot be prescribed or bought now.
 */
export async function resolveTools<T extends Pick<PrescriptionToolInputDto, 'productId'>>(
  db: Kysely<Database>,
  tools: readonly T[],
  options: ResolveOptions,
): Promise<ResolvedTool<T>[]> {
  const ids = [...new Set(tools.map((tool) => tool.productId))];
  if (ids.length === 0) return [];
  const scope: CatalogueScope = {
    countryId: options.countryId,
    audience: 'professional',
    discountLevelId: options.discountLevelId,
  };
  const [rows, names] = await Promise.all([
    productRows(db, scope).where('p.id', 'in', ids).execute(),
    db.selectFrom('products').select(['id', 'name']).where('id', 'in', ids).execute(),
  ]);
  const products = new Map(rows.map((row) => [row.id, toProductDto(row, scope)]));
  const nameOf = new Map(names.map((row) => [row.id, row.name]));
  const countryName = COUNTRY_NAMES_BY_ID[options.countryId] ?? '';

  return tools.map((input) => {
    const name = nameOf.get(input.productId);
    const found = products.get(input.productId);
    const product = found?.price ? found : null;
    const inStock = product ? hasStock(product) : false;
    const problem =
      name === undefined
        ? `El producto ${input.productId} no existe.`
        : problemOf(name, found, product, inStock, { ...options, countryName });
    return { input, name: name ?? `El producto ${input.productId}`, product, hasStock: inStock, problem };
  });
}
