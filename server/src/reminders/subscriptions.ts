import { isIP } from 'node:net';
import type { Kysely } from 'kysely';
import { PUSH_LANGUAGE_MESSAGE, pushLanguageSchema } from '../../../src/lib/shared/reminder-schemas';
import {
  PUSH_ENDPOINT_MAX_LENGTH,
  type PushDeviceDto,
  type PushLanguage,
  type PushSubscriptionInputDto,
} from '../../../src/lib/shared/reminders';
import type { Database } from '../db/schema';
import { FieldProblems, REQUIRED_FIELD_MESSAGE } from '../http/body';

export const SUBSCRIPTION_NOT_FOUND_MESSAGE = 'Este dispositivo no recibe recordatorios en tu cuenta.';
const INVALID_SUBSCRIPTION_MESSAGE = 'La suscripción a notificaciones del navegador no es válida.';

/** The browser's P-256 public key (uncompressed point) and its 16-byte authentication secret. */
const P256DH_BYTES = 65;
const AUTH_SECRET_BYTES = 16;
const BASE64URL = /^[A-Za-z0-9_-]+={0,2}$/;
const KEY_MAX_LENGTH = 200;
/** Browsers send `expirationTime` in milliseconds since 1970; anything past year 9999 is not a date. */
const MAX_TIMESTAMP_MS = 253_402_300_799_999;

interface SubscriptionRules {
  /** Tests point subscriptions at a local HTTP server; real push services are always HTTPS on a public name. */
  allowLocalEndpoints: boolean;
}

const LABELS = {
  endpoint: 'Dirección del servicio',
  keys: 'Claves',
  expirationTime: 'Vencimiento',
  language: 'Idioma',
};

/** A subscription as stored: the language is always known once read (Spanish when the client did not say). */
type SubscriptionInput = PushSubscriptionInputDto & { language: PushLanguage };

function endpointProblem(value: string, rules: SubscriptionRules): string | null {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return 'La dirección del servicio de notificaciones no es una URL válida.';
  }
  if (rules.allowLocalEndpoints && (url.protocol === 'https:' || url.protocol === 'http:')) return null;
  // The server sends requests to this address: only a push service's public HTTPS name, never an internal host.
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (url.protocol !== 'https:' || isIP(host) !== 0 || host === 'localhost' || !host.includes('.')) {
    return 'La dirección del servicio de notificaciones debe ser HTTPS y de un servicio público.';
  }
  return null;
}

function keyOk(value: unknown, bytes: number): value is string {
  return (
    typeof value === 'string' &&
    value.length <= KEY_MAX_LENGTH &&
    BASE64URL.test(value) &&
    Buffer.from(value.replace(/=+$/, ''), 'base64url').length === bytes
  );
}

/**
 * `POST /push/subscriptions`: a `PushSubscription.toJSON()` and the device's language, checked field by field with
 * Spanish messages.
 */
export function readSubscription(body: Record<string, unknown>, rules: SubscriptionRules): SubscriptionInput {
  const problems = new FieldProblems(LABELS);
  const endpoint = problems.text(body, 'endpoint', { required: true, maxLength: PUSH_ENDPOINT_MAX_LENGTH });
  if (endpoint !== undefined) {
    const problem = endpointProblem(endpoint, rules);
    if (problem) problems.add('endpoint', problem);
  }
  const keys = body.keys;
  if (keys === undefined || keys === null) {
    problems.add('keys', REQUIRED_FIELD_MESSAGE);
  } else if (typeof keys !== 'object' || Array.isArray(keys)) {
    problems.add('keys', 'Las claves deben ser un objeto con p256dh y auth.');
  } else {
    const { p256dh, auth } = keys as Record<string, unknown>;
    if (!keyOk(p256dh, P256DH_BYTES)) problems.add('keys', 'La clave p256dh del navegador no es válida.');
    else if (!keyOk(auth, AUTH_SECRET_BYTES)) problems.add('keys', 'La clave auth del navegador no es válida.');
  }
  const expiration = body.expirationTime;
  const expirationOk =
    expiration === undefined ||
    expiration === null ||
    (typeof expiration === 'number' &&
      Number.isSafeInteger(expiration) &&
      expiration > 0 &&
      expiration <= MAX_TIMESTAMP_MS);
  if (!expirationOk) problems.add('expirationTime', 'El vencimiento debe ser una fecha en milisegundos o null.');
  const language = pushLanguageSchema.safeParse(body.language);
  if (!language.success) problems.add('language', PUSH_LANGUAGE_MESSAGE);
  problems.assertNone(
    problems.has('endpoint') || problems.has('keys')
      ? INVALID_SUBSCRIPTION_MESSAGE
      : problems.has('language')
        ? PUSH_LANGUAGE_MESSAGE
        : undefined,
  );
  const { p256dh, auth } = keys as { p256dh: string; auth: string };
  return {
    endpoint: endpoint as string,
    keys: { p256dh, auth },
    expirationTime: typeof expiration === 'number' ? expiration : null,
    language: language.data as PushLanguage,
  };
}

/** `DELETE /push/subscriptions`: the endpoint to forget. */
export function readEndpoint(body: Record<string, unknown>): string {
  const problems = new FieldProblems(LABELS);
  const endpoint = problems.text(body, 'endpoint', { required: true, maxLength: PUSH_ENDPOINT_MAX_LENGTH });
  problems.assertNone();
  return endpoint as string;
}

const DEVICE_COLUMNS = ['endpoint', 'language', 'created_at', 'updated_at'] as const;

function toDeviceDto(row: {
  endpoint: string;
  language: PushLanguage;
  created_at: Date;
  updated_at: Date;
}): PushDeviceDto {
  return {
    endpoint: row.endpoint,
    language: row.language,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
  };
}

/**
 * Stores the browser for this user and country. A browser has one subscription whoever uses it: subscribing again
 * (the same user, or another one who signed in on it, or the same device after a change of language) updates the row
 * instead of adding one.
 */
export async function saveSubscription(
  db: Kysely<Database>,
  userId: number,
  countryId: number,
  input: SubscriptionInput,
): Promise<PushDeviceDto> {
  const values = {
    user_id: userId,
    country_id: countryId,
    p256dh: input.keys.p256dh,
    auth: input.keys.auth,
    expires_at: input.expirationTime ? new Date(input.expirationTime) : null,
    language: input.language,
  };
  const row = await db
    .insertInto('push_subscriptions')
    .values({ endpoint: input.endpoint, ...values })
    .onConflict((conflict) => conflict.column('endpoint').doUpdateSet({ ...values, updated_at: new Date() }))
    .returning(DEVICE_COLUMNS)
    .executeTakeFirstOrThrow();
  return toDeviceDto(row);
}

/** Forgets one of the user's own browsers; false when the endpoint is not theirs (or not known). */
export async function deleteSubscription(db: Kysely<Database>, userId: number, endpoint: string): Promise<boolean> {
  const deleted = await db
    .deleteFrom('push_subscriptions')
    .where('endpoint', '=', endpoint)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return deleted.numDeletedRows > 0n;
}

export async function listSubscriptions(
  db: Kysely<Database>,
  userId: number,
  countryId: number,
): Promise<PushDeviceDto[]> {
  const rows = await db
    .selectFrom('push_subscriptions')
    .select(DEVICE_COLUMNS)
    .where('user_id', '=', userId)
    .where('country_id', '=', countryId)
    .orderBy('created_at')
    .execute();
  return rows.map(toDeviceDto);
}
