import { Trans, useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import type { CountryCode } from '../../../lib/shared/countries';
import type { PrescriptionDto } from '../../../lib/shared/prescriptions';
import { formatDate } from '../../../lib/prescription-format';
import { PRESCRIPTION_TYPE_LABELS } from '../../../lib/shared/prescription-labels';
import { DownloadPdfButton } from './download-pdf-button';
import { PrescriptionStatusBadge } from '../../../components/ui/prescription-status-badge';
import { personalNoticeText } from '../notice';
import { ToolsSummary } from './tools-summary';
import { patientName } from '../../../lib/patient-name';
import { TitledSection } from '../../../components/ui/titled-section';

interface PrescriptionViewProps {
  prescription: PrescriptionDto;
  country: CountryCode;
  /** The way back, beside the PDF's download under the title. */
  back: ReactNode;
  children?: ReactNode;
}

/**
 * A prescription or recommendation as its detail screens show it (product §2): the creation date, who issued it and for
 * whom, the prescribed tools with their indications, and the notice that it is personal.
 */
export function PrescriptionView({ prescription, country, back, children }: PrescriptionViewProps) {
  const { t, i18n } = useLingui();
  const typeLabel = i18n._(PRESCRIPTION_TYPE_LABELS[prescription.type]);
  const date = formatDate(prescription.createdAt, country);
  return (
    <article className="stack prescription-view" aria-labelledby="prescription-title">
      <div className="patients__header">
        <h1 id="prescription-title">{t`${typeLabel} del ${date}`}</h1>
        <PrescriptionStatusBadge status={prescription.status} />
      </div>
      <p className="notice prescription-view__notice" role="note">
        {personalNoticeText()}
      </p>
      <div className="form-actions">
        {back}
        <DownloadPdfButton prescription={prescription} country={country} />
      </div>
      <dl className="data-list">
        <div>
          <dt>{t`Fecha de creación`}</dt>
          <dd>{date}</dd>
        </div>
        <div>
          <dt>{t`Profesional`}</dt>
          <dd>
            {prescription.author.display_name}
            {prescription.author.specialty && ` · ${prescription.author.specialty}`}
          </dd>
        </div>
        <div>
          <dt>{t`Paciente`}</dt>
          <dd>{patientName(prescription.patient, i18n)}</dd>
        </div>
        <div>
          <dt>{t`Tratamiento hasta`}</dt>
          <dd>{formatDate(prescription.endsAt, country)}</dd>
        </div>
      </dl>
      {children}
      <TitledSection id="prescribed-tools" title={<Trans>Herramientas prescritas</Trans>} className="stack">
        <ToolsSummary country={country} tools={prescription.tools} />
      </TitledSection>
      {prescription.notes.trim() && (
        <TitledSection id="prescription-notes" title={<Trans>Observaciones</Trans>} className="stack">
          <p className="preserve-lines">{prescription.notes}</p>
        </TitledSection>
      )}
    </article>
  );
}
