import { plural } from '@lingui/core/macro';

/** 'Solo quedan N unidades' ('Solo queda 1 unidad'): why a quantity stopped where it did. */
export function StockLimit({ units }: { units: number }) {
  return (
    <p className="stock-limit" role="status">
      {plural(units, { one: 'Solo queda # unidad', other: 'Solo quedan # unidades' })}
    </p>
  );
}
