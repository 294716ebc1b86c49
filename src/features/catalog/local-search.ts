import type { ProductDto } from '../../lib/shared/api-types';
import { normalizeSearchText } from '../../lib/shared/text';
import type { ProductFilters } from './api';

interface SearchKeys {
  /** Name, tag and category without accents or case: a keystroke is then substring tests. */
  text: string;
  /** The name the same way: sorting compares plain strings, like the server's `search_text` order. */
  name: string;
}

/** Computed once per product of the cached catalogue, not once per keystroke. */
const searchKeys = new WeakMap<ProductDto, SearchKeys>();

function keysOf(product: ProductDto): SearchKeys {
  let keys = searchKeys.get(product);
  if (keys === undefined) {
    keys = {
      text: normalizeSearchText(`${product.name} ${product.tag} ${product.category.name}`),
      name: normalizeSearchText(product.name),
    };
    searchKeys.set(product, keys);
  }
  return keys;
}

/**
 * The catalogue's filters answered on the device, from the whole catalogue cached while online: the same rules as
 * the server (every word must appear, accents and case ignored; products without a price in the country left out).
 */
export function searchLocally(products: readonly ProductDto[], filters: ProductFilters): ProductDto[] {
  const words = filters.search ? normalizeSearchText(filters.search).split(' ').filter(Boolean) : [];
  const matches = products.filter(
    (product) =>
      product.price !== null &&
      (filters.categoryId === undefined || product.category_id === filters.categoryId) &&
      (filters.pharmaceuticalFormId === undefined ||
        product.pharmaceutical_form?.id === filters.pharmaceuticalFormId) &&
      words.every((word) => keysOf(product).text.includes(word)),
  );
  const direction = filters.order === 'desc' ? -1 : 1;
  const byName = (a: ProductDto, b: ProductDto) => {
    const left = keysOf(a).name;
    const right = keysOf(b).name;
    return left < right ? -1 : left > right ? 1 : 0;
  };
  const compare =
    filters.orderBy === 'price'
      ? (a: ProductDto, b: ProductDto) => ((a.price?.amount ?? 0) - (b.price?.amount ?? 0)) * direction || byName(a, b)
      : filters.orderBy === 'created_at'
        ? (a: ProductDto, b: ProductDto) => (a.id - b.id) * direction
        : (a: ProductDto, b: ProductDto) => byName(a, b) * direction;
  return matches.sort(compare);
}
