import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { DataTable } from '../../../components/ui/data-table';
import { FailureAlert } from '../../../components/ui/failure-alert';
import { errorMessage } from '../../../lib/http';
import type { CountryCode } from '../../../lib/shared/countries';
import type { PrescriptionType } from '../../../lib/shared/prescriptions';
import { prescriptionQueries } from '../api';
import { StrategyDateLink } from '../../../components/ui/strategy-date-link';
import { PrescriptionStatusBadge } from '../../../components/ui/prescription-status-badge';
import { patientName } from '../../../lib/patient-name';

interface IssuedListProps {
  country: CountryCode;
  viewer: string;
  type: PrescriptionType;
}

/** The professional's latest prescriptions or recommendations, each opening its detail under its patient. */
export function IssuedList({ country, viewer, type }: IssuedListProps) {
  const { t, i18n } = useLingui();
  const list = useQuery(prescriptionQueries.own(country, viewer, 1));
  const rows = list.data?.data ?? [];
  return (
    <details className="card issued">
      <summary>
        {type === 'prescription' ? <Trans>Prescripciones emitidas</Trans> : <Trans>Recomendaciones emitidas</Trans>}
      </summary>
      <FailureAlert message={list.isError ? errorMessage(list.error) : null} />
      {list.isSuccess && rows.length === 0 && (
        <p className="empty-state">
          <Trans>Aún no has emitido ninguna.</Trans>
        </p>
      )}
      {rows.length > 0 && (
        <div className="table-wrap">
          <DataTable
            caption={t`Emitidas recientemente`}
            rows={rows}
            rowKey={(row) => row.id}
            columns={[
              {
                label: t`Fecha`,
                rowHeader: true,
                cell: (row) => <StrategyDateLink country={country} patientId={row.patient.id} strategy={row} />,
              },
              { label: t`Paciente`, cell: (row) => patientName(row.patient, i18n) },
              { label: t`Herramientas`, cell: (row) => row.toolCount },
              { label: t`Estado`, cell: (row) => <PrescriptionStatusBadge status={row.status} /> },
            ]}
          />
        </div>
      )}
    </details>
  );
}
