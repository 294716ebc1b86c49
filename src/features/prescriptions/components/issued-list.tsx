import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import { useState } from 'react';
import { useIdleAfterFirstPaint } from '../../../lib/use-idle-after-first-paint';
import { DataTable } from '../../../components/ui/data-table';
import { FailureAlert } from '../../../components/ui/failure-alert';
import { errorMessage } from '../../../lib/http';
import type { CountryCode } from '../../../lib/shared/countries';
import type { PrescriptionListDto, PrescriptionType } from '../../../lib/shared/prescriptions';
import { prescriptionQueries } from '../api';
import { StrategyDateLink } from '../../../components/ui/strategy-date-link';
import { PrescriptionStatusBadge } from '../../../components/ui/prescription-status-badge';
import { patientName } from '../../../lib/patient-name';

interface IssuedListProps {
  country: CountryCode;
  viewer: string;
  type: PrescriptionType;
}

/**
 * The professional's latest prescriptions or recommendations, each opening its detail under its patient. Closed below
 * the builder, it asks the server once the page is painted and idle, or when opened, not beside the first render, and
 * renders its rows only once opened: the builder's first render does not build a hidden table (whose dates made the
 * page's first date formatter, which loads ICU's data).
 */
export function IssuedList({ country, viewer, type }: IssuedListProps) {
  const idle = useIdleAfterFirstPaint();
  const [opened, setOpened] = useState(false);
  const list = useQuery({ ...prescriptionQueries.own(country, viewer, 1), enabled: idle || opened });
  return (
    <details
      className="card issued"
      onToggle={(event) => {
        if (event.currentTarget.open) setOpened(true);
      }}
    >
      <summary>
        {type === 'prescription' ? <Trans>Prescripciones emitidas</Trans> : <Trans>Recomendaciones emitidas</Trans>}
      </summary>
      {opened && <IssuedRows country={country} list={list} />}
    </details>
  );
}

/** The opened list: its rows, or why there are none. */
function IssuedRows({ country, list }: { country: CountryCode; list: UseQueryResult<PrescriptionListDto> }) {
  const { t, i18n } = useLingui();
  const rows = list.data?.data ?? [];
  return (
    <>
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
    </>
  );
}
