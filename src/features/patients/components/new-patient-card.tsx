import { Trans } from '@lingui/react/macro';
import { lazy, Suspense } from 'react';
import { LoadingStatus } from '../../../components/ui/loading-status';
import { lazyModule, usePreloadWhenIdle } from '../../../lib/lazy-module';
import type { CountryCode } from '../../../lib/shared/countries';
import type { CreatePatientResponseDto } from '../../../lib/shared/prescriptions';
import type { PendingPatient } from '../pending-patients';

/**
 * The creation form with its checks, the shared patient schema and zod (about 30 KiB gzip with the form's code): the
 * patient list and the builder's first step render without it.
 */
const createPatientForm = lazyModule(() => import('./create-patient-form'));
const CreatePatientForm = lazy(async () => ({ default: (await createPatientForm.load()).CreatePatientForm }));

/** Downloads the creation form once the screen that offers it is painted and idle (see `usePreloadWhenIdle`). */
export function usePreloadedPatientForm(): void {
  usePreloadWhenIdle(createPatientForm);
}

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
      <Suspense fallback={<LoadingStatus />}>
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
      </Suspense>
    </div>
  );
}
