import { Trans, useLingui } from '@lingui/react/macro';
import { useDeferredValue, useState } from 'react';
import { DataAge } from '../../../components/ui/data-age';
import { FailureAlert } from '../../../components/ui/failure-alert';
import { LoadingStatus } from '../../../components/ui/loading-status';
import { errorMessage } from '../../../lib/http';
import type { CountryCode } from '../../../lib/shared/countries';
import type { CreatePatientResponseDto, PatientDto } from '../../../lib/shared/prescriptions';
import { useSession } from '../../../lib/session/use-session';
import { usePendingPatients, type PendingPatient } from '../pending-patients';
import { usePatientList } from '../use-patient-list';
import { PatientCreatedNotice, PatientQueuedNotice } from './patient-notices';
import { NewPatientCard, usePreloadedPatientForm } from './new-patient-card';
import { PatientOption } from './patient-option';
import { PendingPatientsList } from './pending-patients-list';

interface PatientPickerProps {
  country: CountryCode;
  viewer: string;
  selectedId: number | null;
  onSelect: (patient: PatientDto) => void;
  /** A patient created offline, chosen by the key of its creation (its prescription goes out after it). */
  selectedPendingKey: string | null;
  onSelectPending: (patient: PendingPatient) => void;
}

/** Step 1 of a prescription (product §4): choose one of the professional's patients, or create one. */
export function PatientPicker({
  country,
  viewer,
  selectedId,
  onSelect,
  selectedPendingKey,
  onSelectPending,
}: PatientPickerProps) {
  const { t } = useLingui();
  const [queued, setQueued] = useState<PendingPatient | null>(null);
  const pendingPatients = usePendingPatients(country, useSession()?.user.uid);
  const [search, setSearch] = useState('');
  const deferred = useDeferredValue(search.trim());
  const [creating, setCreating] = useState(false);
  usePreloadedPatientForm();
  const [created, setCreated] = useState<CreatePatientResponseDto | null>(null);
  const list = usePatientList(country, viewer, deferred, 1);
  // A deleted account's record (anonymised, kept for the prescriptions already issued) is nobody to prescribe to: the
  // register still lists it, the builder does not.
  const patients = list.data?.data.filter((patient) => !patient.account_deleted);

  return (
    <div className="stack patient-picker">
      {created && <PatientCreatedNotice created={created} onClose={() => setCreated(null)} />}
      {queued && <PatientQueuedNotice pending={queued} onClose={() => setQueued(null)} />}
      {creating ? (
        <NewPatientCard
          country={country}
          heading="h3"
          onClose={() => setCreating(false)}
          onCreated={(answer) => {
            setCreated(answer);
            onSelect(answer.patient);
          }}
          onQueued={(pending) => {
            setQueued(pending);
            onSelectPending(pending);
          }}
        />
      ) : (
        <div>
          <button type="button" className="button button--secondary" onClick={() => setCreating(true)}>
            <Trans>Crear paciente nuevo</Trans>
          </button>
        </div>
      )}
      <PendingPatientsList
        country={country}
        patients={pendingPatients}
        selectedKey={selectedPendingKey}
        onSelect={onSelectPending}
      />
      <div className="field">
        <label htmlFor="picker-search" className="field__label">
          <Trans>Buscar paciente por nombre o correo</Trans>
        </label>
        <input
          id="picker-search"
          type="search"
          className="input"
          value={search}
          onChange={(event) => setSearch(event.target.value)}
        />
      </div>
      {list.isPending && (
        <LoadingStatus>
          <Trans>Cargando pacientes…</Trans>
        </LoadingStatus>
      )}
      <FailureAlert message={list.error && !list.data ? errorMessage(list.error) : null} />
      {list.unconfirmed && list.data && (
        <div className="notice" role="status">
          <p>
            <Trans>Sin respuesta del servidor: eliges entre los pacientes guardados en este dispositivo.</Trans>
          </p>
          <DataAge updatedAt={list.updatedAt} />
        </div>
      )}
      {patients && patients.length === 0 && (
        <p className="empty-state">
          {deferred ? (
            <Trans>No encontramos pacientes que coincidan con «{deferred}».</Trans>
          ) : (
            <Trans>Aún no tienes pacientes: crea el primero.</Trans>
          )}
        </p>
      )}
      {patients && patients.length > 0 && (
        <ul className="plain-list patient-picker__list" aria-label={t`Tus pacientes`}>
          {patients.map((patient) => {
            const selected = patient.id === selectedId;
            const revoked = patient.consent_status === 'revoked';
            return (
              <li key={patient.id}>
                <PatientOption selected={selected} disabled={revoked} onSelect={() => onSelect(patient)}>
                  <span className="patient-option__name">{patient.display_name}</span>
                  <span className="muted">{patient.email}</span>
                  {patient.document_number && (
                    <span className="muted">
                      {patient.document_type_code ?? ''} {patient.document_number}
                    </span>
                  )}
                  {revoked && (
                    <span className="muted">
                      <Trans>Revocada por el paciente: no puedes emitirle nuevas prescripciones</Trans>
                    </span>
                  )}
                </PatientOption>
              </li>
            );
          })}
        </ul>
      )}
      {list.data && list.data.total > list.data.data.length && (
        <p className="muted">
          <Trans>Hay más pacientes: escribe parte del nombre o del correo para encontrarlos.</Trans>
        </p>
      )}
    </div>
  );
}
