import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { errorMessage } from '../../../lib/http';
import type { CountryCode } from '../../../lib/shared/countries';
import type { PrescriptionType } from '../../../lib/shared/prescriptions';
import { prescriptionQueries } from '../api';
import { formatDate } from '../format';
import { STATUS_LABELS, STATUS_TONES } from '../labels';
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
      {list.isError && (
        <p className="alert" role="alert">
          {errorMessage(list.error)}
        </p>
      )}
      {list.isSuccess && rows.length === 0 && (
        <p className="empty-state">
          <Trans>Aún no has emitido ninguna.</Trans>
        </p>
      )}
      {rows.length > 0 && (
        <div className="table-wrap">
          <table className="table">
            <caption className="visually-hidden">{t`Emitidas recientemente`}</caption>
            <thead>
              <tr>
                <th scope="col">{t`Fecha`}</th>
                <th scope="col">{t`Paciente`}</th>
                <th scope="col">{t`Herramientas`}</th>
                <th scope="col">{t`Estado`}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.id}>
                  <th scope="row">
                    <Link to={`/${country}/mi-cuenta/mis-pacientes/${row.patient.id}/estrategias/${row.id}`}>
                      {formatDate(row.createdAt, country)}
                    </Link>
                  </th>
                  <td data-label={t`Paciente`}>{patientName(row.patient, i18n)}</td>
                  <td data-label={t`Herramientas`}>{row.toolCount}</td>
                  <td data-label={t`Estado`}>
                    <span className={`status status--${STATUS_TONES[row.status]}`}>
                      {i18n._(STATUS_LABELS[row.status])}
                    </span>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </details>
  );
}
