import { Trans } from '@lingui/react/macro';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { DataAge } from '../../../components/ui/data-age';
import { RetryAlert } from '../../../components/ui/retry-alert';
import { ApiError, errorMessage } from '../../../lib/http';
import { useOnline } from '../../../lib/use-online';

interface DetailStatesProps<T> {
  query: UseQueryResult<T>;
  invalidId: boolean;
  back: ReactNode;
  loading: ReactNode;
  children: (data: T) => ReactNode;
}

/**
 * Not found (a bad id, or one the viewer may not see: the server answers 404 alike), failed without a copy on the
 * device, loading, or the data, with a notice when the copy shown could not be refreshed (offline).
 */
export function DetailStates<T>({ query, invalidId, back, loading, children }: DetailStatesProps<T>) {
  const online = useOnline();
  if (invalidId || (query.error instanceof ApiError && [403, 404].includes(query.error.status ?? 0))) {
    return (
      <section className="stack" aria-labelledby="detail-missing-title">
        <h1 id="detail-missing-title">
          <Trans>No encontrada</Trans>
        </h1>
        <p>
          <Trans>No encontramos esta prescripción o recomendación entre las que puedes ver. Revisa el enlace.</Trans>
        </p>
        {back}
      </section>
    );
  }
  if (query.isError && query.data === undefined) {
    return (
      <section className="stack" aria-labelledby="detail-error-title">
        <h1 id="detail-error-title">
          <Trans>No pudimos cargarla</Trans>
        </h1>
        <RetryAlert
          message={errorMessage(query.error)}
          retrying={query.isFetching}
          onRetry={() => void query.refetch()}
        />
        {back}
      </section>
    );
  }
  if (query.data === undefined) {
    return (
      <p className="muted" role="status">
        {loading}
      </p>
    );
  }
  return (
    <>
      {(!online || query.isError) && <DataAge updatedAt={query.dataUpdatedAt} />}
      {query.isError && (
        <p className="alert" role="alert">
          <Trans>No pudimos actualizarla: {errorMessage(query.error)}</Trans>
        </p>
      )}
      {children(query.data)}
    </>
  );
}
