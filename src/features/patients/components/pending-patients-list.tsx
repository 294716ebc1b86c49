import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from 'react-router';
import { outboxPagePath } from '../../../lib/outbox';
import type { CountryCode } from '../../../lib/shared/countries';
import type { PendingPatient } from '../pending-patients';
import { PatientOption } from './patient-option';

interface PendingPatientsListProps {
  country: CountryCode;
  patients: readonly PendingPatient[];
  /** In a prescription's first step: a pending patient can be chosen (the prescription goes out after it). */
  selectedKey?: string | null;
  onSelect?: (patient: PendingPatient) => void;
}

/** Patients created without connection, not yet on the server: listed apart so nobody creates them twice. */
export function PendingPatientsList({ country, patients, selectedKey, onSelect }: PendingPatientsListProps) {
  const { t } = useLingui();
  if (patients.length === 0) return null;
  return (
    <section className="card stack pending-patients" aria-labelledby="pending-patients-title">
      <h2 id="pending-patients-title" className="pending-patients__title">
        <Trans>Pacientes por enviar</Trans>
      </h2>
      <p className="muted">
        <Trans>
          Los creaste sin conexión: se enviarán al recuperar la conexión y entonces recibirán su invitación.
        </Trans>{' '}
        <Link to={outboxPagePath(country)}>
          <Trans>Ver envíos pendientes</Trans>
        </Link>
      </p>
      <ul className="plain-list patient-picker__list" aria-label={t`Pacientes por enviar`}>
        {patients.map((patient) => {
          const refused = patient.state === 'rejected';
          const badge = refused ? t`No se pudo crear` : t`Pendiente de envío`;
          const content = (
            <>
              <span className="patient-option__name">{patient.name}</span>
              <span className="muted">{patient.email}</span>
              <span className={refused ? 'badge badge--warning' : 'badge badge--muted'}>{badge}</span>
            </>
          );
          if (!onSelect || refused) {
            return (
              <li key={patient.key} className="patient-option patient-option--static">
                {content}
              </li>
            );
          }
          return (
            <li key={patient.key}>
              <PatientOption selected={patient.key === selectedKey} onSelect={() => onSelect(patient)}>
                {content}
              </PatientOption>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
