import { Trans } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { errorMessage } from '../../lib/http';
import { RetryAlert } from './retry-alert';

interface QueryStatusProps {
  /** A TanStack Query result (the fields read here). */
  query: { isPending: boolean; isError: boolean; error: unknown; isFetching: boolean; refetch: () => Promise<unknown> };
  /** What is loading, when more telling than 'Cargando…'. */
  loading?: ReactNode;
}

/**
 * What a list shows before its data: 'Cargando…' announced while the first answer is on its way, or the failure with
 * a way to try again. Nothing once there is data; the page shows it (and its empty state) itself.
 */
export function QueryStatus({ query, loading }: QueryStatusProps) {
  if (query.isPending) {
    return (
      <p className="muted" role="status">
        {loading ?? <Trans>Cargando…</Trans>}
      </p>
    );
  }
  if (query.isError) {
    return (
      <RetryAlert
        message={errorMessage(query.error)}
        retrying={query.isFetching}
        onRetry={() => void query.refetch()}
      />
    );
  }
  return null;
}
