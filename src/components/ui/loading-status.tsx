import { Trans } from '@lingui/react/macro';
import type { ReactNode } from 'react';

/** 'Cargando pedidos…', announced while the first answer is on its way; 'Cargando…' when nothing more is to be said. */
export function LoadingStatus({ children }: { children?: ReactNode }) {
  return (
    <p className="muted" role="status">
      {children ?? <Trans>Cargando…</Trans>}
    </p>
  );
}
