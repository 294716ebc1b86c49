import { errorMessage } from '../../lib/http';
import { useOnline } from '../../lib/use-online';
import { DataAge } from './data-age';
import { RetryAlert } from './retry-alert';

interface KeptCopyNoticesProps {
  /** The query whose answer is shown (the fields read here). */
  query: {
    data: unknown;
    dataUpdatedAt: number;
    isError: boolean;
    error: unknown;
    isFetching: boolean;
    refetch: () => Promise<unknown>;
  };
  /** What the failure says when a copy kept on the device stays on screen ('No pudimos actualizar…: {failure}'). */
  refreshFailed: (failure: string) => string;
}

/**
 * Above data that may be a copy kept on the device: its age while offline or failing, and a failed load with a way
 * to try again, which says the copy is still shown when there is one.
 */
export function KeptCopyNotices({ query, refreshFailed }: KeptCopyNoticesProps) {
  const online = useOnline();
  const kept = query.data !== undefined;
  const failure = errorMessage(query.error);
  return (
    <>
      {kept && (!online || query.isError) && <DataAge updatedAt={query.dataUpdatedAt} />}
      {query.isError && (
        <RetryAlert
          message={kept ? refreshFailed(failure) : failure}
          retrying={query.isFetching}
          onRetry={() => void query.refetch()}
        />
      )}
    </>
  );
}
