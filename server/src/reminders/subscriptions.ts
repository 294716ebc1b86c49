import type { Kysely } from 'kysely';
import type { PushSubscriptionInput } from '../../../src/lib/shared/reminder-schemas';
import type { PushDeviceDto, PushLanguage } from '../../../src/lib/shared/reminders';
import type { Database } from '../db/schema';

export const SUBSCRIPTION_NOT_FOUND_MESSAGE = 'Este dispositivo no recibe recordatorios en tu cuenta.';

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
  input: PushSubscriptionInput,
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
