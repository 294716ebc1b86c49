// The access data form's checks (`POST /auth/access`): the server's schema, so the form refuses what the server would,
// with the same password rule, and says it in the visitor's language.

import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { accessChangeSchema } from '../../lib/shared/account-schemas';
import { REQUIRED_FIELD_MESSAGE } from '../../lib/shared/field-schemas';
import { fieldProblems, schemaMessage } from './schema-messages';

export interface AccessFormValues {
  email: string;
  currentPassword: string;
  newPassword: string;
  confirmation: string;
}

export const PASSWORDS_DIFFER = msg`Las contraseñas no coinciden.`;

/**
 * Field → what is wrong: the schema's problems, the e-mail the form always shows (never blank), and the confirmation
 * of a new password.
 */
export function accessProblems(values: AccessFormValues): Record<string, MessageDescriptor> {
  const { email, currentPassword, newPassword, confirmation } = values;
  const parsed = accessChangeSchema.safeParse({ email, currentPassword, newPassword });
  const problems = fieldProblems(parsed.error?.issues ?? []);
  if (!email.trim()) problems.email = schemaMessage(REQUIRED_FIELD_MESSAGE);
  if (newPassword !== confirmation) problems.confirmation = PASSWORDS_DIFFER;
  return problems;
}
