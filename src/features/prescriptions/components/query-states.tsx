import { Trans } from '@lingui/react/macro';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { DataAge } from '../../../components/ui/data-age';
import { DetailStates, isUnseenRecord } from '../../../components/ui/detail-states';
import { errorMessage } from '../../../lib/http';
import { useOnline } from '../../../lib/use-online';

interface PrescriptionStatesProps<T> {
  query: UseQueryResult<T>;
  invalidId: boolean;
  back: ReactNode;
  children: (data: T) => ReactNode;
}

/**
 * One prescription or recommendation: not found (a bad id, or one the viewer may not see), failed without a copy on
 * the device, loading, or the data, with a notice when the copy shown could not be refreshed (offline).
 */
export function PrescriptionStates<T>({ query, invalidId, back, children }: PrescriptionStatesProps<T>) {
  const online = useOnline();
  return (
    <DetailStates
      query={query}
      missing={invalidId || isUnseenRecord(query.error)}
      idPrefix="detail"
      missingTitle={<Trans>No encontrada</Trans>}
      missingText={
        <Trans>No encontramos esta prescripción o recomendación entre las que puedes ver. Revisa el enlace.</Trans>
      }
      errorTitle={<Trans>No pudimos cargarla</Trans>}
      loading={<Trans>Cargando…</Trans>}
      back={back}
    >
      {(data) => (
        <>
          {(!online || query.isError) && <DataAge updatedAt={query.dataUpdatedAt} />}
          {query.isError && (
            <p className="alert" role="alert">
              <Trans>No pudimos actualizarla: {errorMessage(query.error)}</Trans>
            </p>
          )}
          {children(data)}
        </>
      )}
    </DetailStates>
  );
}
