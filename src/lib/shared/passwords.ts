import { EMAIL_MAX_LENGTH, EMAIL_PATTERN } from './email';
import { givenText, orRequired, textValue } from './field-schemas';
import { z } from './zod';

// The password rules of registration, the password change and the reset: one definition for the server and the
// storefront, which checks before sending so the user reads the reason at once.

/** Long inputs only cost hashing time; no real password is longer. */
export const PASSWORD_MAX_LENGTH = 128;
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_RULE_MESSAGE = 'La contraseña debe tener al menos 8 caracteres e incluir letras y números.';
export const PASSWORD_TOO_LONG_MESSAGE = `La contraseña admite como máximo ${PASSWORD_MAX_LENGTH} caracteres.`;

/** At least 8 characters with at least one letter and one digit. */
export function isStrongPassword(value: string): boolean {
  return value.length >= PASSWORD_MIN_LENGTH && /\p{L}/u.test(value) && /\p{Nd}/u.test(value);
}

/** `undefined` when acceptable, else the Spanish reason. */
export function passwordProblem(value: string): string | undefined {
  if (value.length > PASSWORD_MAX_LENGTH) return PASSWORD_TOO_LONG_MESSAGE;
  return isStrongPassword(value) ? undefined : PASSWORD_RULE_MESSAGE;
}

/** What a password field may carry before its rules judge it: long inputs only cost hashing time. */
export const MAX_PASSWORD_INPUT = 1024;

/** A password as typed: never trimmed (spaces are part of it); blank is not given. */
const typedPassword = (raw: unknown) =>
  raw === '' || raw === null ? undefined : typeof raw === 'number' ? String(raw) : raw;
/** A password field as sent, judged only by its presence and bounds (the sign-ins, the current password). */
export const passwordText = z.preprocess(typedPassword, textValue(MAX_PASSWORD_INPUT));
export const optionalPasswordText = z.preprocess(typedPassword, textValue(MAX_PASSWORD_INPUT).optional());

/** A reset link works this long after it was asked for, once. */
export const PASSWORD_RESET_LIFETIME_MS = 30 * 60 * 1000;
export const EMAIL_FORMAT_MESSAGE = 'Escribe un correo electrónico válido.';

/** An e-mail a person types to name their account: trimmed, in lower case, by the one rule (`email.ts`). */
export const emailSchema = z.preprocess(
  givenText,
  textValue(EMAIL_MAX_LENGTH)
    .regex(EMAIL_PATTERN, { error: EMAIL_FORMAT_MESSAGE })
    .transform((email) => email.toLowerCase()),
);
export const RESET_LINK_INVALID_MESSAGE =
  'El enlace para restablecer la contraseña no es válido, ya se usó o expiró. Pide uno nuevo.';

/** `POST /auth/password-reset/request`. */
export const passwordResetRequestSchema = z.object({ email: emailSchema });

/** `POST /auth/password-reset/confirm`. */
export const passwordResetConfirmSchema = z.object({
  token: z.string({ error: RESET_LINK_INVALID_MESSAGE }).regex(/^[A-Za-z0-9_-]{20,200}$/, RESET_LINK_INVALID_MESSAGE),
  password: z
    .string({ error: orRequired(PASSWORD_RULE_MESSAGE) })
    .refine((value) => passwordProblem(value) === undefined, {
      error: (issue) => passwordProblem(String(issue.input)) ?? PASSWORD_RULE_MESSAGE,
    }),
});

export interface PasswordResetAnswerDto {
  message: string;
}
