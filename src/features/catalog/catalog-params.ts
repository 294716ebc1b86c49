import type { ProductSortField } from '../../lib/shared/catalogue';
import type { ProductFilters } from './api';

export const SORT_OPTIONS = ['name-asc', 'name-desc', 'price-asc', 'price-desc', 'created_at-desc'] as const;
export type SortOption = (typeof SORT_OPTIONS)[number];

function positiveInteger(value: string | null): number | undefined {
  if (value === null || !/^\d{1,9}$/.test(value)) return undefined;
  const number = Number(value);
  return number > 0 ? number : undefined;
}

/**
 * The catalogue's filters live in the URL (`categoria`, `forma`, `buscar`, `orden`) so a filtered list can be shared
 * and the back button works. Values that are not valid are ignored, never sent to the server.
 */
export function filtersFromParams(params: URLSearchParams): ProductFilters & { sort: SortOption } {
  const sort = (SORT_OPTIONS as readonly string[]).includes(params.get('orden') ?? '')
    ? (params.get('orden') as SortOption)
    : 'name-asc';
  const [orderBy, order] = sort.split('-') as [ProductSortField, 'asc' | 'desc'];
  const search = params.get('buscar')?.trim().slice(0, 100) || undefined;
  const categoryId = positiveInteger(params.get('categoria'));
  const pharmaceuticalFormId = positiveInteger(params.get('forma'));
  return {
    sort,
    orderBy,
    order,
    ...(search ? { search } : {}),
    ...(categoryId ? { categoryId } : {}),
    ...(pharmaceuticalFormId ? { pharmaceuticalFormId } : {}),
  };
}
