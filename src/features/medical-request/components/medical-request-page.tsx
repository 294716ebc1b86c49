import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useRef, useState, type FormEvent, type InputHTMLAttributes } from 'react';
import { flushSync } from 'react-dom';
import { useSearchParams } from 'react-router';
import { Field } from '../../../components/ui/field';
import { TextField } from '../../../components/ui/text-field';
import { focusFirstInvalid } from '../../../lib/focus-first-invalid';
import { errorMessage } from '../../../lib/http';
import { COUNTRIES, COUNTRY_CODES, type CountryCode } from '../../../lib/shared/countries';
import { validateForm } from '../../../lib/shared/form-validation';
import {
  MEDICAL_REQUEST_DESCRIPTION_MAX_LENGTH,
  MEDICAL_REQUEST_FORM_FIELDS,
  type MedicalRequestTopic,
} from '../../../lib/shared/prescriptions';
import { useCountry } from '../../../lib/use-country';
import { useOnline } from '../../../lib/use-online';
import { useSendMedicalRequest } from '../api';

type RequestField = 'names' | 'last_names' | 'email' | 'country_id' | 'country_code' | 'mobile_number' | 'description';
type RequestValues = Record<RequestField, string>;

/** `?motivo=` of the links that bring here when the country has no chat (issue #19). */
const TOPIC_PARAMS: Record<string, MedicalRequestTopic> = {
  'producto-personalizado': 'custom_product',
  asesor: 'advisor',
};

/** The page's words for each topic: the same form and the same inbox, another question. */
function useTopicTexts(topic: MedicalRequestTopic) {
  const { t } = useLingui();
  switch (topic) {
    case 'custom_product':
      return {
        title: t`Solicitar un producto personalizado`,
        intro: t`Cuéntanos qué fórmula necesitas (principios activos, concentración y forma farmacéutica) y un químico farmacéutico te contactará para cotizarla.`,
        form: t`Solicitud de producto personalizado`,
        description: t`Describe el producto que necesitas`,
      };
    case 'advisor':
      return {
        title: t`Hablar con un asesor`,
        intro: t`Déjanos tus datos y cuéntanos en qué te podemos ayudar: un asesor te contactará.`,
        form: t`Solicitud para hablar con un asesor`,
        description: t`¿En qué te podemos ayudar?`,
      };
    case 'attention':
      return {
        title: t`Solicitar atención médica`,
        intro: t`Cuéntanos qué te está pasando y un profesional de nuestra red te contactará para orientarte.`,
        form: t`Solicitud de atención médica`,
        description: t`Descripción de los problemas`,
      };
  }
}

/**
 * `/{c}/solicitar-atencion` (product §2, §3): anyone asks for medical attention; every field is required. With
 * `?motivo=producto-personalizado` or `?motivo=asesor` the same form asks for a custom product or a talk with an
 * advisor (issue #19), and the admins see what each request is about.
 */
export function MedicalRequestPage() {
  const { t } = useLingui();
  const country = useCountry();
  const online = useOnline();
  const [searchParams] = useSearchParams();
  const topic = TOPIC_PARAMS[searchParams.get('motivo') ?? ''] ?? 'attention';
  const texts = useTopicTexts(topic);
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
  const sending = useSendMedicalRequest(country);
  const pending = sending.isPending;
  const failure = sending.error ? errorMessage(sending.error) : null;
  const [sent, setSent] = useState<string | null>(null);
  const form = useRef<HTMLFormElement>(null);

  // Product §5: 'Campo obligatorio', with the same rules the server applies, once the person tried to send.
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
  // Every field is required (product §2).
  const text = (
    field: RequestField,
    label: string,
    input: Pick<InputHTMLAttributes<HTMLInputElement>, 'type' | 'autoComplete' | 'inputMode'>,
  ) => (
    <TextField
      label={label}
      required
      value={values[field]}
      onValueChange={set(field)}
      error={errors[field]}
      {...input}
    />
  );

  async function submit(event: FormEvent) {
    event.preventDefault();
    setSubmitted(true);
    sending.reset();
    const found = await validateForm({ fields: MEDICAL_REQUEST_FORM_FIELDS }, values);
    flushSync(() => setErrors(Object.fromEntries(found.map((error) => [error.field, error.message]))));
    if (found.length > 0) {
      focusFirstInvalid(form.current);
      return;
    }
    // A failure is shown from `sending.error`; the form keeps what was typed.
    const request = await sending
      .mutateAsync({
        names: values.names.trim(),
        last_names: values.last_names.trim(),
        email: values.email.trim(),
        country_id: Number(values.country_id),
        country_code: values.country_code,
        mobile_number: values.mobile_number.trim(),
        description: values.description.trim(),
        topic,
      })
      .catch(() => null);
    if (!request) return;
    setSent(values.email.trim());
    setValues(initial());
    setSubmitted(false);
    setErrors({});
  }

  return (
    <section className="page stack medical-request" aria-labelledby="medical-request-title">
      <h1 id="medical-request-title">{texts.title}</h1>
      <p>{texts.intro}</p>
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
        aria-label={texts.form}
      >
        <div className="form-grid">
          {text('names', t`Nombres`, { autoComplete: 'given-name' })}
          {text('last_names', t`Apellidos`, { autoComplete: 'family-name' })}
          {text('email', t`Correo electrónico`, { type: 'email', autoComplete: 'email' })}
          <CountrySelect
            label={t`País`}
            value={values.country_id}
            error={errors.country_id}
            choice={(country) => ({ value: String(country.countryId), label: country.name })}
            onChange={(countryId) => {
              const chosen = COUNTRY_CODES.find((code) => String(COUNTRIES[code].countryId) === countryId);
              setValues((previous) => ({
                ...previous,
                country_id: countryId,
                country_code: chosen ? COUNTRIES[chosen].dialCode : previous.country_code,
              }));
            }}
          />
          <CountrySelect
            label={t`Indicativo`}
            value={values.country_code}
            error={errors.country_code}
            choice={(country) => ({ value: country.dialCode, label: `${country.name} (${country.dialCode})` })}
            onChange={set('country_code')}
          />
          {text('mobile_number', t`Número de celular`, { type: 'tel', autoComplete: 'tel-national', inputMode: 'tel' })}
        </div>
        <Field label={texts.description} required error={errors.description}>
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

interface CountrySelectProps {
  label: string;
  value: string;
  error: string | undefined;
  /** What an option of a country sends and says. */
  choice: (country: (typeof COUNTRIES)[CountryCode]) => { value: string; label: string };
  onChange: (value: string) => void;
}

/** A required select over the store's countries: the country itself, or its dialling code. */
function CountrySelect({ label, value, error, choice, onChange }: CountrySelectProps) {
  const { t } = useLingui();
  return (
    <Field label={label} required error={error}>
      {({ id, describedBy, invalid }) => (
        <select
          id={id}
          className="input"
          value={value}
          aria-invalid={invalid}
          aria-describedby={describedBy}
          onChange={(event) => onChange(event.target.value)}
        >
          <option value="">{t`Selecciona`}</option>
          {COUNTRY_CODES.map((code) => {
            const option = choice(COUNTRIES[code]);
            return (
              <option key={code} value={option.value}>
                {option.label}
              </option>
            );
          })}
        </select>
      )}
    </Field>
  );
}
