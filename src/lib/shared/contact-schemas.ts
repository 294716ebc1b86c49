// The zod schema of the admin's edit of a country's contact channels, shared by the admin screen and the server.
import {
  CHAT_NUMBER_MAX_DIGITS,
  CHAT_NUMBER_MESSAGE,
  CHAT_NUMBER_MIN_DIGITS,
  CONTACT_PHONE_MAX_LENGTH,
  CONTACT_PHONE_MESSAGE,
  CONTACT_PHONE_MIN_DIGITS,
} from './contact';
import { z } from './zod';

const digitsOf = (value: string) => value.replace(/\D/g, '');

/** Blank (or missing) is "none"; anything else is trimmed. */
const optionalText = z
  .string({ error: 'Debe ser un texto.' })
  .nullish()
  .transform((value) => (value ?? '').trim() || null);

/** Digits, spaces and + ( ) - only, with 7 to 15 digits; kept as typed (it is shown as the store writes it). */
const phone = optionalText.refine(
  (value) =>
    value === null ||
    (value.length <= CONTACT_PHONE_MAX_LENGTH &&
      /^\+?[\d\s().-]+$/.test(value) &&
      digitsOf(value).length >= CONTACT_PHONE_MIN_DIGITS &&
      digitsOf(value).length <= 15),
  { error: CONTACT_PHONE_MESSAGE },
);

/** Typed with or without '+', spaces or dashes; kept as digits, as the chat link needs them. */
const chatNumber = optionalText
  .refine((value) => value === null || /^\+?[\d\s().-]+$/.test(value), { error: CHAT_NUMBER_MESSAGE })
  .transform((value) => (value === null ? null : digitsOf(value)))
  .refine(
    (value) => value === null || (value.length >= CHAT_NUMBER_MIN_DIGITS && value.length <= CHAT_NUMBER_MAX_DIGITS),
    { error: CHAT_NUMBER_MESSAGE },
  );

/** `PUT /admin/contact-settings/{country}`. */
export const contactSettingsInputSchema = z.object({ phone, chatNumber });
