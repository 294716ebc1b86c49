// The zod schemas of the data rights calls, apart from `privacy.ts` so the storefront's chunks that only need its
// texts and types do not carry zod.
import { integerField } from './field-schemas';
import { z } from './zod';
import { DELETION_CONFIRMATION_WORD } from './privacy';

const CONSENT_VERSION_MESSAGE = 'La versión de la autorización no es válida.';

/** `POST /privacy/consent`: the version the user read (a newer text in between is asked again). */
export const acceptConsentSchema = z.object({ version: integerField(CONSENT_VERSION_MESSAGE) });

/** `POST /privacy/delete-account`: the password again and the typed confirmation word. */
export const deleteAccountSchema = z.object({
  password: z.string().min(1, 'Escribe tu contraseña.').max(1024),
  confirmation: z.literal(DELETION_CONFIRMATION_WORD, {
    error: `Escribe ${DELETION_CONFIRMATION_WORD} para confirmar.`,
  }),
});
