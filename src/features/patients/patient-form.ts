// Product §3 patient data and form fields, §5 required ones: the values a professional types, checked with the
// server's own schema (`patientFormSchema`), and the `complete` flag.

import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { COUNTRIES, type CountryCode } from '../../lib/shared/countries';
import { CONTROL_CHARACTERS_MESSAGE, INVALID_VALUE_MESSAGE, maxLengthMessage } from '../../lib/shared/field-schemas';
import { DOCUMENT_TAKEN_MESSAGE, EMAIL_TAKEN_MESSAGE } from '../../lib/shared/account-schemas';
import {
  ALREADY_YOUR_PATIENT_MESSAGE,
  BIRTH_DATE_FORMAT_MESSAGE,
  BIRTH_DATE_RANGE_MESSAGE,
  DOCUMENT_FORMAT_MESSAGE,
  DOCUMENT_OF_ANOTHER_PATIENT_MESSAGE,
  DOCUMENT_TYPE_CHOICE_MESSAGE,
  EMAIL_OF_ANOTHER_PATIENT_MESSAGE,
  FUTURE_BIRTH_DATE_MESSAGE,
  GENDER_CHOICE_MESSAGE,
  NO_SUCH_BIRTH_DATE_MESSAGE,
  patientFormSchema,
} from '../../lib/shared/patient-schemas';
import {
  COUNTRY_CHOICE_MESSAGE,
  DIAL_CODE_CHOICE_MESSAGE,
  EMAIL_FORMAT_MESSAGE,
  NAME_MAX_LENGTH,
  PATIENT_COMPLETE_FIELDS,
  PATIENT_REQUIRED_MESSAGE,
  PHONE_DIGITS_MESSAGE,
  type PatientDto,
  type PatientInputDto,
} from '../../lib/shared/prescriptions';
import { EMAIL_MAX_LENGTH } from '../../lib/shared/email';
import { messagesByText } from '../../lib/messages-by-text';

export type PatientField = (typeof PATIENT_COMPLETE_FIELDS)[number];
/** Every value as typed (select values are strings, '1' for Colombia). */
export type PatientFormValues = Record<PatientField, string>;
export type PatientFormErrors = Partial<Record<PatientField, MessageDescriptor>>;

export function emptyPatientForm(country: CountryCode): PatientFormValues {
  return {
    first_name: '',
    last_name: '',
    birth_date: '',
    gender: '',
    email: '',
    country_id: String(COUNTRIES[country].countryId),
    document_type_id: '',
    document_number: '',
    country_code: COUNTRIES[country].dialCode,
    phone_number: '',
  };
}

export function patientFormFrom(patient: PatientDto): PatientFormValues {
  return {
    first_name: patient.first_name,
    last_name: patient.last_name,
    birth_date: patient.birth_date ?? '',
    gender: patient.gender ?? '',
    email: patient.email,
    country_id: String(patient.country_id),
    document_type_id: patient.document_type_id === null ? '' : String(patient.document_type_id),
    document_number: patient.document_number ?? '',
    country_code: patient.country_code ?? '',
    phone_number: patient.phone_number ?? '',
  };
}

/** Product §3: `complete` is true only when every listed field is non-empty. */
export function isPatientComplete(values: PatientFormValues): boolean {
  return PATIENT_COMPLETE_FIELDS.every((field) => values[field].trim() !== '');
}

/** The longest text a field carries before its own rules look at it (the schema's). */
const FIELD_MAX_LENGTH = 5000;

/**
 * The schema's Spanish messages through the catalogue, in the same words (the form's test pins each one); one
 * without an entry is shown as the schema says it.
 */
const SCHEMA_MESSAGES: Record<string, MessageDescriptor> = {
  [PATIENT_REQUIRED_MESSAGE]: msg`Debes completar este campo`,
  [BIRTH_DATE_FORMAT_MESSAGE]: msg`Escribe la fecha como AAAA-MM-DD.`,
  [BIRTH_DATE_RANGE_MESSAGE]: msg`Revisa la fecha de nacimiento.`,
  [FUTURE_BIRTH_DATE_MESSAGE]: msg`La fecha de nacimiento no puede ser futura.`,
  [NO_SUCH_BIRTH_DATE_MESSAGE]: msg`La fecha de nacimiento no existe.`,
  [GENDER_CHOICE_MESSAGE]: msg`Selecciona una opción de la lista.`,
  [EMAIL_FORMAT_MESSAGE]: msg`Escribe un correo electrónico válido.`,
  [COUNTRY_CHOICE_MESSAGE]: msg`Selecciona un país de la lista.`,
  [DOCUMENT_TYPE_CHOICE_MESSAGE]: msg`Selecciona un tipo de documento de la lista.`,
  [DOCUMENT_FORMAT_MESSAGE]: msg`El documento debe tener entre 5 y 20 letras o números.`,
  [DIAL_CODE_CHOICE_MESSAGE]: msg`Selecciona el indicativo de la lista.`,
  [PHONE_DIGITS_MESSAGE]: msg`El número debe tener entre 7 y 15 dígitos.`,
  [INVALID_VALUE_MESSAGE]: msg`Valor no válido.`,
  [CONTROL_CHARACTERS_MESSAGE]: msg`Contiene caracteres no válidos.`,
  // The server's refusals of an e-mail or document another record holds, shown at that field.
  [ALREADY_YOUR_PATIENT_MESSAGE]: msg`Este paciente ya está en tu lista de pacientes.`,
  [EMAIL_OF_ANOTHER_PATIENT_MESSAGE]: msg`Este correo ya pertenece a otro paciente registrado.`,
  [DOCUMENT_OF_ANOTHER_PATIENT_MESSAGE]: msg`Este documento ya pertenece a otro paciente registrado.`,
  [EMAIL_TAKEN_MESSAGE]: msg`Ya existe una cuenta con este correo.`,
  [DOCUMENT_TAKEN_MESSAGE]: msg`Ya existe una cuenta con este documento.`,
  ...Object.fromEntries(
    [NAME_MAX_LENGTH, EMAIL_MAX_LENGTH, FIELD_MAX_LENGTH].map((count) => [
      maxLengthMessage(count),
      msg`Máximo ${count} caracteres.`,
    ]),
  ),
};

/** A message of the schema as the form shows it. */
export const patientSchemaMessage = messagesByText(SCHEMA_MESSAGES);

/** The server's own schema, run as the professional types: one message per field, the first rule it breaks. */
export function checkPatientForm(values: PatientFormValues): PatientFormErrors {
  const errors: PatientFormErrors = {};
  for (const issue of patientFormSchema.safeParse(values).error?.issues ?? []) {
    errors[issue.path[0] as PatientField] ??= patientSchemaMessage(issue.message);
  }
  return errors;
}

/** `POST /patients` body; separators in the document and the phone are left for the server to strip. */
export function patientInput(values: PatientFormValues): PatientInputDto {
  const trimmed = (field: PatientField) => values[field].trim();
  return {
    first_name: trimmed('first_name'),
    last_name: trimmed('last_name'),
    birth_date: trimmed('birth_date'),
    gender: trimmed('gender') || null,
    email: trimmed('email'),
    ...(trimmed('country_id') ? { country_id: Number(trimmed('country_id')) } : {}),
    document_type_id: trimmed('document_type_id') ? Number(trimmed('document_type_id')) : null,
    document_number: trimmed('document_number'),
    country_code: trimmed('country_code') || null,
    phone_number: trimmed('phone_number'),
  };
}

/** Only what changed, for `PATCH /patients/{id}`. */
export function patientChanges(before: PatientFormValues, after: PatientFormValues): Partial<PatientInputDto> {
  const input = patientInput(after);
  const previous = patientInput(before);
  const changes: Partial<PatientInputDto> = {};
  for (const key of Object.keys(input) as (keyof PatientInputDto)[]) {
    if (input[key] !== previous[key]) Object.assign(changes, { [key]: input[key] });
  }
  return changes;
}
