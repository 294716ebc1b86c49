// The zod schemas of the account's own changes (issue #20): the server validates with them, the storefront's forms
// check with the same ones. Apart from `accounts.ts`, which the app shell imports, and from the sign-in calls'
// (`login-schemas.ts`), which the login screen carries without the account's.
import { DOCUMENT_TYPES, GENDERS } from './accounts';
import { isCalendarDate } from './calendar-date';
import { EMAIL_MAX_LENGTH } from './email';
import { givenText, queryText, requiredText, textValue } from './field-schemas';
import { emailSchema, optionalPasswordText, passwordProblem, passwordText, PASSWORD_RULE_MESSAGE } from './passwords';
import { PERSON_NAME_MAX_LENGTH } from './personal-data';
import { z } from './zod';

const MAX_SPECIALTY_LENGTH = 120;
const MAX_LICENSE_LENGTH = 40;
export const MIN_BIRTH_DATE = '1900-01-01';
// An identity an account already holds (409 at registration and at the patient register): shared so the patient form
// translates them.
export const EMAIL_TAKEN_MESSAGE = 'Ya existe una cuenta con este correo.';
export const DOCUMENT_TAKEN_MESSAGE = 'Ya existe una cuenta con este documento.';

export const BIRTH_DATE_MESSAGE = 'Escribe una fecha de nacimiento válida (AAAA-MM-DD) que no sea futura.';
export const GENDER_MESSAGE = 'Selecciona una opción válida.';
export const PHONE_DIGITS_MESSAGE = 'El número debe tener entre 7 y 15 dígitos.';
export const DIAL_CODE_MESSAGE = 'El indicativo del país no es válido.';
export const DOCUMENT_TYPE_COUNTRY_MESSAGE = 'El tipo de documento no es válido para tu país.';
export const NOTHING_TO_CHANGE_MESSAGE = 'Indica el nuevo correo o la nueva contraseña.';

/**
 * A profile field the person may empty: blank or null is null (emptied), a key not sent is left as it is (undefined),
 * anything else is judged by `value`.
 */
const clearable = <T extends z.ZodType>(value: T) =>
  z.preprocess((raw) => (raw === null || givenText(raw) === undefined ? null : givenText(raw)), value.nullable());

/**
 * `PATCH /auth/profile`: the fields sent, each judged; keys not sent are left alone, unknown ones (id, role, e-mail…)
 * ignored. The document type must exist; whether it is one of the user's country the route says (`documentTypeFits`).
 */
export const profileUpdateSchema = z.object({
  first_name: requiredText(PERSON_NAME_MAX_LENGTH).optional(),
  last_name: requiredText(PERSON_NAME_MAX_LENGTH).optional(),
  birth_date: clearable(
    textValue(10).refine(
      (value) => isCalendarDate(value) && value >= MIN_BIRTH_DATE && value <= new Date().toISOString().slice(0, 10),
      { error: BIRTH_DATE_MESSAGE },
    ),
  ).optional(),
  gender: clearable(textValue(40).pipe(z.enum(GENDERS, { error: GENDER_MESSAGE }))).optional(),
  phone_number: clearable(
    textValue(30)
      .transform((value) => value.replace(/[\s\-().]/g, ''))
      .refine((value) => /^[0-9]{7,15}$/.test(value), { error: PHONE_DIGITS_MESSAGE }),
  ).optional(),
  country_code: clearable(textValue(5).regex(/^\+[0-9]{1,4}$/, { error: DIAL_CODE_MESSAGE })).optional(),
  specialty: clearable(textValue(MAX_SPECIALTY_LENGTH)).optional(),
  professional_license_number: clearable(textValue(MAX_LICENSE_LENGTH)).optional(),
  document_type_id: clearable(
    textValue(10).transform((text, ctx) => {
      const type = DOCUMENT_TYPES.find((candidate) => String(candidate.id) === text);
      if (type) return type.id;
      ctx.issues.push({ code: 'custom', message: DOCUMENT_TYPE_COUNTRY_MESSAGE, input: text });
      return z.NEVER;
    }),
  ).optional(),
});
export type ProfileUpdate = z.output<typeof profileUpdateSchema>;

/** Whether a document type (`DOCUMENT_TYPES` id) is one of the country's, or of any (the passport). */
export function documentTypeFits(typeId: number, countryId: number): boolean {
  const type = DOCUMENT_TYPES.find((candidate) => candidate.id === typeId);
  return type !== undefined && (type.countryId === null || type.countryId === countryId);
}

/**
 * `POST /auth/access`: the current password, and a new e-mail or a new password (at least one: the route says so
 * when the e-mail sent is the one the account has).
 */
export const accessChangeSchema = z.object({
  currentPassword: passwordText,
  email: z.preprocess((raw) => (givenText(raw) === undefined ? undefined : raw), emailSchema.optional()),
  newPassword: optionalPasswordText.refine((value) => value === undefined || passwordProblem(value) === undefined, {
    error: (issue) => passwordProblem(String(issue.input)) ?? PASSWORD_RULE_MESSAGE,
  }),
});

const QUERY_DOCUMENT_MAX_LENGTH = 40;

/** `GET /users/check-existence`: whether an e-mail or a document already has an account. */
export const existenceQuerySchema = z.object({
  email: queryText('email', EMAIL_MAX_LENGTH),
  documentNumber: queryText('documentNumber', QUERY_DOCUMENT_MAX_LENGTH),
});

/** Product §7: the storefront looks users up by any of these query names. */
export const DOCUMENT_QUERY_ALIASES = [
  'documentNumber',
  'document',
  'dni',
  'identification',
  'document_number',
  'identificationNumber',
  'cedula',
  'doc',
  'num_documento',
  'q',
  'search',
] as const;

/** `GET /users?<alias>=`: a document under any of its names; the route reads the first one given. */
export const userSearchQuerySchema = z.object(
  Object.fromEntries(DOCUMENT_QUERY_ALIASES.map((alias) => [alias, queryText(alias, QUERY_DOCUMENT_MAX_LENGTH)])) as {
    [Alias in (typeof DOCUMENT_QUERY_ALIASES)[number]]: ReturnType<typeof queryText>;
  },
);
