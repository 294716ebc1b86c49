import { Trans } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { errorMessage } from '../../../lib/http';
import type { CountryCode } from '../../../lib/shared/countries';
import { prescriptionQueries } from '../api';
import type { CreatedPrescription, PrescriptionDraft } from '../draft';
import { formatDate } from '../../../lib/prescription-format';
import { DownloadPdfButton } from './download-pdf-button';
import { SaveTemplateForm } from './save-template-form';

interface PrescriptionCreatedProps {
  country: CountryCode;
  viewer: string;
  draft: PrescriptionDraft;
  created: CreatedPrescription;
  onDownloaded: (fileName: string) => void;
  onStartNew: () => void;
}

/** The end of the four steps: what was created, its PDF, saving it as a template, and starting another. */
export function PrescriptionCreated({
  country,
  viewer,
  draft,
  created,
  onDownloaded,
  onStartNew,
}: PrescriptionCreatedProps) {
  const detail = useQuery(prescriptionQueries.detail(country, viewer, created.id));
  const isPrescription = draft.prescriptionType === 'prescription';
  const patientName = draft.patient?.name ?? '';
  const date = formatDate(created.createdAt, country);
  return (
    <section className="stack builder" aria-labelledby="created-title">
      <h1 id="created-title">
        {isPrescription ? <Trans>Prescripción creada</Trans> : <Trans>Recomendación creada</Trans>}
      </h1>
      <p className="notice notice--success" role="status">
        {isPrescription ? (
          <Trans>
            La prescripción del {date} ya está disponible para {patientName} en su cuenta, con los productos listos para
            comprar.
          </Trans>
        ) : (
          <Trans>
            La recomendación del {date} ya está disponible para {patientName} en su cuenta, con los productos listos
            para comprar.
          </Trans>
        )}
      </p>
      {detail.isError && !detail.data && (
        <p className="alert" role="alert">
          {errorMessage(detail.error)}
        </p>
      )}
      <div className="form-actions builder__actions">
        {detail.data && <DownloadPdfButton prescription={detail.data} country={country} onDownloaded={onDownloaded} />}
        {draft.patient && (
          <Link
            to={`/${country}/mi-cuenta/mis-pacientes/${draft.patient.id}/estrategias/${created.id}`}
            className="button button--secondary"
          >
            <Trans>Ver detalle</Trans>
          </Link>
        )}
        <button type="button" className="button button--primary" onClick={onStartNew}>
          {isPrescription ? <Trans>Crear otra prescripción</Trans> : <Trans>Crear otra recomendación</Trans>}
        </button>
      </div>
      {draft.prescriptionFile && (
        <p className="muted">
          <Trans>Descargaste {draft.prescriptionFile}.</Trans>
        </p>
      )}
      <SaveTemplateForm
        country={country}
        source={{ prescriptionId: created.id }}
        suggestedName={draft.functionalTools.map((tool) => tool.name).join(' + ')}
      />
    </section>
  );
}
