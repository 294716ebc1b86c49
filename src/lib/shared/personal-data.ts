import { DOCUMENT_TYPES, type FormRuleDto } from './accounts';
import { z } from './zod';

// Length and format limits of the personal data a buyer or a new account types (issue #16): one set of zod schemas
// the storefront checks at the step where the data is typed and the server checks again, so both say the same
// Spanish message. Whether a field is required stays with each form (checkout and registration word it differently).

const ADDRESS_MAX_LENGTH = 200;
const RESIDENCE_DETAIL_MAX_LENGTH = 200;
const STATE_MAX_LENGTH = 100;
const CITY_MAX_LENGTH = 100;
const POSTAL_CODE_MAX_LENGTH = 20;
export const PERSON_NAME_MAX_LENGTH = 80;
const DOCUMENT_NUMBER_MAX_LENGTH = 20;

/**
 * Letters of any language, combining accents, spaces, apostrophes, dots and hyphens: 'María-José O'Neill Jr.'. A
 * source string, so the registration forms' `pattern` rule (judged with the `u` flag by the storefront and the
 * server) carries the very rule the checkout's schema runs.
 */
const PERSON_NAME_PATTERN_SOURCE = "^[\\p{L}\\p{M}' .-]+$";
const PERSON_NAME_PATTERN = new RegExp(PERSON_NAME_PATTERN_SOURCE, 'u');
/** Any document, once its separators are gone: letters and digits. */
const DOCUMENT_CHARACTERS_PATTERN = /^[A-Za-z0-9]+$/;

/** Document types whose number has only digits (a Colombian cédula, a Peruvian DNI), with their lengths. */
const NUMERIC_DOCUMENTS: Record<string, { min: number; max: number; message: string }> = {
  CC: { min: 6, max: 10, message: 'La cédula de ciudadanía lleva solo números: de 6 a 10 dígitos, sin letras.' },
  DNI: { min: 8, max: 8, message: 'El DNI lleva 8 números, sin letras.' },
};

export const DOCUMENT_CHARACTERS_MESSAGE = 'El número de documento lleva solo letras y números.';
export const DOCUMENT_TOO_LONG_MESSAGE = `El número de documento admite como máximo ${DOCUMENT_NUMBER_MAX_LENGTH} caracteres.`;

/** Spaces, dots, dashes, underscores and slashes people type inside a document number: '52.345.671'. */
function documentNumberDigits(value: string): string {
  return value.replace(/[\s.\-_/]/g, '');
}

/** Whether numbers of this type have only digits: the phone then offers its number pad. */
export function isNumericDocumentType(typeId: unknown): boolean {
  const type = DOCUMENT_TYPES.find((candidate) => String(candidate.id) === String(typeId));
  return type !== undefined && type.code in NUMERIC_DOCUMENTS;
}

/**
 * What is wrong with a document number for its type (`DOCUMENT_TYPES` id), or null; an empty number is the
 * required rule's business. A type that is not one of the list is judged by the characters only.
 */
export function documentNumberProblem(typeId: unknown, value: string): string | null {
  const number = documentNumberDigits(value.trim());
  if (number === '') return null;
  const type = DOCUMENT_TYPES.find((candidate) => String(candidate.id) === String(typeId));
  const numeric = type ? NUMERIC_DOCUMENTS[type.code] : undefined;
  if (numeric) {
    return /^\d+$/.test(number) && number.length >= numeric.min && number.length <= numeric.max
      ? null
      : numeric.message;
  }
  if (!DOCUMENT_CHARACTERS_PATTERN.test(number)) return DOCUMENT_CHARACTERS_MESSAGE;
  return number.length > DOCUMENT_NUMBER_MAX_LENGTH ? DOCUMENT_TOO_LONG_MESSAGE : null;
}

/** Whether a number suits its type: only digits, of the right length, for a cédula or a DNI; any other type passes. */
export function matchesDocumentType(typeId: unknown, value: string): boolean {
  return !isNumericDocumentType(typeId) || documentNumberProblem(typeId, value) === null;
}

/** What a country's digits-only document says when it holds letters (its registration form's rule), if it has one. */
export function numericDocumentMessage(countryId: number): string | undefined {
  const type = DOCUMENT_TYPES.find(
    (candidate) => candidate.countryId === countryId && candidate.code in NUMERIC_DOCUMENTS,
  );
  return type ? NUMERIC_DOCUMENTS[type.code]?.message : undefined;
}

/** A field as its messages name it, and whether it is plural ('Los apellidos admiten…'). */
interface FieldSubject {
  name: string;
  plural?: boolean;
}

function tooLongMessage({ name, plural }: FieldSubject, max: number): string {
  return `${name} ${plural ? 'admiten' : 'admite'} como máximo ${max} caracteres.`;
}

/** A text field's limit, said with the field's name: 'La ciudad admite como máximo 100 caracteres.'. */
function limited(max: number, field: string) {
  return z
    .string()
    .trim()
    .max(max, { error: tooLongMessage({ name: field }, max) });
}

/** What a person's name field says when it holds something other than letters: 'Los nombres llevan solo letras.'. */
function personNameLettersMessage({ name, plural }: FieldSubject): string {
  return `${name} ${plural ? 'llevan' : 'lleva'} solo letras.`;
}

function personName(field: string) {
  return limited(PERSON_NAME_MAX_LENGTH, field).refine((value) => value === '' || PERSON_NAME_PATTERN.test(value), {
    error: personNameLettersMessage({ name: field }),
  });
}

/**
 * The same limits as dynamic form rules, for the registration forms' names: the storefront says them at the step
 * where the name is typed and the server judges them again, in the words the checkout uses.
 */
export function personNameRules(subject: FieldSubject): FormRuleDto[] {
  return [
    { kind: 'maxLength', value: PERSON_NAME_MAX_LENGTH, message: tooLongMessage(subject, PERSON_NAME_MAX_LENGTH) },
    { kind: 'pattern', value: PERSON_NAME_PATTERN_SOURCE, message: personNameLettersMessage(subject) },
  ];
}

/** The shipping address of the checkout and of the address book (product §3 address copy). */
export const addressLimitsSchema = z.object({
  address: limited(ADDRESS_MAX_LENGTH, 'La dirección'),
  residenceDetail: limited(RESIDENCE_DETAIL_MAX_LENGTH, 'El detalle de residencia'),
  state: limited(STATE_MAX_LENGTH, 'El departamento o estado'),
  city: limited(CITY_MAX_LENGTH, 'La ciudad'),
  postalCode: limited(POSTAL_CODE_MAX_LENGTH, 'El código postal'),
});

/** The checkout's buyer's names; the document number is judged by its type (`documentNumberProblem`). */
export const personNameLimitsSchema = z.object({
  firstName: personName('El primer nombre'),
  secondName: personName('El segundo nombre'),
  firstLastName: personName('El primer apellido'),
  secondLastName: personName('El segundo apellido'),
});
