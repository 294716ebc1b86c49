import type { ReactNode } from 'react';
import { ApiError, errorMessage } from '../../lib/http';
import { RetryAlert } from './retry-alert';

interface DetailStatesProps<T> {
  /** The one record's query (the fields read here). */
  query: {
    data: T | undefined;
    isError: boolean;
    error: unknown;
    isFetching: boolean;
    refetch: () => Promise<unknown>;
  };
  /** A bad id, or an answer that says the viewer may not see the record; the caller knows which statuses mean it. */
  missing: boolean;
  /** Prefix of the headings' ids (`order` gives `order-missing-title` and `order-error-title`). */
  idPrefix: string;
  missingTitle: ReactNode;
  missingText: ReactNode;
  errorTitle: ReactNode;
  /** What is loading ('Cargando pedido…'). */
  loading: ReactNode;
  /** The way back to the list, under the missing and failed states. */
  back: ReactNode;
  /** The record; the page says itself whether the copy shown could be refreshed. */
  children: (data: T) => ReactNode;
}

/**
 * A detail page before its record: not found, failed without a copy on the device (with a way to try again), or
 * loading; then the record. The words are the caller's, so each feature's stay in its own catalogue.
 */
export function DetailStates<T>({
  query,
  missing,
  idPrefix,
  missingTitle,
  missingText,
  errorTitle,
  loading,
  back,
  children,
}: DetailStatesProps<T>) {
  if (missing) {
    return (
      <section className="stack" aria-labelledby={`${idPrefix}-missing-title`}>
        <h1 id={`${idPrefix}-missing-title`}>{missingTitle}</h1>
        <p>{missingText}</p>
        {back}
      </section>
    );
  }
  if (query.isError && query.data === undefined) {
    return (
      <section className="stack" aria-labelledby={`${idPrefix}-error-title`}>
        <h1 id={`${idPrefix}-error-title`}>{errorTitle}</h1>
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
  return children(query.data);
}

/** The server answers 404, or 403, alike for a record that does not exist and for one the viewer may not see. */
export function isUnseenRecord(error: unknown): boolean {
  return error instanceof ApiError && [403, 404].includes(error.status ?? 0);
}
