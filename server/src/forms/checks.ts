import type { Kysely } from 'kysely';
import { isStrongPassword, PASSWORD_MAX_LENGTH } from '../../../src/lib/shared/passwords';
import { matchesDocumentType } from '../../../src/lib/shared/personal-data';
import type { Database } from '../db/schema';
import { findUsableInvitation, type UsableInvitation } from '../invitations/repo';
import { documentTaken, emailTaken, normalizeDocument, normalizeEmail } from '../users/repo';
import type { CustomChecker } from './engine';

/** The server-side checks `custom` rules name, over the database. One invitation look-up per validation. */
export function databaseChecks(db: Kysely<Database>): CustomChecker {
  let invitation: Promise<UsableInvitation | undefined> | undefined;
  const invitationOf = (token: unknown) => (invitation ??= findUsableInvitation(db, token));
  return async (name, value, values) => {
    const text = typeof value === 'string' ? value : String(value ?? '');
    switch (name) {
      case 'emailAvailable':
        return !(await emailTaken(db, text));
      case 'documentAvailable':
        return !(await documentTaken(db, text));
      case 'documentMatchesType':
        return matchesDocumentType(values.document_type_id, text);
      case 'strongPassword':
        return text.length <= PASSWORD_MAX_LENGTH && isStrongPassword(text);
      case 'invitationValid':
        return (await invitationOf(value)) !== undefined;
      case 'invitationEmail': {
        // Checked only when the invitation names an e-mail; an invalid invitation is invitationValid's error.
        const expected = (await invitationOf(values.invitation_token))?.invitation.email;
        return !expected || normalizeEmail(expected) === normalizeEmail(text);
      }
      case 'invitationDocument': {
        const expected = (await invitationOf(values.invitation_token))?.invitation.document_number;
        return !expected || normalizeDocument(expected) === normalizeDocument(text);
      }
    }
  };
}
