import type { DataResponse } from '../../../src/lib/shared/api-types';
import { COUNTRIES } from '../../../src/lib/shared/countries';
import { pushEndpointSchema, pushSubscriptionSchema } from '../../../src/lib/shared/reminder-schemas';
import type { PushDeviceDto, PushPublicKeyDto, ReminderListDto } from '../../../src/lib/shared/reminders';
import { viewerOf, type Api } from '../http/auth';
import { notFound } from '../refusal';
import type { Services } from '../http/services';
import type { PushSender } from './push-sender';
import { listReminders } from './repo';
import { scheduleRemindersForOrder } from './schedule';
import { ReminderScheduler } from './scheduler';
import {
  deleteSubscription,
  listSubscriptions,
  saveSubscription,
  SUBSCRIPTION_NOT_FOUND_MESSAGE,
} from './subscriptions';
import { DEFAULT_VAPID_SUBJECT, VapidKeys, type VapidSettings } from './vapid';

export interface RemindersOptions {
  /** The configured VAPID pair and subject; without a pair the stored one is used (generated on first start). */
  vapid?: VapidSettings | undefined;
  /** How messages reach the push services; tests may pass their own. */
  sender?: PushSender | undefined;
  /** The scheduler's current time; tests move it instead of waiting weeks. */
  clock?: (() => Date) | undefined;
  /** Accept subscriptions whose endpoint is plain HTTP or a local host (tests only). */
  allowLocalEndpoints?: boolean | undefined;
}

interface Reminders {
  vapid: VapidKeys;
  scheduler: ReminderScheduler;
  /** Called once an order is paid or released: schedules its reminders (each order once). */
  onOrderPaid: (orderId: number) => Promise<void>;
}

/**
 * Re-purchase reminders: the VAPID public key, the user's push subscriptions (one per browser, for the session's
 * country), the in-app list, and the scheduler that sends what is due (the server starts its timer).
 */
export function registerReminderRoutes(api: Api, services: Services, options: RemindersOptions = {}): Reminders {
  const { db } = services;
  const clock = options.clock ?? (() => new Date());
  const vapid = new VapidKeys(db, options.vapid ?? { subject: DEFAULT_VAPID_SUBJECT });
  const scheduler = new ReminderScheduler({ db, logger: services.logger, vapid, sender: options.sender, clock });
  const subscription = pushSubscriptionSchema({ allowLocalEndpoints: options.allowLocalEndpoints ?? false });

  api.get('/push/public-key', { access: 'public' }, async (c) => {
    const { publicKey } = await vapid.details();
    return c.json<PushPublicKeyDto>({ publicKey });
  });

  api.get('/push/subscriptions', { access: 'authenticated', ownership: 'own' }, async (c) => {
    const viewer = viewerOf(c);
    const devices = await listSubscriptions(db, viewer.user.id, COUNTRIES[viewer.country].countryId);
    return c.json<DataResponse<PushDeviceDto[]>>({ data: devices });
  });

  api.post('/push/subscriptions', { access: 'authenticated', ownership: 'own', body: subscription }, async (c) => {
    const viewer = viewerOf(c);
    const device = await saveSubscription(db, viewer.user.id, COUNTRIES[viewer.country].countryId, c.req.valid('json'));
    return c.json<PushDeviceDto>(device);
  });

  api.delete(
    '/push/subscriptions',
    { access: 'authenticated', ownership: 'own', body: pushEndpointSchema },
    async (c) => {
      const viewer = viewerOf(c);
      const { endpoint } = c.req.valid('json');
      if (!(await deleteSubscription(db, viewer.user.id, endpoint))) throw notFound(SUBSCRIPTION_NOT_FOUND_MESSAGE);
      return c.body(null, 204);
    },
  );

  api.get('/reminders', { access: 'authenticated', ownership: 'own' }, async (c) => {
    const viewer = viewerOf(c);
    const data = await listReminders(db, viewer.user.id, COUNTRIES[viewer.country].countryId, clock());
    return c.json<ReminderListDto>({ data });
  });

  return {
    vapid,
    scheduler,
    onOrderPaid: async (orderId) => {
      await scheduleRemindersForOrder(db, orderId, clock());
    },
  };
}
