// The access data form's checks (`POST /auth/access`): the server's schema, so the form refuses what the server would,
// with the same password rule, and says it in the visitor's language.

import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { accessChangeSchema } from '../../lib/shared/account-schemas';
import {
  CONTROL_CHARACTERS_MESSAGE,
  INVALID_VALUE_MESSAGE,
  maxLengthMessage,
  REQUIRED_FIELD_MESSAGE,
} from '../../lib/shared/field-schemas';
import { EMAIL_FORMAT_MESSAGE, PASSWORD_RULE_MESSAGE, PASSWORD_TOO_LONG_MESSAGE } from '../../lib/shared/passwords';

export interface AccessFormValues {
  email: string;
  currentPassword: string;
  newPassword: string;
  confirmation: string;
}

const maxLength = (count: number) => msg`Máximo ${count} caracteres.`;

/** The schema's Spanish messages through the catalogue, in the same words (the test pins each one). */
const SCHEMA_MESSAGES: Record<string, MessageDescriptor> = {
  [REQUIRED_FIELD_MESSAGE]: msg`Campo obligatorio`,
  [INVALID_VALUE_MESSAGE]: msg`Valor no válido.`,
  [CONTROL_CHARACTERS_MESSAGE]: msg`Contiene caracteres no válidos.`,
  [EMAIL_FORMAT_MESSAGE]: msg`Escribe un correo electrónico válido.`,
  [PASSWORD_RULE_MESSAGE]: msg`La contraseña debe tener al menos 8 caracteres e incluir letras y números.`,
  [PASSWORD_TOO_LONG_MESSAGE]: msg`La contraseña admite como máximo 128 caracteres.`,
  [maxLengthMessage(1024)]: maxLength(1024),
  [maxLengthMessage(254)]: maxLength(254),
};

export const PASSWORDS_DIFFER = msg`Las contraseñas no coinciden.`;

/** A message of the schema as the form shows it; one without a catalogue entry is shown as the schema says it. */
export function accessMessage(message: string): MessageDescriptor {
  return SCHEMA_MESSAGES[message] ?? { id: message, message };
}

/**
 * Field → what is wrong: the schema's problems, the e-mail the form always shows (never blank), and the confirmation
 * of a new password.
 */
export function accessProblems(values: AccessFormValues): Record<string, MessageDescriptor> {
  const { email, currentPassword, newPassword, confirmation } = values;
  const problems: Record<string, MessageDescriptor> = {};
  const parsed = accessChangeSchema.safeParse({ email, currentPassword, newPassword });
  for (const issue of parsed.error?.issues ?? []) problems[String(issue.path[0])] ??= accessMessage(issue.message);
  if (!email.trim()) problems.email = accessMessage(REQUIRED_FIELD_MESSAGE);
  if (newPassword !== confirmation) problems.confirmation = PASSWORDS_DIFFER;
  return problems;
}
