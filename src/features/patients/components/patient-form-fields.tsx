import { useLingui } from '@lingui/react/macro';
import { Field } from '../../../components/ui/field';
import { TextField } from '../../../components/ui/text-field';
import { DOCUMENT_TYPES, GENDERS } from '../../../lib/shared/accounts';
import { COUNTRIES, COUNTRY_CODES } from '../../../lib/shared/countries';
import { PATIENT_REQUIRED_FIELDS } from '../../../lib/shared/prescriptions';
import type { PatientField, PatientFormErrors, PatientFormValues } from '../patient-form';

interface PatientFormFieldsProps {
  values: PatientFormValues;
  errors: PatientFormErrors;
  onChange: (field: PatientField, value: string) => void;
}

const isRequired = (field: PatientField) => (PATIENT_REQUIRED_FIELDS as readonly string[]).includes(field);

/** Product §3 patient form fields, with the asterisk on the required ones (product §5). */
export function PatientFormFields({ values, errors, onChange }: PatientFormFieldsProps) {
  const { t, i18n } = useLingui();
  const errorOf = (field: PatientField) => {
    const message = errors[field];
    return message && i18n._(message);
  };
  const genderLabels: Record<(typeof GENDERS)[number], string> = {
    femenino: t`Femenino`,
    masculino: t`Masculino`,
    otro: t`Otro`,
    'prefiero-no-decir': t`Prefiero no decirlo`,
  };
  const countryId = Number(values.country_id);
  const documentTypes = DOCUMENT_TYPES.filter((type) => type.countryId === null || type.countryId === countryId);
  const text = (field: PatientField, label: string, input: { type?: string; autoComplete?: string } = {}) => (
    <TextField
      label={label}
      required={isRequired(field)}
      value={values[field]}
      onValueChange={(value) => onChange(field, value)}
      error={errorOf(field)}
      {...input}
    />
  );
  const select = (field: PatientField, label: string, options: { value: string; label: string }[]) => (
    <Field label={label} required={isRequired(field)} error={errorOf(field)}>
      {({ id, describedBy, invalid }) => (
        <select
          id={id}
          className="input"
          value={values[field]}
          aria-invalid={invalid}
          aria-describedby={describedBy}
          onChange={(event) => onChange(field, event.target.value)}
        >
          <option value="">{t`Selecciona`}</option>
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      )}
    </Field>
  );

  return (
    <div className="form-grid">
      {text('first_name', t`Nombres`, { autoComplete: 'off' })}
      {text('last_name', t`Apellidos`, { autoComplete: 'off' })}
      {text('birth_date', t`Fecha de nacimiento`, { type: 'date' })}
      {select(
        'gender',
        t`Género`,
        GENDERS.map((gender) => ({ value: gender, label: genderLabels[gender] })),
      )}
      {text('email', t`Correo electrónico`, { type: 'email', autoComplete: 'off' })}
      {select(
        'country_id',
        t`Ubicación`,
        COUNTRY_CODES.map((code) => ({ value: String(COUNTRIES[code].countryId), label: COUNTRIES[code].name })),
      )}
      {select(
        'document_type_id',
        t`Tipo de documento`,
        documentTypes.map((type) => ({ value: String(type.id), label: type.name })),
      )}
      {text('document_number', t`Número de documento`, { autoComplete: 'off' })}
      {select(
        'country_code',
        t`Indicativo`,
        COUNTRY_CODES.map((code) => ({
          value: COUNTRIES[code].dialCode,
          label: `${COUNTRIES[code].name} (${COUNTRIES[code].dialCode})`,
        })),
      )}
      {text('phone_number', t`Número de teléfono`, { type: 'tel', autoComplete: 'off' })}
    </div>
  );
}
