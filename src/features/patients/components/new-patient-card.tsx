import { Trans } from '@lingui/react/macro';
import type { CountryCode } from '../../../lib/shared/countries';
import type { CreatePatientResponseDto } from '../../../lib/shared/prescriptions';
import type { PendingPatient } from '../pending-patients';
import { CreatePatientForm } from './create-patient-form';

interface NewPatientCardProps {
  country: CountryCode;
  /** The card's heading level under the screen's own headings. */
  heading: 'h2' | 'h3';
  /** Cancelled, created or kept for later: the card closes first. */
  onClose: () => void;
  onCreated: (answer: CreatePatientResponseDto) => void;
  onQueued: (pending: PendingPatient) => void;
}

/** 'Nuevo paciente': the creation form in its card, on the patients' screen and in the prescription builder. */
export function NewPatientCard({ country, heading: Heading, onClose, onCreated, onQueued }: NewPatientCardProps) {
  return (
    <div className="card stack">
      <Heading>
        <Trans>Nuevo paciente</Trans>
      </Heading>
      <CreatePatientForm
        country={country}
        onCancel={onClose}
        onCreated={(answer) => {
          onClose();
          onCreated(answer);
        }}
        onQueued={(pending) => {
          onClose();
          onQueued(pending);
        }}
      />
    </div>
  );
}
