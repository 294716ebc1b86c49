import { sql, type Kysely, type Selectable } from 'kysely';
import { countryById } from '../../../src/lib/shared/countries';
import { buildReminderPayload, localDay, type ReminderOutcome } from '../../../src/lib/shared/reminders';
import { daysBetween } from '../../../src/lib/shared/calendar-date';
import { unclaimedBatch } from '../db/claims';
import type { Database, ReminderNotificationsTable } from '../db/schema';
import type { Logger } from '../logger';
import { webPushSender, type PushResult, type PushSender } from './push-sender';
import { scheduleMissedOrders } from './schedule';
import type { VapidKeys } from './vapid';

/** How often the server looks for due reminders unless REMINDERS_INTERVAL_MS says otherwise. */
export const DEFAULT_REMINDERS_INTERVAL_MS = 60_000;
/** A push service keeps a reminder this long for a device that is off; a day later it is no news. */
export const REMINDER_PUSH_TTL_S = 24 * 60 * 60;
/** Tries per notification before it is given up (the first one included). */
const REMINDER_MAX_ATTEMPTS = 6;
/** The wait after the first failure; it doubles after each one (5 min, 10, 20, 40, 80). */
const REMINDER_RETRY_BASE_MS = 5 * 60_000;
/**
 * How long one process owns the notifications it claimed. A batch finishes well within it (each push request times
 * out after 15 s, the devices of one notification go in parallel); a process that died holding a claim releases it
 * when it expires.
 */
export const REMINDER_CLAIM_MS = 10 * 60_000;
/** A reminder still undelivered this many days after the supply ran out is dropped: it would only be noise. */
const REMINDER_STALE_AFTER_DAYS = 3;
const CLAIM_BATCH = 10;
const ERROR_MAX_LENGTH = 500;

type NotificationRow = Selectable<ReminderNotificationsTable>;

interface ReminderRunResult {
  /** Schedules the catch-up sweep created for paid orders nobody had examined. */
  scheduled: number;
  /** Notifications closed as `sent` in this run. */
  sent: number;
  /** Notifications that failed on some device and wait for a retry. */
  retrying: number;
  /** Notifications closed with any other outcome. */
  closed: number;
}

interface ReminderSchedulerOptions {
  db: Kysely<Database>;
  logger: Logger;
  vapid: VapidKeys;
  sender?: PushSender;
  clock?: () => Date;
}

/**
 * Sends the reminders that are due. Its whole state is in the database (due time, next attempt, claim, attempts,
 * last error, outcome, the devices already reached), so a restart continues where the last process stopped, and
 * two processes on one PostgreSQL database share the work: each notification is claimed atomically
 * (`FOR UPDATE SKIP LOCKED`) by one of them, closed once, and never sent twice to the same device.
 */
export class ReminderScheduler {
  private readonly sender: PushSender;
  private readonly clock: () => Date;
  private timer: ReturnType<typeof setInterval> | undefined;
  private running: Promise<ReminderRunResult> | undefined;
  private stopping = false;

  constructor(private readonly options: ReminderSchedulerOptions) {
    this.sender = options.sender ?? webPushSender;
    this.clock = options.clock ?? (() => new Date());
  }

  /** Runs now, unless a run is under way (then answers that one). */
  runDue(): Promise<ReminderRunResult> {
    this.running ??= this.run().finally(() => {
      this.running = undefined;
    });
    return this.running;
  }

  /** Runs at once (what fell due while the server was down) and then every `intervalMs`, in the background. */
  start(intervalMs: number): void {
    if (this.timer) return;
    const tick = () => {
      this.runDue().catch((error: unknown) =>
        this.options.logger.error('No se pudieron enviar los recordatorios:', error),
      );
    };
    this.timer = setInterval(tick, intervalMs);
    // The timer never keeps the process alive.
    this.timer.unref();
    tick();
  }

  /**
   * Stops the timer and waits for a run under way, which finishes the notification it is sending and hands the rest of
   * its claim back at once (another instance sends them on its next run, not after REMINDER_CLAIM_MS).
   */
  async stop(): Promise<void> {
    this.stopping = true;
    clearInterval(this.timer);
    this.timer = undefined;
    await this.running?.catch(() => undefined);
    // A run asked for afterwards (a test, a restart of the timer) runs in full.
    this.stopping = false;
  }

  private async run(): Promise<ReminderRunResult> {
    const result: ReminderRunResult = { scheduled: 0, sent: 0, retrying: 0, closed: 0 };
    result.scheduled = await scheduleMissedOrders(this.options.db, this.clock());
    for (;;) {
      if (this.stopping) return result;
      const claimed = await this.claim();
      if (claimed.length === 0) return result;
      for (const [index, notification] of claimed.entries()) {
        if (this.stopping) {
          await this.release(claimed.slice(index));
          return result;
        }
        const outcome = await this.process(notification);
        if (outcome === 'retry') result.retrying += 1;
        else if (outcome === 'sent') result.sent += 1;
        else result.closed += 1;
      }
    }
  }

  /** Takes due notifications nobody holds, for REMINDER_CLAIM_MS; each attempt is counted as it is claimed. */
  private async claim(): Promise<NotificationRow[]> {
    const now = this.clock();
    const { db } = this.options;
    return db
      .updateTable('reminder_notifications')
      .set({ claimed_until: new Date(now.getTime() + REMINDER_CLAIM_MS), attempts: sql`attempts + 1` })
      .where('id', 'in', (eb) =>
        unclaimedBatch(
          eb
            .selectFrom('reminder_notifications')
            .select('id')
            .where('closed_at', 'is', null)
            .where('next_attempt_at', '<=', now)
            .orderBy('next_attempt_at'),
          now,
          CLAIM_BATCH,
        ),
      )
      .returningAll()
      .execute();
  }

  /** Hands claimed notifications back untouched: their attempt was counted on claiming, so it is given back too. */
  private async release(notifications: NotificationRow[]): Promise<void> {
    await this.options.db
      .updateTable('reminder_notifications')
      .set({ claimed_until: null, attempts: sql`attempts - 1` })
      .where(
        'id',
        'in',
        notifications.map((notification) => notification.id),
      )
      .execute();
  }

  private async close(
    notification: NotificationRow,
    outcome: ReminderOutcome,
    changes: { error?: string | null; sentAt?: Date | null } = {},
  ) {
    await this.options.db
      .updateTable('reminder_notifications')
      .set({
        closed_at: this.clock(),
        outcome,
        claimed_until: null,
        ...(changes.sentAt ? { sent_at: changes.sentAt } : {}),
        ...(changes.error ? { last_error: changes.error.slice(0, ERROR_MAX_LENGTH) } : {}),
      })
      .where('id', '=', notification.id)
      .execute();
  }

  /** Sends one claimed notification to the devices it has not reached yet, and records what happened. */
  private async process(notification: NotificationRow): Promise<ReminderOutcome | 'retry'> {
    const { db } = this.options;
    const now = this.clock();
    const schedule = await db
      .selectFrom('reminder_schedules as s')
      .innerJoin('prescriptions as p', 'p.id', 's.prescription_id')
      .select([
        's.id',
        's.user_id',
        's.country_id',
        's.prescription_id',
        's.runs_out_on',
        's.products',
        's.superseded_at',
        'p.cancelled_at',
      ])
      .where('s.id', '=', notification.schedule_id)
      .executeTakeFirst();
    const country = schedule ? countryById(schedule.country_id) : undefined;
    if (!schedule || !country) {
      await this.close(notification, 'cancelled');
      return 'cancelled';
    }
    const today = localDay(now, country.timeZone);
    // A shorter lead that is also due says the same thing later and truer: only that one goes.
    const closer = await db
      .selectFrom('reminder_notifications')
      .select('id')
      .where('schedule_id', '=', schedule.id)
      .where('lead_days', '<', notification.lead_days)
      .where('due_at', '<=', now)
      .executeTakeFirst();
    const reason: ReminderOutcome | null = schedule.superseded_at
      ? 'superseded'
      : schedule.cancelled_at
        ? 'cancelled'
        : daysBetween(schedule.runs_out_on, today) > REMINDER_STALE_AFTER_DAYS
          ? 'expired'
          : closer
            ? 'superseded'
            : null;
    if (reason) {
      await this.close(notification, reason);
      return reason;
    }

    const devices = await db
      .selectFrom('push_subscriptions as d')
      .leftJoin('reminder_deliveries as r', (join) =>
        join.onRef('r.subscription_id', '=', 'd.id').on('r.notification_id', '=', notification.id),
      )
      .select(['d.id', 'd.endpoint', 'd.p256dh', 'd.auth', 'd.language', 'r.delivered_at'])
      .where('d.user_id', '=', schedule.user_id)
      .where('d.country_id', '=', schedule.country_id)
      .execute();
    const pending = devices.filter((device) => device.delivered_at === null);
    const reached = devices.length - pending.length;
    if (devices.length === 0) {
      await this.close(notification, 'no_device');
      return 'no_device';
    }

    const input = {
      reminderId: schedule.id,
      country: country.subdomain,
      prescriptionId: schedule.prescription_id,
      productNames: schedule.products.map((product) => product.name),
      runsOutOn: schedule.runs_out_on,
      today,
    };
    const vapid = await this.options.vapid.details();
    const results = await Promise.all(
      pending.map(async (device): Promise<[typeof device, PushResult]> => {
        try {
          const result = await this.sender(
            device,
            {
              // Each device reads it in the language its interface shows.
              payload: JSON.stringify(buildReminderPayload(input, device.language)),
              ttlS: REMINDER_PUSH_TTL_S,
              urgency: 'normal',
              topic: `recompra-${schedule.id}`,
            },
            vapid,
          );
          return [device, result];
        } catch (error) {
          // The message could not even be built (a subscription with broken keys): no retry will fix it.
          return [device, { kind: 'rejected', error: String(error) }];
        }
      }),
    );

    let delivered = reached;
    let failures = 0;
    let retryAfterMs = 0;
    const errors: string[] = [];
    for (const [device, result] of results) {
      if (result.kind === 'delivered') {
        delivered += 1;
        await db
          .insertInto('reminder_deliveries')
          .values({ notification_id: notification.id, subscription_id: device.id })
          .onConflict((conflict) => conflict.doNothing())
          .execute();
        continue;
      }
      errors.push(result.error);
      if (result.kind === 'gone') {
        // The browser unsubscribed or the subscription expired: it will never accept a message again.
        await db.deleteFrom('push_subscriptions').where('id', '=', device.id).execute();
        continue;
      }
      failures += 1;
      if (result.kind === 'retry') retryAfterMs = Math.max(retryAfterMs, result.retryAfterMs ?? 0, 1);
    }
    const lastError = errors.length > 0 ? errors.join(' | ').slice(0, ERROR_MAX_LENGTH) : null;
    // The first device reached dates the reminder, whatever happens to the others.
    const sentAt = notification.sent_at ?? (delivered > reached ? now : null);

    if (retryAfterMs > 0 && notification.attempts < REMINDER_MAX_ATTEMPTS) {
      const backoff = REMINDER_RETRY_BASE_MS * 2 ** (notification.attempts - 1);
      await db
        .updateTable('reminder_notifications')
        .set({
          next_attempt_at: new Date(now.getTime() + Math.max(backoff, retryAfterMs)),
          claimed_until: null,
          last_error: lastError,
          sent_at: sentAt,
        })
        .where('id', '=', notification.id)
        .execute();
      return 'retry';
    }
    const outcome: ReminderOutcome = delivered > 0 ? 'sent' : failures > 0 ? 'failed' : 'no_device';
    await this.close(notification, outcome, { error: lastError, sentAt });
    return outcome;
  }
}
