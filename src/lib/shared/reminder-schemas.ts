// The zod schema of the push subscription's language, apart from `reminders.ts`: the service worker reads the
// reminder payload from there and must not carry zod.
import { asOneField, orRequired, requiredText } from './field-schemas';
import {
  PUSH_ENDPOINT_MAX_LENGTH,
  PUSH_LANGUAGES,
  type PushLanguage,
  type PushSubscriptionInputDto,
} from './reminders';
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

export const ENDPOINT_URL_MESSAGE = 'La dirección del servicio de notificaciones no es una URL válida.';
export const ENDPOINT_PUBLIC_MESSAGE =
  'La dirección del servicio de notificaciones debe ser HTTPS y de un servicio público.';
export const KEYS_OBJECT_MESSAGE = 'Las claves deben ser un objeto con p256dh y auth.';
export const P256DH_MESSAGE = 'La clave p256dh del navegador no es válida.';
export const AUTH_MESSAGE = 'La clave auth del navegador no es válida.';
export const EXPIRATION_MESSAGE = 'El vencimiento debe ser una fecha en milisegundos o null.';

/** The browser's P-256 public key (uncompressed point) and its 16-byte authentication secret. */
const P256DH_BYTES = 65;
const AUTH_SECRET_BYTES = 16;
const BASE64URL = /^[A-Za-z0-9_-]+={0,2}$/;
const KEY_MAX_LENGTH = 200;
/** Browsers send `expirationTime` in milliseconds since 1970; anything past year 9999 is not a date. */
const MAX_TIMESTAMP_MS = 253_402_300_799_999;
/** A host the URL parser wrote as an IPv4 address (it normalises `0x7f.1` and the like to dotted quads). */
const IPV4_HOST = /^\d{1,3}(\.\d{1,3}){3}$/;

/** Base64url text of exactly `bytes` bytes (six bits a character, padding aside). */
const base64Key = (bytes: number, message: string) =>
  z
    .string({ error: message })
    .refine(
      (value) =>
        value.length <= KEY_MAX_LENGTH &&
        BASE64URL.test(value) &&
        Math.floor((value.replace(/=+$/, '').length * 6) / 8) === bytes,
      { error: message },
    );

/**
 * Where the server will post: a push service's public HTTPS name, never an address or an internal host.
 * `allowLocalEndpoints`: tests point subscriptions at a local HTTP server.
 */
function endpointSchema(allowLocalEndpoints: boolean) {
  return requiredText(PUSH_ENDPOINT_MAX_LENGTH).transform((value, ctx) => {
    let url: URL;
    try {
      url = new URL(value);
    } catch {
      ctx.issues.push({ code: 'custom', message: ENDPOINT_URL_MESSAGE, input: value });
      return z.NEVER;
    }
    if (allowLocalEndpoints && (url.protocol === 'https:' || url.protocol === 'http:')) return value;
    // An IPv6 host keeps its brackets and colons.
    const host = url.hostname;
    const isAddress = IPV4_HOST.test(host) || host.includes(':');
    if (url.protocol !== 'https:' || isAddress || host === 'localhost' || !host.includes('.')) {
      ctx.issues.push({ code: 'custom', message: ENDPOINT_PUBLIC_MESSAGE, input: value });
      return z.NEVER;
    }
    return value;
  });
}

/** A subscription as stored: the language is always known once read (Spanish when the client did not say). */
export type PushSubscriptionInput = Required<PushSubscriptionInputDto> & { language: PushLanguage };

/** `POST /push/subscriptions`: a `PushSubscription.toJSON()` and the device's language, field by field. */
export function pushSubscriptionSchema({ allowLocalEndpoints }: { allowLocalEndpoints: boolean }) {
  return z.object({
    endpoint: endpointSchema(allowLocalEndpoints),
    // One field: the browser's subscription gives both keys at once; the first that is wrong is said.
    keys: asOneField(
      z.object(
        { p256dh: base64Key(P256DH_BYTES, P256DH_MESSAGE), auth: base64Key(AUTH_SECRET_BYTES, AUTH_MESSAGE) },
        { error: orRequired(KEYS_OBJECT_MESSAGE) },
      ),
    ),
    expirationTime: z
      .number({ error: EXPIRATION_MESSAGE })
      .int({ error: EXPIRATION_MESSAGE })
      .min(1, { error: EXPIRATION_MESSAGE })
      .max(MAX_TIMESTAMP_MS, { error: EXPIRATION_MESSAGE })
      .nullish()
      .transform((time) => time ?? null),
    language: pushLanguageSchema,
  }) satisfies z.ZodType<PushSubscriptionInput, unknown>;
}

/** `DELETE /push/subscriptions`: the endpoint to forget. */
export const pushEndpointSchema = z.object({ endpoint: requiredText(PUSH_ENDPOINT_MAX_LENGTH) });
