import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { errorMessage } from '../../../lib/http';
import { newIdempotencyKey } from '../../../lib/idempotency';
import type { FormErrorDto, InvitationPreviewDto, Role } from '../../../lib/shared/accounts';
import { COUNTRIES, type CountryCode } from '../../../lib/shared/countries';
import { validateForm, type CustomCheck, type FormValues } from '../../../lib/shared/form-validation';
import { matchesDocumentType } from '../../../lib/shared/personal-data';
import { flushPersistedState } from '../../../lib/store';
import { uploadCredentials } from '../../credentials/api';
import { formQueries, registerWithForm, validateOnServer } from '../api';
import { establishSession } from '../../../lib/session/session';
import { DynamicField } from './dynamic-field';

interface RegistrationFormProps {
  country: CountryCode;
  role: Role;
  form: { id: number; key: string };
  invitationToken: string | null;
  invitation: InvitationPreviewDto | null;
  onRegistered: () => void;
}

/** Fields an invitation fixes: the patient registers with the identity the professional invited. */
/**
 * The server's custom checks the page can make itself, so a step says them before going on (the ones that need the
 * database, as whether an e-mail is taken, come with the server's answer at the end).
 */
const LOCAL_CHECKS: Record<string, CustomCheck> = {
  documentMatchesType: (value, values) => matchesDocumentType(values.document_type_id, String(value ?? '')),
};

function invitationValues(invitation: InvitationPreviewDto | null, token: string | null): FormValues {
  if (!invitation || !token) return {};
  const values: FormValues = { invitation_token: token };
  if (invitation.email) values.email = invitation.email;
  if (invitation.documentNumber) values.document_number = invitation.documentNumber;
  if (invitation.firstName) values.first_name = invitation.firstName;
  if (invitation.lastName) values.last_name = invitation.lastName;
  return values;
}

/** What the professional already wrote in the patient's record: starting values the patient may still correct. */
function recordValues(invitation: InvitationPreviewDto | null): FormValues {
  const record = invitation?.record;
  if (!record) return {};
  const values: FormValues = {};
  if (record.birthDate) values.birth_date = record.birthDate;
  if (record.gender) values.gender = record.gender;
  if (record.documentTypeId !== null) values.document_type_id = String(record.documentTypeId);
  if (record.countryCode) values.country_code = record.countryCode;
  if (record.phoneNumber) values.phone_number = record.phoneNumber;
  return values;
}

/** Product §2: registration in 2 steps (basic data, then access data), rendered from the server's form schema. */
export function RegistrationForm({ country, form, invitationToken, invitation, onRegistered }: RegistrationFormProps) {
  const { t } = useLingui();
  const schema = useQuery(formQueries.schema(country, form.id));
  const locked = invitationValues(invitation, invitationToken);
  const [values, setValues] = useState<FormValues>(() => ({ ...recordValues(invitation), ...locked }));
  const [files, setFiles] = useState<Record<string, File[]>>({});
  const [step, setStep] = useState(1);
  const [errors, setErrors] = useState<FormErrorDto[]>([]);
  const [failure, setFailure] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  if (schema.isPending) {
    return (
      <p role="status" className="muted">
        <Trans>Cargando formulario…</Trans>
      </p>
    );
  }
  if (schema.isError) {
    return (
      <p className="alert" role="alert">
        {errorMessage(schema.error)}
      </p>
    );
  }

  const definition = schema.data;
  const defaults: FormValues = Object.fromEntries(
    definition.fields
      .filter((field) => field.defaultValue !== undefined)
      .map((field) => [field.name, field.defaultValue]),
  );
  if (!values.country_code && definition.fields.some((field) => field.name === 'country_code')) {
    defaults.country_code = COUNTRIES[country].dialCode;
  }
  const current: FormValues = { ...defaults, ...values };
  const steps = definition.steps.length > 0 ? definition.steps : [{ step: 1, title: definition.title }];
  const lastStep = Math.max(...steps.map((item) => item.step));
  const errorOf = (name: string) => errors.find((error) => error.field === name)?.message;

  async function next(event: FormEvent) {
    event.preventDefault();
    setFailure(null);
    const stepErrors = await validateForm(definition, current, { step, customChecks: LOCAL_CHECKS });
    setErrors(stepErrors);
    if (stepErrors.length > 0) return;
    if (step < lastStep) {
      setStep(step + 1);
      return;
    }
    setPending(true);
    try {
      const serverErrors = await validateOnServer(country, form.id, current);
      if (serverErrors.length > 0) {
        setErrors(serverErrors);
        const firstStep = definition.fields.find((field) => field.name === serverErrors[0]?.field)?.step;
        if (firstStep) setStep(firstStep);
        return;
      }
      const answer = await registerWithForm(country, form.key, current);
      establishSession(country, answer.user, answer.expiresAt);
      await flushPersistedState();
      const documents = Object.values(files).flat();
      if (documents.length > 0) {
        // The professional card travels as credentials once the account (and its token) exists. On a connection
        // that drops meanwhile the service worker keeps it and sends it later; the account is made either way, and a
        // failure the outbox cannot help shows on the credentials panel (still "Sin cargar").
        await uploadCredentials(country, {
          files: documents,
          userId: answer.user.id,
          documentType: 'tarjeta-profesional',
          contactNumber: String(current.phone_number ?? ''),
          countryCode: String(current.country_code ?? COUNTRIES[country].dialCode),
          idempotencyKey: newIdempotencyKey(),
          outbox: {
            kind: 'credential',
            author: answer.user.uid,
            label: documents.map((file) => file.name).join(', '),
          },
        }).catch(() => undefined);
      }
      onRegistered();
    } catch (error) {
      setFailure(errorMessage(error));
    } finally {
      setPending(false);
    }
  }

  const visibleFields = definition.fields.filter((field) => field.step === step);
  return (
    <form onSubmit={(event) => void next(event)} noValidate aria-label={definition.title}>
      <ol className="steps">
        {steps.map((item) => (
          <li key={item.step} aria-current={item.step === step ? 'step' : undefined}>
            {item.title}
          </li>
        ))}
      </ol>
      {errors.length > 0 && (
        <div className="alert" role="alert">
          <p>
            <Trans>Revisa estos datos:</Trans>
          </p>
          <ul>
            {errors.map((error) => (
              <li key={error.field}>
                {definition.fields.find((field) => field.name === error.field)?.label ?? error.field}: {error.message}
              </li>
            ))}
          </ul>
        </div>
      )}
      {visibleFields.map((field) => (
        <DynamicField
          key={field.name}
          field={field}
          value={current[field.name]}
          files={files[field.name]}
          error={errorOf(field.name)}
          locked={field.name in locked}
          onChange={(value) => setValues((previous) => ({ ...previous, [field.name]: value }))}
          onFiles={(selected) => setFiles((previous) => ({ ...previous, [field.name]: selected }))}
        />
      ))}
      {failure && (
        <p className="alert" role="alert">
          {failure}
        </p>
      )}
      <div className="form-actions">
        {step > 1 ? (
          <button type="button" className="button button--secondary" onClick={() => setStep(step - 1)}>
            <Trans>Atrás</Trans>
          </button>
        ) : (
          <span />
        )}
        <button type="submit" className="button button--primary" disabled={pending}>
          {step < lastStep ? t`Siguiente` : pending ? t`Creando tu cuenta…` : t`Crear cuenta`}
        </button>
      </div>
    </form>
  );
}
