import type { Kysely } from 'kysely';
import { oneOf } from './helpers';

// Reminder pushes in the device's language (issue #19): the interface language the browser chose ('Español /
// English'), sent with its subscription. Existing rows, subscribed before a device could say, stay Spanish.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('push_subscriptions')
    .addColumn('language', 'text', oneOf('language', 'es', ['es', 'en']))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('push_subscriptions').dropColumn('language').execute();
}
