// Product §3 patient data and form fields, §5 required ones: the values a professional types, checked with the same
// rules the server applies (`PATIENT_FORM_FIELDS`), and the `complete` flag.

import { COUNTRIES, type CountryCode } from '../../lib/shared/countries';
import { validateForm } from '../../lib/shared/form-validation';
import {
  CALENDAR_DATE_CHECK,
  PATIENT_COMPLETE_FIELDS,
  PATIENT_FORM_FIELDS,
  type PatientDto,
  type PatientInputDto,
} from '../../lib/shared/prescriptions';

export type PatientField = (typeof PATIENT_COMPLETE_FIELDS)[number];
/** Every value as typed (select values are strings, '1' for Colombia). */
export type PatientFormValues = Record<PatientField, string>;
export type PatientFormErrors = Partial<Record<PatientField, string>>;

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

/** A real calendar day: '2001-02-30' has the right shape but is no date. */
export function isCalendarDate(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value.trim());
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** The server's own rules, run as the professional types: one message per field, the first rule it breaks. */
export async function validatePatientForm(values: PatientFormValues): Promise<PatientFormErrors> {
  const errors = await validateForm({ fields: PATIENT_FORM_FIELDS }, values, {
    customChecks: { [CALENDAR_DATE_CHECK]: (value) => typeof value === 'string' && isCalendarDate(value) },
  });
  return Object.fromEntries(errors.map((error) => [error.field, error.message])) as PatientFormErrors;
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
