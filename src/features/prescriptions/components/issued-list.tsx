import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { DataTable } from '../../../components/ui/data-table';
import { FailureAlert } from '../../../components/ui/failure-alert';
import { errorMessage } from '../../../lib/http';
import type { CountryCode } from '../../../lib/shared/countries';
import type { PrescriptionType } from '../../../lib/shared/prescriptions';
import { prescriptionQueries } from '../api';
import { formatDate } from '../../../lib/prescription-format';
import { StatusBadge } from './status-badge';
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
                cell: (row) => (
                  <Link to={`/${country}/mi-cuenta/mis-pacientes/${row.patient.id}/estrategias/${row.id}`}>
                    {formatDate(row.createdAt, country)}
                  </Link>
                ),
              },
              { label: t`Paciente`, cell: (row) => patientName(row.patient, i18n) },
              { label: t`Herramientas`, cell: (row) => row.toolCount },
              { label: t`Estado`, cell: (row) => <StatusBadge status={row.status} /> },
            ]}
          />
        </div>
      )}
    </details>
  );
}
