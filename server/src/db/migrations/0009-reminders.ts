import { sql, type Kysely } from 'kysely';
import { addIndex, addLink, notNull, notNullNow, ownedBy, refersTo, tableWithId } from './helpers';

// Re-purchase reminders by Web Push. Everything the scheduler knows is in these tables, so a restart (or a second
// server process on PostgreSQL) carries on where the last one stopped.
export async function up(db: Kysely<unknown>): Promise<void> {
  // The server's VAPID key pair, generated on first start; one row.
  await db.schema
    .createTable('push_vapid_keys')
    .addColumn('id', 'integer', (col) => col.primaryKey().check(sql`id = 1`))
    .addColumn('public_key', 'text', notNull)
    .addColumn('private_key', 'text', notNull)
    .addColumn('created_at', 'timestamptz', notNullNow)
    .execute();

  // One row per browser (its endpoint), for the user and country that last subscribed it.
  await tableWithId(db, 'push_subscriptions')
    .addColumn('user_id', 'integer', ownedBy('users.id'))
    .addColumn('country_id', 'integer', refersTo('countries.id'))
    .addColumn('endpoint', 'text', (col) => col.notNull().unique())
    .addColumn('p256dh', 'text', notNull)
    .addColumn('auth', 'text', notNull)
    .addColumn('expires_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', notNullNow)
    .addColumn('updated_at', 'timestamptz', notNullNow)
    .execute();
  await addIndex(db, 'push_subscriptions_user_idx', 'push_subscriptions', ['user_id', 'country_id']);

  // Paid orders already examined for reminders (with or without any): the catch-up sweep skips them.
  await db.schema
    .createTable('reminder_order_checks')
    .addColumn('order_id', 'integer', (col) => col.primaryKey().references('orders.id').onDelete('cascade'))
    .addColumn('checked_at', 'timestamptz', notNullNow)
    .execute();

  // One schedule per purchase of a prescription's products; a later purchase of the same prescription supersedes it.
  await tableWithId(db, 'reminder_schedules')
    .addColumn('user_id', 'integer', ownedBy('users.id'))
    .addColumn('country_id', 'integer', refersTo('countries.id'))
    .addColumn('order_id', 'integer', ownedBy('orders.id'))
    .addColumn('prescription_id', 'integer', ownedBy('prescriptions.id'))
    .addColumn('purchased_at', 'timestamptz', notNull)
    // The store's day when the first product runs out.
    .addColumn('runs_out_on', 'date', notNull)
    // [{ productId, name, quantity, daysOfSupply, runsOutOn }]
    .addColumn('products', 'jsonb', notNull)
    .addColumn('superseded_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', notNullNow)
    .addUniqueConstraint('reminder_schedules_order_prescription_unique', ['order_id', 'prescription_id'])
    .execute();
  await addIndex(db, 'reminder_schedules_user_idx', 'reminder_schedules', ['user_id', 'country_id', 'runs_out_on']);
  await addIndex(db, 'reminder_schedules_prescription_idx', 'reminder_schedules', ['user_id', 'prescription_id']);

  // The messages of a schedule (one per lead time) and the scheduler's state of each: claimed by one process at a
  // time (`claimed_until`), retried at `next_attempt_at`, closed with an outcome.
  await tableWithId(db, 'reminder_notifications')
    .addColumn('schedule_id', 'integer', ownedBy('reminder_schedules.id'))
    .addColumn('lead_days', 'integer', notNull)
    .addColumn('due_at', 'timestamptz', notNull)
    .addColumn('next_attempt_at', 'timestamptz', notNull)
    .addColumn('claimed_until', 'timestamptz')
    .addColumn('attempts', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('last_error', 'text')
    .addColumn('sent_at', 'timestamptz')
    .addColumn('closed_at', 'timestamptz')
    .addColumn('outcome', 'text', (col) =>
      col.check(sql`outcome in ('sent', 'no_device', 'failed', 'superseded', 'cancelled', 'expired')`),
    )
    .addUniqueConstraint('reminder_notifications_schedule_lead_unique', ['schedule_id', 'lead_days'])
    .execute();
  await db.schema
    .createIndex('reminder_notifications_pending_idx')
    .on('reminder_notifications')
    .column('next_attempt_at')
    .where(sql.ref('closed_at'), 'is', null)
    .execute();

  // The devices a notification reached: a retry after a failure on one device does not repeat it on the others.
  await addLink(
    db,
    'reminder_deliveries',
    ['notification_id', 'reminder_notifications.id'],
    ['subscription_id', 'push_subscriptions.id'],
    'delivered_at',
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'reminder_deliveries',
    'reminder_notifications',
    'reminder_schedules',
    'reminder_order_checks',
    'push_subscriptions',
    'push_vapid_keys',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
