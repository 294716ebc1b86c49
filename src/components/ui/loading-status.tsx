import type { ReactNode } from 'react';

/** 'Cargando pedidos…', announced while the first answer is on its way. */
export function LoadingStatus({ children }: { children: ReactNode }) {
  return (
    <p className="muted" role="status">
      {children}
    </p>
  );
}
