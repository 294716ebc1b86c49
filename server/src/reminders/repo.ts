import type { Kysely } from 'kysely';
import { countryById } from '../../../src/lib/shared/countries';
import { localDay, repurchaseUrl, type ReminderDto } from '../../../src/lib/shared/reminders';
import { addDays } from '../../../src/lib/shared/calendar-date';
import type { Database } from '../db/schema';

/** The in-app list keeps a reminder this many days after its supply ran out. */
const REMINDERS_RECENT_DAYS = 30;
const REMINDERS_LIST_MAX = 50;

/**
 * The user's current reminders in one country (the latest purchase of each prescription), upcoming and those that
 * ran out in the last `REMINDERS_RECENT_DAYS`, the soonest first. Cancelled prescriptions are left out: they can no
 * longer be bought.
 */
export async function listReminders(
  db: Kysely<Database>,
  userId: number,
  countryId: number,
  now: Date,
): Promise<ReminderDto[]> {
  const country = countryById(countryId);
  if (!country) return [];
  const today = localDay(now, country.timeZone);
  const schedules = await db
    .selectFrom('reminder_schedules as s')
    .innerJoin('prescriptions as p', 'p.id', 's.prescription_id')
    .innerJoin('users as a', 'a.id', 'p.author_id')
    .innerJoin('orders as o', 'o.id', 's.order_id')
    .select([
      's.id',
      's.prescription_id',
      's.purchased_at',
      's.runs_out_on',
      's.products',
      'p.type',
      'a.display_name as author_name',
      'o.number as order_number',
    ])
    .where('s.user_id', '=', userId)
    .where('s.country_id', '=', countryId)
    .where('s.superseded_at', 'is', null)
    .where('p.cancelled_at', 'is', null)
    .where('s.runs_out_on', '>=', addDays(today, -REMINDERS_RECENT_DAYS))
    .orderBy('s.runs_out_on')
    .orderBy('s.id')
    .limit(REMINDERS_LIST_MAX)
    .execute();
  if (schedules.length === 0) return [];
  const notifications = await db
    .selectFrom('reminder_notifications')
    .select(['schedule_id', 'lead_days', 'due_at', 'sent_at', 'outcome'])
    .where(
      'schedule_id',
      'in',
      schedules.map((schedule) => schedule.id),
    )
    .orderBy('due_at')
    .execute();
  return schedules.map((schedule) => ({
    id: schedule.id,
    prescriptionId: schedule.prescription_id,
    prescriptionType: schedule.type,
    authorName: schedule.author_name,
    orderNumber: schedule.order_number,
    purchasedAt: schedule.purchased_at.toISOString(),
    runsOutOn: schedule.runs_out_on,
    status: schedule.runs_out_on >= today ? 'upcoming' : 'past',
    products: schedule.products,
    notifications: notifications
      .filter((notification) => notification.schedule_id === schedule.id)
      .map((notification) => ({
        leadDays: notification.lead_days,
        dueAt: notification.due_at.toISOString(),
        sentAt: notification.sent_at?.toISOString() ?? null,
        outcome: notification.outcome,
      })),
    url: repurchaseUrl(country.subdomain, schedule.prescription_id),
  }));
}
