// The zod schemas of the patient register's requests (issue #20): `POST /patients`, `PATCH /patients/{id}`, the
// register's list and a patient's strategies by date. The server validates with them and the patient form checks with
// the same ones, so both refuse the same values with the same (Spanish) words. Apart from `prescriptions.ts`, so the
// screens that only read patients do not carry zod.
import { DOCUMENT_TYPES, GENDERS } from './accounts';
import { isCalendarDate } from './calendar-date';
import { COUNTRIES } from './countries';
import { givenText, maxLengthMessage, pagingQuery, queryOneOf, queryText, textValue } from './field-schemas';
import { EMAIL_MAX_LENGTH, EMAIL_PATTERN } from './email';
import { normalizeDocument, normalizeEmail } from './identifiers';
import { phoneDigits } from './phone-digits';
import {
  ADHERENCE_FILTER_PARAM,
  ADHERENCE_FILTER_RUNNING_OUT,
  COUNTRY_CHOICE_MESSAGE,
  DIAL_CODE_CHOICE_MESSAGE,
  EMAIL_FORMAT_MESSAGE,
  NAME_MAX_LENGTH,
  PATIENT_REQUIRED_MESSAGE,
  PATIENTS_MAX_PAGE_SIZE,
  PATIENTS_PAGE_SIZE,
  PHONE_DIGITS_MESSAGE,
} from './prescriptions';
import { PATIENT_ATTESTATION_FIELD, PATIENT_ATTESTATION_MESSAGE } from './privacy';
import { z } from './zod';

export const BIRTH_DATE_FORMAT_MESSAGE = 'Escribe la fecha como AAAA-MM-DD.';
export const BIRTH_DATE_RANGE_MESSAGE = 'Revisa la fecha de nacimiento.';
export const FUTURE_BIRTH_DATE_MESSAGE = 'La fecha de nacimiento no puede ser futura.';
export const NO_SUCH_BIRTH_DATE_MESSAGE = 'La fecha de nacimiento no existe.';
export const GENDER_CHOICE_MESSAGE = 'Selecciona una opción de la lista.';
export const DOCUMENT_TYPE_CHOICE_MESSAGE = 'Selecciona un tipo de documento de la lista.';
export const DOCUMENT_FORMAT_MESSAGE = 'El documento debe tener entre 5 y 20 letras o números.';
export const REVERSED_DATE_RANGE_MESSAGE = 'La fecha inicial no puede ser posterior a la final.';
// The register's refusals of an identity (409, at the field that clashes): shared so the form translates them.
export const ALREADY_YOUR_PATIENT_MESSAGE = 'Este paciente ya está en tu lista de pacientes.';
export const EMAIL_OF_ANOTHER_PATIENT_MESSAGE = 'Este correo ya pertenece a otro paciente registrado.';
export const DOCUMENT_OF_ANOTHER_PATIENT_MESSAGE = 'Este documento ya pertenece a otro paciente registrado.';
export const dateParamMessage = (name: string) => `La fecha "${name}" debe tener el formato AAAA-MM-DD.`;

/** Longest text any field may carry before its own rules look at it. */
const FIELD_MAX_LENGTH = 5000;
const EARLIEST_BIRTH_DATE = '1900-01-01';
const ISO_DATE_LENGTH = 10;
const SEARCH_MAX_LENGTH = 100;

/** A document as stored (after `normalizeDocument`): 5 to 20 letters or digits. */
export const isDocumentNumber = (value: string) => /^[A-Za-z0-9]{5,20}$/.test(value);

/** A rule of a field: what a given value must hold, and what is answered when it does not. */
type Rule = readonly [holds: (value: string) => boolean, message: string];

const oneOf = (allowed: readonly (string | number)[], message: string): Rule => [
  (value) => allowed.some((candidate) => String(candidate) === value),
  message,
];

/**
 * A field as the form sends it: text (a number typed in a select reads as text), trimmed, normalised (a document
 * without dots, a phone's digits); blank, null or missing is not given (undefined). A given value is refused with the
 * message of the first rule it breaks.
 */
function formValue(rules: readonly Rule[], normalize?: (value: string) => string) {
  return z.preprocess(givenText, textValue(FIELD_MAX_LENGTH).optional()).transform((text, ctx) => {
    const value = text === undefined || !normalize ? text : normalize(text) || undefined;
    const broken = value === undefined ? undefined : rules.find(([holds]) => !holds(value));
    if (broken === undefined) return value;
    ctx.issues.push({ code: 'custom', message: broken[1], input: text });
    return z.NEVER;
  });
}

/**
 * A field marked with an asterisk (product §5): not given is "Debes completar este campo". The issue is zod's
 * `custom`, not a type error: a type error of a missing value is reported as the generic "Campo obligatorio".
 */
function requiredValue(rules: readonly Rule[], normalize?: (value: string) => string) {
  return formValue(rules, normalize).transform((value, ctx): string => {
    if (value !== undefined) return value;
    ctx.issues.push({ code: 'custom', message: PATIENT_REQUIRED_MESSAGE, input: value });
    return z.NEVER;
  });
}

const maxLength = (length: number): Rule => [(value) => value.length <= length, maxLengthMessage(length)];

/**
 * The patient form (product §3 fields, §5 required ones), in the order the form shows them. Select values may come as
 * text ('1') or numbers. Output: the register's columns; `country_id` is undefined when not given (creation: the
 * session's country; it cannot be emptied).
 */
const patientShape = {
  first_name: requiredValue([maxLength(NAME_MAX_LENGTH)]),
  last_name: requiredValue([maxLength(NAME_MAX_LENGTH)]),
  birth_date: requiredValue([
    [(value) => /^\d{4}-\d{2}-\d{2}$/.test(value), BIRTH_DATE_FORMAT_MESSAGE],
    [(value) => value >= EARLIEST_BIRTH_DATE, BIRTH_DATE_RANGE_MESSAGE],
    [(value) => value <= new Date().toISOString().slice(0, ISO_DATE_LENGTH), FUTURE_BIRTH_DATE_MESSAGE],
    [isCalendarDate, NO_SUCH_BIRTH_DATE_MESSAGE],
  ]),
  gender: formValue([oneOf(GENDERS, GENDER_CHOICE_MESSAGE)]).transform((value) => value ?? null),
  email: requiredValue(
    [[(value) => EMAIL_PATTERN.test(value), EMAIL_FORMAT_MESSAGE], maxLength(EMAIL_MAX_LENGTH)],
    normalizeEmail,
  ),
  country_id: formValue([
    oneOf(
      Object.values(COUNTRIES).map((country) => country.countryId),
      COUNTRY_CHOICE_MESSAGE,
    ),
  ]).transform((value) => (value === undefined ? undefined : Number(value))),
  document_type_id: formValue([
    oneOf(
      DOCUMENT_TYPES.map((type) => type.id),
      DOCUMENT_TYPE_CHOICE_MESSAGE,
    ),
  ]).transform((value) => (value === undefined ? null : Number(value))),
  document_number: requiredValue([[isDocumentNumber, DOCUMENT_FORMAT_MESSAGE]], normalizeDocument),
  country_code: formValue([
    oneOf(
      Object.values(COUNTRIES).map((country) => country.dialCode),
      DIAL_CODE_CHOICE_MESSAGE,
    ),
  ]).transform((value) => value ?? null),
  phone_number: requiredValue([[(value) => /^[0-9]{7,15}$/.test(value), PHONE_DIGITS_MESSAGE]], phoneDigits),
};

/** The form as the professional fills it in; the storefront checks it before sending. */
export const patientFormSchema = z.object(patientShape);

/** `PATCH /patients/{id}`: only the fields present are read (null or blank empties an optional one). */
export const patientChangesSchema = patientFormSchema.partial();

/**
 * `POST /patients`: the whole form and the professional's attestation that they hold the patient's consent, refused
 * together with the form's other problems, after them.
 */
export const createPatientSchema = patientFormSchema.extend({
  [PATIENT_ATTESTATION_FIELD]: z.transform((value: unknown, ctx) => {
    if (value === true) return true as const;
    ctx.issues.push({ code: 'custom', message: PATIENT_ATTESTATION_MESSAGE, input: value });
    return z.NEVER;
  }),
});

export type PatientColumnsInput = z.output<typeof patientChangesSchema>;

/** `GET /patients`: words of a name or e-mail, the running-out filter and the page. */
export const patientListQuerySchema = z.object({
  search: queryText('search', SEARCH_MAX_LENGTH),
  [ADHERENCE_FILTER_PARAM]: queryOneOf(ADHERENCE_FILTER_PARAM, [ADHERENCE_FILTER_RUNNING_OUT] as const),
  ...pagingQuery(PATIENTS_PAGE_SIZE, PATIENTS_MAX_PAGE_SIZE),
});

const dateParam = (name: string) =>
  queryText(name, ISO_DATE_LENGTH).refine((value) => value === undefined || isCalendarDate(value), {
    error: dateParamMessage(name),
  });

const isRealDay = (value: unknown): value is string => typeof value === 'string' && isCalendarDate(value);

/** `?from=&to=` of a search by date (product §2): real days (inclusive, the viewer's country's), `from` not after `to`. */
export const dateRangeQuerySchema = z
  .object({ from: dateParam('from'), to: dateParam('to') })
  // Judged only when both are real days: a wrong one has its own message.
  .refine(({ from, to }) => !isRealDay(from) || !isRealDay(to) || from <= to, {
    error: REVERSED_DATE_RANGE_MESSAGE,
    path: ['from'],
  });

export type DateRange = z.output<typeof dateRangeQuerySchema>;
