import { Trans, useLingui } from '@lingui/react/macro';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import { DataAge } from '../../../components/ui/data-age';
import { RetryAlert } from '../../../components/ui/retry-alert';
import { LinkPager } from '../../../components/ui/link-pager';
import { errorMessage } from '../../../lib/http';
import { useCountry } from '../../../lib/use-country';
import { useOnline } from '../../../lib/use-online';
import { useViewerKey } from '../../auth/use-viewer-key';
import { parsePositiveId, prescriptionQueries } from '../api';
import { formatDate } from '../format';
import { STATUS_LABELS, STATUS_TONES, TYPE_LABELS } from '../labels';

/** `mi-cuenta/mis-prescripciones` (product §2): the patient's prescriptions and recommendations, newest first. */
export function MyPrescriptionsPage() {
  const { t, i18n } = useLingui();
  const country = useCountry();
  const viewer = useViewerKey();
  const [params] = useSearchParams();
  const page = parsePositiveId(params.get('pagina')) ?? 1;
  const online = useOnline();
  const list = useQuery({ ...prescriptionQueries.mine(country, viewer, page), placeholderData: keepPreviousData });
  const data = list.data;
  const totalPages = data ? Math.max(1, Math.ceil(data.total / data.limit)) : 1;
  const base = `/${country}/mi-cuenta/mis-prescripciones`;

  return (
    <section className="stack" aria-labelledby="my-prescriptions-title">
      <h1 id="my-prescriptions-title">
        <Trans>Mis prescripciones</Trans>
      </h1>
      {list.isPending && (
        <p className="muted" role="status">
          <Trans>Cargando prescripciones…</Trans>
        </p>
      )}
      {data && (!online || list.isError) && <DataAge updatedAt={list.dataUpdatedAt} />}
      {list.isError && (
        <RetryAlert
          message={
            data ? t`No pudimos actualizar tus prescripciones: ${errorMessage(list.error)}` : errorMessage(list.error)
          }
          retrying={list.isFetching}
          onRetry={() => void list.refetch()}
        />
      )}
      {data && data.total === 0 && (
        <div className="empty-state">
          <p>
            <Trans>
              Aún no tienes prescripciones ni recomendaciones. Cuando tu profesional de la salud te prescriba
              herramientas, las verás aquí.
            </Trans>
          </p>
        </div>
      )}
      {data && data.data.length > 0 && (
        <div className="table-wrap">
          <table className="table">
            <caption className="visually-hidden">{t`Tus prescripciones y recomendaciones`}</caption>
            <thead>
              <tr>
                <th scope="col">{t`Fecha`}</th>
                <th scope="col">{t`Tipo`}</th>
                <th scope="col">{t`Profesional`}</th>
                <th scope="col">{t`Herramientas`}</th>
                <th scope="col">{t`Estado`}</th>
              </tr>
            </thead>
            <tbody>
              {data.data.map((item) => (
                <tr key={item.id}>
                  <th scope="row">
                    <Link to={`${base}/${item.id}`}>{formatDate(item.createdAt, country)}</Link>
                  </th>
                  <td data-label={t`Tipo`}>{i18n._(TYPE_LABELS[item.type])}</td>
                  <td data-label={t`Profesional`}>{item.author.display_name}</td>
                  <td data-label={t`Herramientas`}>{item.toolCount}</td>
                  <td data-label={t`Estado`}>
                    <span className={`status status--${STATUS_TONES[item.status]}`}>
                      {i18n._(STATUS_LABELS[item.status])}
                    </span>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {data && (
        <LinkPager
          label={t`Páginas de prescripciones`}
          page={page}
          totalPages={totalPages}
          pageHref={(target) => (target <= 1 ? base : `${base}?pagina=${target}`)}
        />
      )}
    </section>
  );
}
