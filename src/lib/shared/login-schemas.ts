// The zod schemas of the sign-in calls: the server validates their bodies with them and the login form checks with the
// same ones before sending. Apart from the account's schemas (`account-schemas.ts`), so the login screen does not
// carry those.
import { requiredText } from './field-schemas';
import { emailSchema, passwordText } from './passwords';
import { z } from './zod';

export const MAX_DOCUMENT_LENGTH = 40;
const MAX_ID_TOKEN_LENGTH = 16 * 1024;

/**
 * `POST /auth/email-login`: the e-mail by the one rule (trimmed, in lower case), the password as typed. Only its
 * presence is judged: the password rules are registration's, and an account whose password predates them still signs
 * in.
 */
export const emailLoginSchema = z.object({ email: emailSchema, password: passwordText });

/** `POST /auth/document-login`. */
export const documentLoginSchema = z.object({ document: requiredText(MAX_DOCUMENT_LENGTH), password: passwordText });

/** `POST /auth/login`: the identity provider's token. */
export const oidcLoginSchema = z.object({ idToken: requiredText(MAX_ID_TOKEN_LENGTH) });
