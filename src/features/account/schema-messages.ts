// The Spanish messages of the account's shared schemas (`account-schemas.ts`) through the member catalogue, in the
// same words (the test pins each one): the forms refuse what the server would, in the visitor's language.

import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import {
  BIRTH_DATE_MESSAGE,
  DIAL_CODE_MESSAGE,
  DOCUMENT_TAKEN_MESSAGE,
  EMAIL_TAKEN_MESSAGE,
  GENDER_MESSAGE,
  PHONE_DIGITS_MESSAGE,
} from '../../lib/shared/account-schemas';
import {
  CONTROL_CHARACTERS_MESSAGE,
  INVALID_VALUE_MESSAGE,
  maxLengthMessage,
  REQUIRED_FIELD_MESSAGE,
} from '../../lib/shared/field-schemas';
import { EMAIL_FORMAT_MESSAGE, PASSWORD_RULE_MESSAGE, PASSWORD_TOO_LONG_MESSAGE } from '../../lib/shared/passwords';
import { messagesByText } from '../../lib/messages-by-text';

const maxLength = (count: number) => msg`Máximo ${count} caracteres.`;

/** The text bounds of the access data and the profile (`account-schemas.ts`). */
export const ACCOUNT_TEXT_BOUNDS = [1024, 254, 120, 80, 40, 30, 10, 5] as const;

const SCHEMA_MESSAGES: Record<string, MessageDescriptor> = {
  [REQUIRED_FIELD_MESSAGE]: msg`Campo obligatorio`,
  [INVALID_VALUE_MESSAGE]: msg`Valor no válido.`,
  [CONTROL_CHARACTERS_MESSAGE]: msg`Contiene caracteres no válidos.`,
  [EMAIL_FORMAT_MESSAGE]: msg`Escribe un correo electrónico válido.`,
  [PASSWORD_RULE_MESSAGE]: msg`La contraseña debe tener al menos 8 caracteres e incluir letras y números.`,
  [PASSWORD_TOO_LONG_MESSAGE]: msg`La contraseña admite como máximo 128 caracteres.`,
  [BIRTH_DATE_MESSAGE]: msg`Escribe una fecha de nacimiento válida (AAAA-MM-DD) que no sea futura.`,
  [GENDER_MESSAGE]: msg`Selecciona una opción válida.`,
  [PHONE_DIGITS_MESSAGE]: msg`El número debe tener entre 7 y 15 dígitos.`,
  [DIAL_CODE_MESSAGE]: msg`El indicativo del país no es válido.`,
  [EMAIL_TAKEN_MESSAGE]: msg`Ya existe una cuenta con este correo.`,
  [DOCUMENT_TAKEN_MESSAGE]: msg`Ya existe una cuenta con este documento.`,
  ...Object.fromEntries(ACCOUNT_TEXT_BOUNDS.map((count) => [maxLengthMessage(count), maxLength(count)])),
};

/** A message of the schema as the form shows it. */
export const schemaMessage = messagesByText(SCHEMA_MESSAGES);

/** Field → the first problem the schema found for it, through the catalogue. */
export function fieldProblems(issues: readonly { path: PropertyKey[]; message: string }[]) {
  const problems: Record<string, MessageDescriptor> = {};
  for (const issue of issues) problems[String(issue.path[0])] ??= schemaMessage(issue.message);
  return problems;
}
