import { z } from './zod';

// The password rules of registration, the password change and the reset: one definition for the server and the
// storefront, which checks before sending so the user reads the reason at once.

/** Long inputs only cost hashing time; no real password is longer. */
export const PASSWORD_MAX_LENGTH = 128;
const PASSWORD_MIN_LENGTH = 8;
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

/** A reset link works this long after it was asked for, once. */
export const PASSWORD_RESET_LIFETIME_MS = 30 * 60 * 1000;
const EMAIL_FORMAT_MESSAGE = 'Escribe un correo electrónico válido.';
export const RESET_LINK_INVALID_MESSAGE =
  'El enlace para restablecer la contraseña no es válido, ya se usó o expiró. Pide uno nuevo.';

/** `POST /auth/password-reset/request`. */
export const passwordResetRequestSchema = z.object({
  email: z
    .string({ error: 'Correo electrónico: Campo obligatorio' })
    .trim()
    .toLowerCase()
    .max(254, EMAIL_FORMAT_MESSAGE)
    .regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, EMAIL_FORMAT_MESSAGE),
});

/** `POST /auth/password-reset/confirm`. */
export const passwordResetConfirmSchema = z.object({
  token: z.string({ error: RESET_LINK_INVALID_MESSAGE }).regex(/^[A-Za-z0-9_-]{20,200}$/, RESET_LINK_INVALID_MESSAGE),
  password: z
    .string({ error: 'Nueva contraseña: Campo obligatorio' })
    .refine((value) => passwordProblem(value) === undefined, {
      error: (issue) => passwordProblem(String(issue.input)) ?? PASSWORD_RULE_MESSAGE,
    }),
});

export interface PasswordResetAnswerDto {
  message: string;
}
