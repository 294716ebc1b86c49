import { Trans, useLingui } from '@lingui/react/macro';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import { DataTable } from '../../../components/ui/data-table';
import { EmptyState } from '../../../components/ui/empty-state';
import { KeptCopyNotices } from '../../../components/ui/kept-copy-notices';
import { LoadingStatus } from '../../../components/ui/loading-status';
import { LinkPager } from '../../../components/ui/link-pager';
import { useCountry } from '../../../lib/use-country';
import { useViewerKey } from '../../../lib/session/use-viewer-key';
import { parsePositiveId, prescriptionQueries } from '../api';
import { formatDate } from '../../../lib/prescription-format';
import { PRESCRIPTION_TYPE_LABELS } from '../../../lib/shared/prescription-labels';
import { PrescriptionStatusBadge } from '../../../components/ui/prescription-status-badge';
import { TitledSection } from '../../../components/ui/titled-section';

/** `mi-cuenta/mis-prescripciones` (product §2): the patient's prescriptions and recommendations, newest first. */
export function MyPrescriptionsPage() {
  const { t, i18n } = useLingui();
  const country = useCountry();
  const viewer = useViewerKey();
  const [params] = useSearchParams();
  const page = parsePositiveId(params.get('pagina')) ?? 1;
  const list = useQuery({ ...prescriptionQueries.mine(country, viewer, page), placeholderData: keepPreviousData });
  const data = list.data;
  const totalPages = data ? Math.max(1, Math.ceil(data.total / data.limit)) : 1;
  const base = `/${country}/mi-cuenta/mis-prescripciones`;

  return (
    <TitledSection id="my-prescriptions-title" title={<Trans>Mis prescripciones</Trans>} heading="h1" className="stack">
      {list.isPending && (
        <LoadingStatus>
          <Trans>Cargando prescripciones…</Trans>
        </LoadingStatus>
      )}
      <KeptCopyNotices
        query={list}
        refreshFailed={(failure) => t`No pudimos actualizar tus prescripciones: ${failure}`}
      />
      {data && data.total === 0 && (
        <EmptyState>
          <Trans>
            Aún no tienes prescripciones ni recomendaciones. Cuando tu profesional de la salud te prescriba
            herramientas, las verás aquí.
          </Trans>
        </EmptyState>
      )}
      {data && data.data.length > 0 && (
        <div className="table-wrap">
          <DataTable
            caption={t`Tus prescripciones y recomendaciones`}
            rows={data.data}
            rowKey={(item) => item.id}
            columns={[
              {
                label: t`Fecha`,
                rowHeader: true,
                cell: (item) => <Link to={`${base}/${item.id}`}>{formatDate(item.createdAt, country)}</Link>,
              },
              { label: t`Tipo`, cell: (item) => i18n._(PRESCRIPTION_TYPE_LABELS[item.type]) },
              { label: t`Profesional`, cell: (item) => item.author.display_name },
              { label: t`Herramientas`, cell: (item) => item.toolCount },
              { label: t`Estado`, cell: (item) => <PrescriptionStatusBadge status={item.status} /> },
            ]}
          />
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
    </TitledSection>
  );
}
