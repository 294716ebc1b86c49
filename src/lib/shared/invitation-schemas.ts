// The zod schema of `POST /invitations` (issue #20): a professional invites a patient by e-mail, document or both.
import { optionalText } from './field-schemas';
import { normalizeDocument, normalizeEmail } from './identifiers';
import { DOCUMENT_FORMAT_MESSAGE, isDocumentNumber } from './patient-schemas';
import { PERSON_NAME_MAX_LENGTH } from './personal-data';
import { EMAIL_MAX_LENGTH, EMAIL_PATTERN } from './email';
import { EMAIL_FORMAT_MESSAGE } from './prescriptions';
import { z } from './zod';

export const INVITATION_CONTACT_MESSAGE = 'Indica el correo o el documento del paciente.';
const DOCUMENT_MAX_LENGTH = 40;
/** Whom to invite: an e-mail or a document (stored normalised), and the names the invitation greets. */
export const invitationInputSchema = z
  .object({
    email: optionalText(EMAIL_MAX_LENGTH)
      .transform((value) => (value === undefined ? null : normalizeEmail(value)))
      .refine((value) => value === null || EMAIL_PATTERN.test(value), { error: EMAIL_FORMAT_MESSAGE }),
    documentNumber: optionalText(DOCUMENT_MAX_LENGTH)
      .transform((value) => (value === undefined ? null : normalizeDocument(value)))
      .refine((value) => value === null || isDocumentNumber(value), { error: DOCUMENT_FORMAT_MESSAGE }),
    firstName: optionalText(PERSON_NAME_MAX_LENGTH).transform((value) => value ?? null),
    lastName: optionalText(PERSON_NAME_MAX_LENGTH).transform((value) => value ?? null),
  })
  // Judged once the fields are valid, as a problem of the whole body.
  .refine((input) => input.email !== null || input.documentNumber !== null, { error: INVITATION_CONTACT_MESSAGE });
