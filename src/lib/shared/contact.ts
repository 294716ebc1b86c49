// How to reach the store (issue #19): the contact phone line and the chat number of each country, kept in the
// database and edited by admins. The zod schema of the admin's edit is in `contact-schemas.ts`, so the public chunks
// that only read these types do not carry zod.

import type { CountryCode } from './countries';

/** `GET /contact-settings/{country}` (public) and each entry of `GET /admin/contact-settings`. */
export interface ContactSettingsDto {
  country: CountryCode;
  /** The phone line as people dial it ('+57 601 555 0190'), or null when the country has none. */
  phone: string | null;
  /** The chat service's international number, digits only ('573015550190'), or null when the country has none. */
  chatNumber: string | null;
  /** Null until an admin or the seed saved the country. */
  updatedAt: string | null;
}

/** `PUT /admin/contact-settings/{country}`: an empty text clears the channel. */
export interface ContactSettingsInputDto {
  phone: string | null;
  chatNumber: string | null;
}

/** E.164 allows 15 digits with the country code; fewer than 8 cannot be a number with its country code. */
export const CHAT_NUMBER_MIN_DIGITS = 8;
export const CHAT_NUMBER_MAX_DIGITS = 15;
export const CONTACT_PHONE_MIN_DIGITS = 7;
export const CONTACT_PHONE_MAX_LENGTH = 30;

export const CONTACT_PHONE_MESSAGE =
  'Escribe un teléfono válido: de 7 a 15 dígitos, con espacios y los signos + ( ) - si quieres.';
export const CHAT_NUMBER_MESSAGE = `Escribe el número del chat con el indicativo del país: de ${CHAT_NUMBER_MIN_DIGITS} a ${CHAT_NUMBER_MAX_DIGITS} dígitos.`;

/** The link that opens the chat service with a prefilled message. */
export function chatUrl(chatNumber: string, message: string): string {
  return `https://wa.me/${chatNumber}?text=${encodeURIComponent(message)}`;
}
