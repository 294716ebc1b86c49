// The personal data form's checks (`PATCH /auth/profile`): the server's schema, so a wrong birth date or phone is said
// at its field before saving, in the visitor's language.

import type { MessageDescriptor } from '@lingui/core';
import { profileUpdateSchema } from '../../lib/shared/account-schemas';
import type { ProfileChanges } from './api';
import { fieldProblems } from './schema-messages';

/** Field → what the server would refuse in these changes. */
export function profileProblems(changes: ProfileChanges): Record<string, MessageDescriptor> {
  return fieldProblems(profileUpdateSchema.safeParse(changes).error?.issues ?? []);
}
