import type { ProductDto } from '../../lib/shared/api-types';
import { DEFAULT_CONTAINER_TYPE, DEFAULT_UNIT_SYMBOL } from '../../lib/shared/catalogue';

/** Product §3: container type (default 'Frasco') with quantity and unit symbol (default 'unidades'). */
export function presentationText(product: Pick<ProductDto, 'presentations'>): string | null {
  const presentation = product.presentations.find((item) => item.is_default) ?? product.presentations[0];
  if (!presentation) return null;
  const container = presentation.container_type.name.trim() || DEFAULT_CONTAINER_TYPE;
  const unit = presentation.unit.symbol.trim() || DEFAULT_UNIT_SYMBOL;
  return `${container} x ${presentation.quantity} ${unit}`;
}

/** Product §3: true when stock is not tracked or its quantity is above zero. */
export function hasStock(product: Pick<ProductDto, 'stock'>): boolean {
  return !product.stock.tracked || product.stock.quantity === null || product.stock.quantity > 0;
}
