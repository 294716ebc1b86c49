// The zod schema of the push subscription's language, apart from `reminders.ts`: the service worker reads the
// reminder payload from there and must not carry zod.
import { PUSH_LANGUAGES } from './reminders';
import { z } from './zod';

export const PUSH_LANGUAGE_MESSAGE = 'El idioma de las notificaciones debe ser «es» (español) o «en» (inglés).';

/**
 * `language` of `POST /push/subscriptions`. Missing or null is Spanish: clients older than issue #19 send none, and
 * their pushes stay as they were. Anything else is refused rather than guessed.
 */
export const pushLanguageSchema = z
  .enum(PUSH_LANGUAGES, { error: PUSH_LANGUAGE_MESSAGE })
  .nullish()
  .transform((language) => language ?? 'es');
