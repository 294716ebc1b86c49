import { Trans, useLingui } from '@lingui/react/macro';
import { useRef, useState, type FormEvent } from 'react';
import { CheckboxChoice } from '../../../components/ui/checkbox-choice';
import { FailureAlert } from '../../../components/ui/failure-alert';
import { focusFirstInvalid } from '../../../lib/focus-first-invalid';
import { errorMessage } from '../../../lib/http';
import { useIdempotencyKey } from '../../../lib/idempotency';
import type { CountryCode } from '../../../lib/shared/countries';
import type { CreatePatientResponseDto } from '../../../lib/shared/prescriptions';
import { outboxAvailable } from '../../../lib/outbox';
import { isQueuedAnswer } from '../../../lib/shared/outbox';
import { PATIENT_ATTESTATION_FIELD } from '../../../lib/shared/privacy';
import { useOnline } from '../../../lib/use-online';
import { useSession } from '../../../lib/session/use-session';
import { useCreatePatient } from '../api';
import { pendingPatientOf, type PendingPatient } from '../pending-patients';
import { emptyPatientForm, isPatientComplete, patientInput } from '../patient-form';
import { usePatientForm } from '../use-patient-form';
import { PatientFormFields } from './patient-form-fields';

interface CreatePatientFormProps {
  country: CountryCode;
  onCreated: (created: CreatePatientResponseDto) => void;
  /** Without connection the patient was kept on the device; it is created when the connection comes back. */
  onQueued: (pending: PendingPatient) => void;
  onCancel?: () => void;
}

/**
 * Product §2/§3: create a patient; the server saves it and e-mails the invitation to register. Offline, with the service
 * worker in control, the patient is kept on the device and created when the connection comes back.
 */
export function CreatePatientForm({ country, onCreated, onQueued, onCancel }: CreatePatientFormProps) {
  const { t } = useLingui();
  const creation = useCreatePatient(country);
  const online = useOnline();
  const canKeep = outboxAvailable();
  const author = useSession()?.user.uid ?? '';
  const form = usePatientForm(() => emptyPatientForm(country));
  const pending = creation.isPending;
  const failure = creation.error ? errorMessage(creation.error) : null;
  // The professional's attestation of the patient's consent: required, unticked, not kept between patients.
  const [attested, setAttested] = useState(false);
  const [attestationMissing, setAttestationMissing] = useState(false);
  const element = useRef<HTMLFormElement>(null);
  const submission = useIdempotencyKey();
  const complete = isPatientComplete(form.values);

  async function submit(event: FormEvent) {
    event.preventDefault();
    creation.reset();
    const valid = form.check();
    setAttestationMissing(!attested);
    if (!valid || !attested) {
      focusFirstInvalid(element.current);
      return;
    }
    const input = { ...patientInput(form.values), consent_attested: true as const };
    const idempotencyKey = submission.current(input);
    // A failure is shown from `creation.error`, its field problems at their fields; the form keeps what was typed.
    const answer = await creation.mutateAsync({ input, idempotencyKey, author }).catch((error: unknown) => {
      if (form.refuse(error)) focusFirstInvalid(element.current);
      return null;
    });
    if (answer === null) return;
    submission.renew();
    form.reset(emptyPatientForm(country));
    setAttested(false);
    if (isQueuedAnswer(answer)) onQueued(pendingPatientOf(answer.id, input));
    else onCreated(answer);
  }

  return (
    <form
      ref={element}
      className="stack patient-form"
      onSubmit={(event) => void submit(event)}
      noValidate
      aria-label={t`Crear paciente`}
    >
      <p className="muted">
        <Trans>
          Los campos con * son obligatorios. Al crear el paciente le enviaremos por correo una invitación para que cree
          su cuenta y vea sus prescripciones.
        </Trans>
      </p>
      <PatientFormFields values={form.values} errors={form.errors} onChange={form.set} />
      <div className={attestationMissing && !attested ? 'field field--invalid' : 'field'}>
        <CheckboxChoice
          name={PATIENT_ATTESTATION_FIELD}
          checked={attested}
          onCheckedChange={setAttested}
          aria-invalid={attestationMissing && !attested}
          aria-describedby="patient-attestation-help"
          label={
            <>
              {t`Declaro que tengo la autorización del paciente para registrar sus datos de salud en el dispensario`}
              <span className="field__required">{' *'}</span>
            </>
          }
        />
        <p className="field__help" id="patient-attestation-help">
          <Trans>
            El paciente la confirmará con su propia autorización al registrarse desde la invitación; hasta entonces su
            ficha lo indica.
          </Trans>
        </p>
        {attestationMissing && !attested && (
          <p className="field__error" role="alert">
            {t`Confirma que tienes la autorización del paciente para registrar sus datos de salud.`}
          </p>
        )}
      </div>
      {!complete && (
        <p className="field__help">
          <Trans>
            Puedes crear el paciente con los datos obligatorios; su ficha quedará incompleta hasta que agregues el
            resto.
          </Trans>
        </p>
      )}
      <FailureAlert message={failure} />
      {!online && (
        <p className="notice" role="status">
          {canKeep ? (
            <Trans>
              Sin conexión: guardaremos el paciente en este dispositivo y lo crearemos, con su invitación, al recuperar
              la conexión.
            </Trans>
          ) : (
            <Trans>Sin conexión: podrás crear el paciente cuando vuelvas a estar en línea.</Trans>
          )}
        </p>
      )}
      <div className="form-actions">
        {onCancel && (
          <button type="button" className="button button--ghost" onClick={onCancel} disabled={pending}>
            <Trans>Cancelar</Trans>
          </button>
        )}
        <button type="submit" className="button button--primary" disabled={pending || (!online && !canKeep)}>
          {pending ? t`Creando paciente…` : t`Crear paciente y enviar invitación`}
        </button>
      </div>
    </form>
  );
}
