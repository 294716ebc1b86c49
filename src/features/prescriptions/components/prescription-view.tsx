import { Trans, useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import type { CountryCode } from '../../../lib/shared/countries';
import type { PrescriptionDto } from '../../../lib/shared/prescriptions';
import { formatDate } from '../format';
import { STATUS_LABELS, STATUS_TONES, TYPE_LABELS } from '../labels';
import { personalNoticeText } from '../notice';
import { ToolsSummary } from './tools-summary';
import { patientName } from '../../../lib/patient-name';

interface PrescriptionViewProps {
  prescription: PrescriptionDto;
  country: CountryCode;
  /** Buttons under the title: back, download, add to the bag… */
  actions: ReactNode;
  children?: ReactNode;
}

/**
 * A prescription or recommendation as its detail screens show it (product §2): the creation date, who issued it and for
 * whom, the prescribed tools with their indications, and the notice that it is personal.
 */
export function PrescriptionView({ prescription, country, actions, children }: PrescriptionViewProps) {
  const { t, i18n } = useLingui();
  const typeLabel = i18n._(TYPE_LABELS[prescription.type]);
  const date = formatDate(prescription.createdAt, country);
  return (
    <article className="stack prescription-view" aria-labelledby="prescription-title">
      <div className="patients__header">
        <h1 id="prescription-title">{t`${typeLabel} del ${date}`}</h1>
        <span className={`status status--${STATUS_TONES[prescription.status]}`}>
          {i18n._(STATUS_LABELS[prescription.status])}
        </span>
      </div>
      <p className="notice prescription-view__notice" role="note">
        {personalNoticeText()}
      </p>
      <div className="form-actions">{actions}</div>
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
      <section className="stack" aria-labelledby="prescribed-tools">
        <h2 id="prescribed-tools">
          <Trans>Herramientas prescritas</Trans>
        </h2>
        <ToolsSummary country={country} tools={prescription.tools} />
      </section>
      {prescription.notes.trim() && (
        <section className="stack" aria-labelledby="prescription-notes">
          <h2 id="prescription-notes">
            <Trans>Observaciones</Trans>
          </h2>
          <p className="preserve-lines">{prescription.notes}</p>
        </section>
      )}
    </article>
  );
}
