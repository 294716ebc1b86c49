import { Trans, useLingui } from '@lingui/react/macro';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState, type FormEvent, type ReactNode } from 'react';
import { DataAge } from '../../../components/ui/data-age';
import { DataTable } from '../../../components/ui/data-table';
import { QueryStatus } from '../../../components/ui/query-status';
import type { CountryCode } from '../../../lib/shared/countries';
import type { StrategyDto } from '../../../lib/shared/prescriptions';
import { StrategyDateLink } from '../../../components/ui/strategy-date-link';
import { PRESCRIPTION_TYPE_LABELS } from '../../../lib/shared/prescription-labels';
import { PrescriptionStatusBadge } from '../../../components/ui/prescription-status-badge';
import { patientQueries, type DateRange } from '../api';
import { TitledSection } from '../../../components/ui/titled-section';

interface PatientStrategiesProps {
  country: CountryCode;
  viewer: string;
  patientId: number;
}

const NO_RANGE: DateRange = { from: '', to: '' };

/**
 * Product §2: the patient's strategies, the professional's own apart from those by other professionals (read-only),
 * with a search by date and a table of date, type, category and status.
 */
export function PatientStrategies({ country, viewer, patientId }: PatientStrategiesProps) {
  const { t } = useLingui();
  const [typed, setTyped] = useState<DateRange>(NO_RANGE);
  const [range, setRange] = useState<DateRange>(NO_RANGE);
  const query = useQuery({
    ...patientQueries.strategies(country, viewer, patientId, range),
    placeholderData: keepPreviousData,
  });
  const inverted = typed.from !== '' && typed.to !== '' && typed.from > typed.to;

  const dateField = (end: keyof DateRange, label: ReactNode, invalid?: boolean) => (
    <div className="field">
      <label className="field__label" htmlFor={`strategies-${end}`}>
        {label}
      </label>
      <input
        id={`strategies-${end}`}
        type="date"
        className="input"
        value={typed[end]}
        aria-invalid={invalid}
        onChange={(event) => setTyped((previous) => ({ ...previous, [end]: event.target.value }))}
      />
    </div>
  );

  function search(event: FormEvent) {
    event.preventDefault();
    if (!inverted) setRange(typed);
  }

  return (
    <TitledSection
      id="strategies-title"
      title={<Trans>Estrategias terapéuticas</Trans>}
      className="card stack strategies"
    >
      <form className="strategies__search" onSubmit={search} aria-label={t`Buscar estrategias por fecha`}>
        {dateField('from', <Trans>Desde</Trans>)}
        {dateField('to', <Trans>Hasta</Trans>, inverted)}
        <button type="submit" className="button button--secondary" disabled={inverted}>
          <Trans>Buscar por fecha</Trans>
        </button>
        {(range.from || range.to) && (
          <button
            type="button"
            className="button button--ghost"
            onClick={() => {
              setTyped(NO_RANGE);
              setRange(NO_RANGE);
            }}
          >
            <Trans>Ver todas</Trans>
          </button>
        )}
      </form>
      {inverted && (
        <p className="field__error" role="alert">
          <Trans>La fecha inicial debe ser anterior a la final.</Trans>
        </p>
      )}
      <QueryStatus query={query} loading={<Trans>Cargando estrategias…</Trans>} />
      {query.isError && query.data && <DataAge updatedAt={query.dataUpdatedAt} />}
      {query.data && (
        <>
          <StrategyTable
            title={t`Mis estrategias`}
            empty={t`No has creado estrategias para este paciente en estas fechas.`}
            rows={query.data.own}
            country={country}
            patientId={patientId}
          />
          <StrategyTable
            title={t`De otros profesionales`}
            note={t`Solo lectura: las creó otro profesional que atiende a este paciente.`}
            empty={t`Ningún otro profesional le ha creado estrategias en estas fechas.`}
            rows={query.data.others}
            country={country}
            patientId={patientId}
          />
        </>
      )}
    </TitledSection>
  );
}

interface StrategyTableProps {
  title: string;
  note?: string;
  empty: string;
  rows: StrategyDto[];
  country: CountryCode;
  patientId: number;
}

function StrategyTable({ title, note, empty, rows, country, patientId }: StrategyTableProps) {
  const { t, i18n } = useLingui();
  return (
    <div className="stack strategies__group">
      <h3>{title}</h3>
      {note && <p className="muted">{note}</p>}
      {rows.length === 0 ? (
        <p className="empty-state">{empty}</p>
      ) : (
        <div className="table-wrap">
          <DataTable
            caption={title}
            rows={rows}
            rowKey={(row) => row.id}
            columns={[
              {
                label: t`Fecha`,
                rowHeader: true,
                cell: (row) => <StrategyDateLink country={country} patientId={patientId} strategy={row} />,
              },
              { label: t`Tipo`, cell: (row) => i18n._(PRESCRIPTION_TYPE_LABELS[row.type]) },
              { label: t`Categoría`, cell: (row) => row.categories.map((category) => category.name).join(', ') || '—' },
              {
                label: t`Estado`,
                cell: (row) => <PrescriptionStatusBadge status={row.status} />,
              },
              { label: t`Profesional`, cell: (row) => row.author.display_name },
            ]}
          />
        </div>
      )}
    </div>
  );
}
