import type { ReactNode } from 'react';
import { LoadingStatus } from '../../../components/ui/loading-status';
import { pointsFailure, type PointsStoreError } from '../points-messages';
import { PointsAlert } from './points-alert';

interface PointsQueryStatusProps {
  /** A points query (the fields read here). */
  query: { isPending: boolean; isError: boolean; error: unknown; isFetching: boolean; refetch: () => Promise<unknown> };
  /** What the store says when the server's answer names no reason. */
  failure: PointsStoreError;
  /** What is loading ('Cargando saldo…'). */
  loading: ReactNode;
}

/** A points screen's part before its data: loading, or the failure in the points' words with a retry. */
export function PointsQueryStatus({ query, failure, loading }: PointsQueryStatusProps) {
  if (query.isPending) return <LoadingStatus>{loading}</LoadingStatus>;
  if (!query.isError) return null;
  return (
    <PointsAlert
      failure={pointsFailure(query.error, failure)}
      retrying={query.isFetching}
      onRetry={() => void query.refetch()}
    />
  );
}
