import { useLingui } from '@lingui/react/macro';
import { ChoiceField, type Choice } from '../../../components/ui/choice-field';
import { TextField } from '../../../components/ui/text-field';
import { DOCUMENT_TYPES } from '../../../lib/shared/accounts';
import { COUNTRY_CHOICES, DIAL_CODE_CHOICES } from '../../../lib/ui/country-choices';
import { PATIENT_REQUIRED_FIELDS } from '../../../lib/shared/prescriptions';
import type { PatientField, PatientFormErrors, PatientFormValues } from '../patient-form';
import { useGenderLabels } from '../../account/gender-labels';

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
  const genders = useGenderLabels();
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
  const select = (field: PatientField, label: string, choices: Choice[]) => (
    <ChoiceField
      label={label}
      required={isRequired(field)}
      placeholder={t`Selecciona`}
      choices={choices}
      value={values[field]}
      onValueChange={(value) => onChange(field, value)}
      error={errorOf(field)}
    />
  );

  return (
    <div className="form-grid">
      {text('first_name', t`Nombres`, { autoComplete: 'off' })}
      {text('last_name', t`Apellidos`, { autoComplete: 'off' })}
      {text('birth_date', t`Fecha de nacimiento`, { type: 'date' })}
      {select('gender', t`Género`, genders.choices)}
      {text('email', t`Correo electrónico`, { type: 'email', autoComplete: 'off' })}
      {select('country_id', t`Ubicación`, COUNTRY_CHOICES)}
      {select(
        'document_type_id',
        t`Tipo de documento`,
        documentTypes.map((type) => ({ value: String(type.id), label: type.name })),
      )}
      {text('document_number', t`Número de documento`, { autoComplete: 'off' })}
      {select('country_code', t`Indicativo`, DIAL_CODE_CHOICES)}
      {text('phone_number', t`Número de teléfono`, { type: 'tel', autoComplete: 'off' })}
    </div>
  );
}
