import type { ComboDto, EventDto, PointProductDto, PointsCountryDto } from '../../lib/shared/points';
import type { CatalogueItem, PointsItemKind } from './api';

/**
 * Events, combos and point products in one shape: the wire names differ by kind (product §3: `image` and
 * `requiredPoints` for events and combos, `imageUrl` and `priceInPoints` for products), the screens do not.
 */
export interface PointsItem {
  kind: PointsItemKind;
  id: number;
  name: string;
  description: string;
  image: string | null;
  points: number;
  isActive: boolean;
  deletedAt: string | null;
  countries: PointsCountryDto[];
  /** Events only. */
  startDate: string | null;
  endDate: string | null;
}

export function toPointsItem<K extends PointsItemKind>(kind: K, dto: CatalogueItem<K>): PointsItem {
  if (kind === 'product') {
    const product = dto as PointProductDto;
    return {
      kind,
      id: product.id,
      name: product.name,
      description: product.description,
      image: product.imageUrl,
      points: product.priceInPoints,
      isActive: product.isActive,
      deletedAt: product.deletedAt,
      countries: product.countries ?? [],
      startDate: null,
      endDate: null,
    };
  }
  const combo = dto as ComboDto | EventDto;
  return {
    kind,
    id: combo.id,
    name: combo.name,
    description: combo.description,
    image: combo.image,
    points: combo.requiredPoints,
    isActive: combo.isActive,
    deletedAt: null,
    countries: combo.countries ?? [],
    startDate: 'startDate' in combo ? combo.startDate : null,
    endDate: 'endDate' in combo ? combo.endDate : null,
  };
}
