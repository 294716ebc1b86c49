import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Field } from '../../../components/ui/field';
import { TextField } from '../../../components/ui/text-field';
import { focusFirstInvalid } from '../../../lib/focus-first-invalid';
import { errorMessage } from '../../../lib/http';
import { COUNTRIES, COUNTRY_CODES } from '../../../lib/shared/countries';
import { validateForm } from '../../../lib/shared/form-validation';
import { MEDICAL_REQUEST_DESCRIPTION_MAX_LENGTH, MEDICAL_REQUEST_FORM_FIELDS } from '../../../lib/shared/prescriptions';
import { useCountry } from '../../../lib/use-country';
import { useOnline } from '../../../lib/use-online';
import { sendMedicalRequest } from '../api';

type RequestField = 'names' | 'last_names' | 'email' | 'country_id' | 'country_code' | 'mobile_number' | 'description';
type RequestValues = Record<RequestField, string>;

/** `/{c}/solicitar-atencion` (spec §2, §3): anyone asks for medical attention; every field is required. */
export function MedicalRequestPage() {
  const { t } = useLingui();
  const country = useCountry();
  const online = useOnline();
  const initial = (): RequestValues => ({
    names: '',
    last_names: '',
    email: '',
    country_id: String(COUNTRIES[country].countryId),
    country_code: COUNTRIES[country].dialCode,
    mobile_number: '',
    description: '',
  });
  const [values, setValues] = useState<RequestValues>(initial);
  const [errors, setErrors] = useState<Partial<Record<RequestField, string>>>({});
  const [submitted, setSubmitted] = useState(false);
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [sent, setSent] = useState<string | null>(null);
  const form = useRef<HTMLFormElement>(null);

  // Spec §5: 'Campo obligatorio', with the same rules the server applies, once the person tried to send.
  useEffect(() => {
    if (!submitted) return;
    let current = true;
    void validateForm({ fields: MEDICAL_REQUEST_FORM_FIELDS }, values).then((found) => {
      if (current) setErrors(Object.fromEntries(found.map((error) => [error.field, error.message])));
    });
    return () => {
      current = false;
    };
  }, [values, submitted]);

  const set = (field: RequestField) => (value: string) => setValues((previous) => ({ ...previous, [field]: value }));

  async function submit(event: FormEvent) {
    event.preventDefault();
    setSubmitted(true);
    setFailure(null);
    const found = await validateForm({ fields: MEDICAL_REQUEST_FORM_FIELDS }, values);
    setErrors(Object.fromEntries(found.map((error) => [error.field, error.message])));
    if (found.length > 0) {
      focusFirstInvalid(form.current);
      return;
    }
    setPending(true);
    try {
      await sendMedicalRequest(country, {
        names: values.names.trim(),
        last_names: values.last_names.trim(),
        email: values.email.trim(),
        country_id: Number(values.country_id),
        country_code: values.country_code,
        mobile_number: values.mobile_number.trim(),
        description: values.description.trim(),
      });
      setSent(values.email.trim());
      setValues(initial());
      setSubmitted(false);
      setErrors({});
    } catch (error) {
      setFailure(errorMessage(error));
    } finally {
      setPending(false);
    }
  }

  return (
    <section className="page stack medical-request" aria-labelledby="medical-request-title">
      <h1 id="medical-request-title">
        <Trans>Solicitar atención médica</Trans>
      </h1>
      <p>
        <Trans>Cuéntanos qué te está pasando y un profesional de nuestra red te contactará para orientarte.</Trans>
      </p>
      {sent && (
        <div className="notice notice--success" role="status">
          <p>
            <Trans>
              Recibimos tu solicitud. Te contactaremos muy pronto al celular o al correo {sent} que nos dejaste.
            </Trans>
          </p>
        </div>
      )}
      <form
        ref={form}
        className="card stack"
        onSubmit={(event) => void submit(event)}
        noValidate
        aria-label={t`Solicitud de atención médica`}
      >
        <div className="form-grid">
          <TextField
            label={t`Nombres`}
            required
            autoComplete="given-name"
            value={values.names}
            onValueChange={set('names')}
            error={errors.names}
          />
          <TextField
            label={t`Apellidos`}
            required
            autoComplete="family-name"
            value={values.last_names}
            onValueChange={set('last_names')}
            error={errors.last_names}
          />
          <TextField
            label={t`Correo electrónico`}
            required
            type="email"
            autoComplete="email"
            value={values.email}
            onValueChange={set('email')}
            error={errors.email}
          />
          <Field label={t`País`} required error={errors.country_id}>
            {({ id, describedBy, invalid }) => (
              <select
                id={id}
                className="input"
                value={values.country_id}
                aria-invalid={invalid}
                aria-describedby={describedBy}
                onChange={(event) => {
                  const chosen = COUNTRY_CODES.find((code) => String(COUNTRIES[code].countryId) === event.target.value);
                  setValues((previous) => ({
                    ...previous,
                    country_id: event.target.value,
                    country_code: chosen ? COUNTRIES[chosen].dialCode : previous.country_code,
                  }));
                }}
              >
                <option value="">{t`Selecciona`}</option>
                {COUNTRY_CODES.map((code) => (
                  <option key={code} value={COUNTRIES[code].countryId}>
                    {COUNTRIES[code].name}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <Field label={t`Indicativo`} required error={errors.country_code}>
            {({ id, describedBy, invalid }) => (
              <select
                id={id}
                className="input"
                value={values.country_code}
                aria-invalid={invalid}
                aria-describedby={describedBy}
                onChange={(event) => set('country_code')(event.target.value)}
              >
                <option value="">{t`Selecciona`}</option>
                {COUNTRY_CODES.map((code) => (
                  <option key={code} value={COUNTRIES[code].dialCode}>
                    {`${COUNTRIES[code].name} (${COUNTRIES[code].dialCode})`}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <TextField
            label={t`Número de celular`}
            required
            type="tel"
            autoComplete="tel-national"
            inputMode="tel"
            value={values.mobile_number}
            onValueChange={set('mobile_number')}
            error={errors.mobile_number}
          />
        </div>
        <Field label={t`Descripción de los problemas`} required error={errors.description}>
          {({ id, describedBy, invalid }) => (
            <textarea
              id={id}
              className="input"
              rows={5}
              maxLength={MEDICAL_REQUEST_DESCRIPTION_MAX_LENGTH}
              aria-invalid={invalid}
              aria-describedby={describedBy}
              value={values.description}
              onChange={(event) => set('description')(event.target.value)}
            />
          )}
        </Field>
        {failure && (
          <p className="alert" role="alert">
            {failure}
          </p>
        )}
        {!online && (
          <p className="notice" role="status">
            <Trans>Sin conexión: podrás enviar tu solicitud cuando vuelvas a estar en línea.</Trans>
          </p>
        )}
        <div className="form-actions">
          <button type="submit" className="button button--primary" disabled={pending || !online}>
            {pending ? t`Enviando…` : t`Enviar solicitud`}
          </button>
        </div>
      </form>
    </section>
  );
}
