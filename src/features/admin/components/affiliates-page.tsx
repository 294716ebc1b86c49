import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { QueryStatus } from '../../../components/ui/query-status';
import { credentialEntryDocument } from '../../../lib/credential-labels';
import { errorMessage } from '../../../lib/http';
import { PURCHASE_LEVELS, type AffiliateDto, type ApprovalStatus } from '../../../lib/shared/accounts';
import { countryById } from '../../../lib/shared/countries';
import { useCountry } from '../../../lib/use-country';
import {
  affiliateQueries,
  openCredentialFile,
  useReviewAffiliate,
  type AffiliateFilters,
  type AffiliateReview,
} from '../api';
import { FilterDisclosure } from '../../../components/ui/filter-disclosure';
import { AdminPage } from './admin-page';
import { ErrorAlert } from './outcome-messages';
import { rejectAffiliateSchema } from '../../../lib/shared/affiliate-schemas';
import { RejectReasonForm } from './reject-reason-form';
import { ROLE_LABELS } from '../../auth/role-labels';

/** Admin `gestion-afiliados`: professionals with their status and credentials; approve, reject, purchase level. */
export function AffiliatesPage() {
  const { t, i18n } = useLingui();
  const country = useCountry();
  const review = useReviewAffiliate(country);
  const [filters, setFilters] = useState<AffiliateFilters>({ status: 'pending', role: '', search: '' });
  const list = useQuery(affiliateQueries.list(country, filters));
  const busy = review.isPending ? review.variables.id : null;
  // Opening a credential file is a read, not a decision: its failure shares the alert, the latest one showing.
  const [openFailure, setOpenFailure] = useState<string | null>(null);
  const failure = review.error ? errorMessage(review.error) : openFailure;
  // One rejection form open at a time: opening another closes the first.
  const [rejecting, setRejecting] = useState<number | null>(null);

  const statusLabels: Record<ApprovalStatus, string> = {
    pending: t`Pendiente`,
    approved: t`Aprobado`,
    rejected: t`Rechazado`,
  };

  /** Whether the decision went through; a failure is shown from `review.error`. */
  function act(decision: AffiliateReview): Promise<boolean> {
    setOpenFailure(null);
    return review.mutateAsync(decision).then(
      () => true,
      () => false,
    );
  }

  async function confirmReject(affiliate: AffiliateDto, reason: string) {
    if (await act({ id: affiliate.id, action: 'reject', reason })) setRejecting(null);
  }

  return (
    <AdminPage title={<Trans>Gestión de afiliados</Trans>}>
      <FilterDisclosure activeCount={(filters.status ? 1 : 0) + (filters.search?.trim() ? 1 : 0)}>
        <div className="filters" role="search">
          <label className="field">
            <span className="field__label">{t`Estado`}</span>
            <select
              className="select"
              value={filters.status}
              onChange={(event) => setFilters({ ...filters, status: event.target.value as ApprovalStatus | '' })}
            >
              <option value="">{t`Todos`}</option>
              {(Object.keys(statusLabels) as ApprovalStatus[]).map((status) => (
                <option key={status} value={status}>
                  {statusLabels[status]}
                </option>
              ))}
            </select>
          </label>
          <label className="field">
            <span className="field__label">{t`Buscar`}</span>
            <input
              className="input"
              type="search"
              value={filters.search}
              placeholder={t`Nombre, correo o documento`}
              onChange={(event) => setFilters({ ...filters, search: event.target.value })}
            />
          </label>
        </div>
      </FilterDisclosure>
      <ErrorAlert message={failure} />
      <QueryStatus query={list} loading={<Trans>Cargando afiliados…</Trans>} />
      {list.data && list.data.data.length === 0 && (
        <p className="empty-state">
          <Trans>No hay profesionales con estos filtros.</Trans>
        </p>
      )}
      {list.data?.data.map((affiliate) => (
        <article key={affiliate.id} className="card affiliate" aria-label={affiliate.display_name}>
          <header className="affiliate__header">
            <div>
              <h2 className="affiliate__name">{affiliate.display_name}</h2>
              <p className="muted">
                {i18n._(ROLE_LABELS[affiliate.role])} · {countryById(affiliate.country_id)?.name} · {affiliate.email} ·{' '}
                {affiliate.document_number}
              </p>
              {affiliate.specialty && (
                <p className="muted">
                  {affiliate.specialty} · {affiliate.professional_license_number}
                </p>
              )}
            </div>
            <span className={`status status--${affiliate.approval_status}`} data-testid="affiliate-status">
              {statusLabels[affiliate.approval_status]}
            </span>
          </header>
          {affiliate.approval_reason && (
            <p className="muted">
              <Trans>Motivo: {affiliate.approval_reason}</Trans>
            </p>
          )}
          <div className="affiliate__credentials">
            <h3>
              <Trans>Credenciales</Trans>
            </h3>
            {affiliate.credentials.history.length === 0 ? (
              <p className="muted">
                <Trans>Aún no ha cargado credenciales.</Trans>
              </p>
            ) : (
              <ul className="plain-list">
                {affiliate.credentials.history.map((entry) => (
                  <li key={entry.id}>
                    {i18n.date(entry.createdAt, { dateStyle: 'medium' })} · {credentialEntryDocument(i18n, entry)} ·{' '}
                    {entry.files.map((file) => (
                      <button
                        key={file.id}
                        type="button"
                        className="link-button"
                        onClick={() =>
                          void openCredentialFile(country, file.url).catch((error: unknown) => {
                            review.reset();
                            setOpenFailure(errorMessage(error));
                          })
                        }
                      >
                        {file.name}
                      </button>
                    ))}
                  </li>
                ))}
              </ul>
            )}
          </div>
          <div className="affiliate__actions">
            <label className="field">
              <span className="field__label">{t`Nivel de compra`}</span>
              <select
                className="select"
                value={affiliate.purchase_level_id ?? ''}
                disabled={busy === affiliate.id}
                onChange={(event) =>
                  void act({ id: affiliate.id, action: 'set-level', purchaseLevelId: Number(event.target.value) })
                }
              >
                {PURCHASE_LEVELS.map((level) => (
                  <option key={level.id} value={level.id}>
                    {level.name}
                  </option>
                ))}
              </select>
            </label>
            {affiliate.approval_status !== 'approved' && (
              <button
                type="button"
                className="button button--primary"
                disabled={busy === affiliate.id}
                onClick={() =>
                  void act({
                    id: affiliate.id,
                    action: 'approve',
                    purchaseLevelId: affiliate.purchase_level_id ?? undefined,
                  })
                }
              >
                <Trans>Aprobar</Trans>
              </button>
            )}
            {affiliate.approval_status !== 'rejected' && rejecting !== affiliate.id && (
              <button
                type="button"
                className="button button--secondary"
                disabled={busy === affiliate.id}
                onClick={() => setRejecting(affiliate.id)}
              >
                <Trans>Rechazar</Trans>
              </button>
            )}
          </div>
          {rejecting === affiliate.id && (
            <RejectReasonForm
              schema={rejectAffiliateSchema}
              busy={busy === affiliate.id}
              onCancel={() => setRejecting(null)}
              onConfirm={(reason) => void confirmReject(affiliate, reason)}
            />
          )}
        </article>
      ))}
    </AdminPage>
  );
}
