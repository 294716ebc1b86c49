import { Trans, useLingui } from '@lingui/react/macro';
import { useRef, type FormEvent } from 'react';
import { SaveCancel } from '../../../components/ui/save-cancel';
import { focusFirstInvalid } from '../../../lib/focus-first-invalid';
import { errorMessage } from '../../../lib/http';
import type { CountryCode } from '../../../lib/shared/countries';
import type { PatientDto } from '../../../lib/shared/prescriptions';
import { useUpdatePatient } from '../api';
import { patientChanges, patientFormFrom } from '../patient-form';
import { usePatientForm } from '../use-patient-form';
import { PatientFormFields } from './patient-form-fields';

interface EditPatientFormProps {
  country: CountryCode;
  viewer: string;
  patient: PatientDto;
  onCancel: () => void;
  /** Saved, or nothing changed (no message): the form closes. */
  onSaved: (message: string | null) => void;
}

/** Product §2: the patient's data opened for editing, from what the page shows; saved only when something changed. */
export function EditPatientForm({ country, viewer, patient, onCancel, onSaved }: EditPatientFormProps) {
  const { t } = useLingui();
  const saving = useUpdatePatient(country, viewer, patient.id);
  const pending = saving.isPending;
  const failure = saving.error ? errorMessage(saving.error) : null;
  const form = usePatientForm(() => patientFormFrom(patient));
  const element = useRef<HTMLFormElement>(null);

  async function save(event: FormEvent) {
    event.preventDefault();
    saving.reset();
    if (!form.check()) {
      focusFirstInvalid(element.current);
      return;
    }
    const changes = patientChanges(patientFormFrom(patient), form.values);
    if (Object.keys(changes).length === 0) {
      onSaved(null);
      return;
    }
    // A failure is shown from `saving.error`, its field problems at their fields; the form stays open with the changes.
    const updated = await saving.mutateAsync(changes).catch((error: unknown) => {
      if (form.refuse(error)) focusFirstInvalid(element.current);
      return null;
    });
    if (updated === null) return;
    onSaved(
      changes.email !== undefined && updated.account_status === 'invited'
        ? t`Guardamos los cambios y enviamos una nueva invitación a ${updated.email}.`
        : t`Guardamos los cambios del paciente.`,
    );
  }

  return (
    <form
      ref={element}
      className="card stack"
      onSubmit={(event) => void save(event)}
      noValidate
      aria-label={t`Editar paciente`}
    >
      <h2>
        <Trans>Editar datos del paciente</Trans>
      </h2>
      <PatientFormFields values={form.values} errors={form.errors} onChange={form.set} />
      <SaveCancel failure={failure} pending={pending} onCancel={onCancel} />
    </form>
  );
}
