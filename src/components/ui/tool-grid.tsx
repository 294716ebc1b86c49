import { Trans } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import type { ProductDto } from '../../lib/shared/api-types';

interface ToolGridProps {
  /** The list's accessible name. */
  label: string;
  products: readonly ProductDto[];
  /** The tool search's query (the fields read here). */
  list: {
    data: unknown;
    hasNextPage: boolean;
    isFetchingNextPage: boolean;
    fetchNextPage: () => Promise<unknown>;
  };
  /** Said when the filters leave nothing. */
  empty: ReactNode;
  children: (product: ProductDto) => ReactNode;
}

/** The tools a search found, as cards, with 'Cargar más' while the server has more (`ToolFilters` above it). */
export function ToolGrid({ label, products, list, empty, children }: ToolGridProps) {
  return (
    <>
      {list.data !== undefined && products.length === 0 && <p className="empty-state">{empty}</p>}
      <ul className="plain-list tool-grid" aria-label={label}>
        {products.map((product) => (
          <li key={product.id}>{children(product)}</li>
        ))}
      </ul>
      {list.hasNextPage && (
        <button
          type="button"
          className="button button--secondary"
          disabled={list.isFetchingNextPage}
          onClick={() => void list.fetchNextPage()}
        >
          {list.isFetchingNextPage ? <Trans>Cargando…</Trans> : <Trans>Cargar más</Trans>}
        </button>
      )}
    </>
  );
}
