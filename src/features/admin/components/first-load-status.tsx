import type { ComponentProps, ReactNode } from 'react';
import { QueryStatus } from '../../../components/ui/query-status';

interface FirstLoadStatusProps {
  /** A TanStack Query result (the fields read here). */
  query: ComponentProps<typeof QueryStatus>['query'] & { data: unknown };
  loading: ReactNode;
}

/**
 * What a settings page shows until its first answer: the loading line, or the failure with a way to try again.
 * Unlike `QueryStatus` alone it stays silent once there is data: a failed background refetch must not push an alert
 * above a form the admin is filling in.
 */
export function FirstLoadStatus({ query, loading }: FirstLoadStatusProps) {
  return query.data ? null : <QueryStatus query={query} loading={loading} />;
}
