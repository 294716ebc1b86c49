import { Trans, useLingui } from '@lingui/react/macro';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { LinkPager } from '../../../components/ui/link-pager';
import { QueryStatus } from '../../../components/ui/query-status';
import { formatCountryDate } from '../../../lib/dates';
import { errorMessage } from '../../../lib/http';
import {
  MEDICAL_REQUEST_STATUSES,
  type MedicalRequestStatus,
  type MedicalRequestTopic,
} from '../../../lib/shared/prescriptions';
import { useCountry } from '../../../lib/use-country';
import { usePageHref } from '../../../lib/use-page-href';
import { medicalRequestQueries, useSetMedicalRequestStatus } from '../api';
import { FilterDisclosure } from '../../../components/ui/filter-disclosure';
import { AdminPage } from './admin-page';
import { DataTable } from './data-table';
import { ErrorAlert } from './outcome-messages';

const isStatus = (value: string | null): value is MedicalRequestStatus =>
  (MEDICAL_REQUEST_STATUSES as readonly (string | null)[]).includes(value);

/** The public medical attention requests, newest first, with the admins' follow-up status. */
export function MedicalRequestsPage() {
  const { t } = useLingui();
  const country = useCountry();
  const statusChange = useSetMedicalRequestStatus(country);
  const [params, setParams] = useSearchParams();
  const pageHref = usePageHref();
  const rawStatus = params.get('estado');
  const status = isStatus(rawStatus) ? rawStatus : '';
  const page = Math.max(1, Number(params.get('pagina')) || 1);
  const list = useQuery({ ...medicalRequestQueries.list(country, status, page), placeholderData: keepPreviousData });
  const failure = statusChange.error ? errorMessage(statusChange.error) : null;
  const busy = statusChange.isPending ? statusChange.variables.id : null;

  const labels: Record<MedicalRequestStatus, string> = {
    new: t`Nueva`,
    contacted: t`Contactada`,
    closed: t`Cerrada`,
  };
  const tones: Record<MedicalRequestStatus, string> = { new: 'pending', contacted: 'approved', closed: 'rejected' };
  // Issue #19: what the custom-product and advisor forms send when the country has no chat.
  const topics: Record<MedicalRequestTopic, string | null> = {
    attention: null,
    custom_product: t`Producto personalizado`,
    advisor: t`Hablar con un asesor`,
  };

  const statusOptions = MEDICAL_REQUEST_STATUSES.map((value) => (
    <option key={value} value={value}>
      {labels[value]}
    </option>
  ));

  function change(id: number, next: MedicalRequestStatus) {
    statusChange.mutate({ id, status: next });
  }

  const data = list.data;
  const totalPages = data ? Math.max(1, Math.ceil(data.total / data.limit)) : 1;

  return (
    <AdminPage title={<Trans>Solicitudes de atención</Trans>}>
      <FilterDisclosure activeCount={status ? 1 : 0}>
        <div className="filters" role="search">
          <label className="field">
            <span className="field__label">{t`Estado`}</span>
            <select
              className="select"
              value={status}
              onChange={(event) => setParams(event.target.value ? { estado: event.target.value } : {})}
            >
              <option value="">{t`Todas`}</option>
              {statusOptions}
            </select>
          </label>
        </div>
      </FilterDisclosure>
      <ErrorAlert message={failure} />
      <QueryStatus query={list} loading={<Trans>Cargando solicitudes…</Trans>} />
      {data && data.total === 0 && (
        <p className="empty-state">
          <Trans>No hay solicitudes con este estado.</Trans>
        </p>
      )}
      {data && data.data.length > 0 && (
        <DataTable
          caption={t`Solicitudes de atención médica`}
          columns={[t`Fecha`, t`Persona`, t`Contacto`, t`Motivo`, t`Estado`]}
        >
          {data.data.map((request) => (
            <tr key={request.id}>
              <td data-label={t`Fecha`}>{formatCountryDate(request.createdAt, country)}</td>
              <th scope="row">
                {request.names} {request.last_names}
                <span className="muted"> · {request.country_name}</span>
              </th>
              <td data-label={t`Contacto`}>
                <a href={`mailto:${request.email}`}>{request.email}</a>
                <br />
                <a href={`tel:${request.country_code}${request.mobile_number}`}>
                  {request.country_code} {request.mobile_number}
                </a>
              </td>
              <td data-label={t`Motivo`}>
                {topics[request.topic] && <span className="badge">{topics[request.topic]}</span>} {request.description}
              </td>
              <td data-label={t`Estado`}>
                <span className={`status status--${tones[request.status]}`}>{labels[request.status]}</span>
                <label className="field">
                  <span className="visually-hidden">
                    {t`Cambiar estado de la solicitud de ${request.names} ${request.last_names}`}
                  </span>
                  <select
                    className="select"
                    value={request.status}
                    disabled={busy === request.id}
                    onChange={(event) => void change(request.id, event.target.value as MedicalRequestStatus)}
                  >
                    {statusOptions}
                  </select>
                </label>
              </td>
            </tr>
          ))}
        </DataTable>
      )}
      {data && <LinkPager label={t`Páginas de solicitudes`} page={page} totalPages={totalPages} pageHref={pageHref} />}
    </AdminPage>
  );
}
