import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { errorMessage } from '../../../lib/http';
import type { CountryCode } from '../../../lib/shared/countries';
import type { PrescriptionDetailDto } from '../../../lib/shared/prescriptions';
import { useCountry } from '../../../lib/use-country';
import { useViewerKey } from '../../../lib/session/use-viewer-key';
import { parsePositiveId, prescriptionQueries, useCancelPrescription } from '../api';
import { PrescriptionView } from './prescription-view';
import { PrescriptionStates } from './query-states';
import { SaveTemplateForm } from './save-template-form';

/**
 * `mi-cuenta/mis-pacientes/:patientId/estrategias/:prescriptionId`: a strategy as a professional sees it. Its author
 * may save it as a template or cancel it; other professionals of the patient only read it.
 */
export function StrategyDetailPage() {
  const country = useCountry();
  const viewer = useViewerKey();
  const params = useParams();
  const patientId = parsePositiveId(params.patientId);
  const id = parsePositiveId(params.prescriptionId);
  const query = useQuery({ ...prescriptionQueries.detail(country, viewer, id ?? 0), enabled: id !== null });
  const back = (
    <Link
      to={patientId ? `/${country}/mi-cuenta/mis-pacientes/${patientId}` : `/${country}/mi-cuenta/mis-pacientes`}
      className="button button--ghost"
    >
      <Trans>Volver al paciente</Trans>
    </Link>
  );
  return (
    <PrescriptionStates query={query} invalidId={id === null} back={back}>
      {(detail) => <StrategyDetail country={country} viewer={viewer} detail={detail} back={back} />}
    </PrescriptionStates>
  );
}

function StrategyDetail({
  country,
  viewer,
  detail,
  back,
}: {
  country: CountryCode;
  viewer: string;
  detail: PrescriptionDetailDto;
  back: ReactNode;
}) {
  const { t } = useLingui();
  const cancellation = useCancelPrescription(country, viewer, detail.id);
  const [confirming, setConfirming] = useState(false);
  const pending = cancellation.isPending;
  const failure = cancellation.error ? errorMessage(cancellation.error) : null;

  async function cancel() {
    // A failure is shown from `cancellation.error`, in the confirmation that stays open.
    if (await cancellation.mutateAsync().catch(() => null)) setConfirming(false);
  }

  return (
    <PrescriptionView prescription={detail} country={country} back={back}>
      {!detail.editable && (
        <p className="muted">
          <Trans>La creó otro profesional: puedes consultarla, pero no modificarla.</Trans>
        </p>
      )}
      {detail.editable && (
        <div className="stack">
          <SaveTemplateForm
            country={country}
            source={{ prescriptionId: detail.id }}
            suggestedName={detail.tools.map((tool) => tool.name).join(' + ')}
          />
          {detail.status !== 'cancelled' &&
            (confirming ? (
              <div className="card stack" role="group" aria-label={t`Confirmar anulación`}>
                <p>
                  <Trans>El paciente ya no podrá comprar sus productos desde aquí. ¿Quieres anularla?</Trans>
                </p>
                {failure && (
                  <p className="alert" role="alert">
                    {failure}
                  </p>
                )}
                <div className="form-actions">
                  <button type="button" className="button button--ghost" onClick={() => setConfirming(false)}>
                    <Trans>No, mantenerla</Trans>
                  </button>
                  <button
                    type="button"
                    className="button button--primary"
                    disabled={pending}
                    onClick={() => void cancel()}
                  >
                    <Trans>Sí, anular</Trans>
                  </button>
                </div>
              </div>
            ) : (
              <div>
                <button type="button" className="button button--ghost" onClick={() => setConfirming(true)}>
                  <Trans>Anular</Trans>
                </button>
              </div>
            ))}
        </div>
      )}
    </PrescriptionView>
  );
}
