// The data step's checks (product §3, §5): the server's own schema for the buyer, the bill and the address
// (`order-schemas.ts`), so the step says what `POST /orders` would, in the visitor's language. Apart from the form's
// persisted state: the schema and the phone metadata belong to the checkout route, not to the app shell that restores
// the checkout atoms.

import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import type { CountryInfo } from '../../lib/shared/countries';
import {
  CONTROL_CHARACTERS_MESSAGE,
  INVALID_VALUE_MESSAGE,
  maxLengthMessage,
  REQUIRED_FIELD_MESSAGE,
} from '../../lib/shared/field-schemas';
import {
  checkoutDataSchema,
  DOCUMENT_TYPE_MESSAGE,
  INVALID_EMAIL_MESSAGE,
  INVALID_PHONE_MESSAGE,
  TAXPAYER_TYPE_MESSAGE,
} from '../../lib/shared/order-schemas';
import { CHECKOUT_REQUIRED_MESSAGE } from '../../lib/shared/orders';
import {
  DOCUMENT_CHARACTERS_MESSAGE,
  DOCUMENT_TOO_LONG_MESSAGE,
  numericDocumentMessage,
} from '../../lib/shared/personal-data';
import type { CheckoutForm } from './checkout-form';
import { messagesByText } from '../../lib/messages-by-text';

/** Field path (`customer.firstName`, `bill.numberID`, `address.city`) → the schema's Spanish message. */
export type FieldErrors = Record<string, string>;

/** Every problem of the step: required fields, the limits of what was typed, the e-mail and the phone by the country. */
export function checkDataStep(form: CheckoutForm, country: CountryInfo): FieldErrors {
  const { customer, bill, address } = form;
  const parsed = checkoutDataSchema(country).safeParse({ customer, bill, address });
  const errors: FieldErrors = {};
  for (const issue of parsed.error?.issues ?? []) errors[issue.path.join('.')] ??= issue.message;
  return errors;
}

/** Said only after the first attempt to go on: what is missing, and the e-mail and phone while they are typed. */
const AFTER_SUBMIT: readonly string[] = [CHECKOUT_REQUIRED_MESSAGE, INVALID_EMAIL_MESSAGE, INVALID_PHONE_MESSAGE];

/**
 * What is said while typing, before the first attempt to go on: a broken limit (a 201-character address, letters in
 * a cédula) at once, not the fields still to fill.
 */
export function whileTyping(errors: FieldErrors): FieldErrors {
  return Object.fromEntries(Object.entries(errors).filter(([, message]) => !AFTER_SUBMIT.includes(message)));
}

const maxLength = (count: number) => msg`Máximo ${count} caracteres.`;

/**
 * The schema's Spanish messages through the catalogue, in the same words (the test pins each one): the server's
 * check, said in the visitor's language.
 */
const SCHEMA_MESSAGES: Record<string, MessageDescriptor> = {
  [CHECKOUT_REQUIRED_MESSAGE]: msg`Debes completar este campo`,
  [REQUIRED_FIELD_MESSAGE]: msg`Campo obligatorio`,
  [INVALID_VALUE_MESSAGE]: msg`Valor no válido.`,
  [CONTROL_CHARACTERS_MESSAGE]: msg`Contiene caracteres no válidos.`,
  [INVALID_EMAIL_MESSAGE]: msg`Ingresa un correo electrónico válido.`,
  [INVALID_PHONE_MESSAGE]: msg`El número de teléfono no es válido para el país seleccionado`,
  [DOCUMENT_TYPE_MESSAGE]: msg`Selecciona un tipo de documento válido.`,
  [TAXPAYER_TYPE_MESSAGE]: msg`Selecciona un tipo de contribuyente válido.`,
  [DOCUMENT_CHARACTERS_MESSAGE]: msg`El número de documento lleva solo letras y números.`,
  [DOCUMENT_TOO_LONG_MESSAGE]: msg`El número de documento admite como máximo 20 caracteres.`,
  [numericDocumentMessage(1) ?? '']: msg`La cédula de ciudadanía lleva solo números: de 6 a 10 dígitos, sin letras.`,
  [numericDocumentMessage(3) ?? '']: msg`El DNI lleva 8 números, sin letras.`,
  'El primer nombre lleva solo letras.': msg`El primer nombre lleva solo letras.`,
  'El segundo nombre lleva solo letras.': msg`El segundo nombre lleva solo letras.`,
  'El primer apellido lleva solo letras.': msg`El primer apellido lleva solo letras.`,
  'El segundo apellido lleva solo letras.': msg`El segundo apellido lleva solo letras.`,
  'El primer nombre admite como máximo 80 caracteres.': msg`El primer nombre admite como máximo 80 caracteres.`,
  'El segundo nombre admite como máximo 80 caracteres.': msg`El segundo nombre admite como máximo 80 caracteres.`,
  'El primer apellido admite como máximo 80 caracteres.': msg`El primer apellido admite como máximo 80 caracteres.`,
  'El segundo apellido admite como máximo 80 caracteres.': msg`El segundo apellido admite como máximo 80 caracteres.`,
  'La dirección admite como máximo 200 caracteres.': msg`La dirección admite como máximo 200 caracteres.`,
  'El detalle de residencia admite como máximo 200 caracteres.': msg`El detalle de residencia admite como máximo 200 caracteres.`,
  'El departamento o estado admite como máximo 100 caracteres.': msg`El departamento o estado admite como máximo 100 caracteres.`,
  'La ciudad admite como máximo 100 caracteres.': msg`La ciudad admite como máximo 100 caracteres.`,
  'El código postal admite como máximo 20 caracteres.': msg`El código postal admite como máximo 20 caracteres.`,
  // The raw bounds of what is read before the shared limits judge it (`order-schemas.ts`).
  ...Object.fromEntries([1000, 254, 30, 20, 10, 5].map((count) => [maxLengthMessage(count), maxLength(count)])),
};

/** A message of the schema as the step shows it. */
export const checkoutMessage = messagesByText(SCHEMA_MESSAGES);
