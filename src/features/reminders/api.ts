import { queryOptions } from '@tanstack/react-query';
import { gatewayClient } from '../../lib/http';
import { currentPushSubscription, subscribeThisDevice, unsubscribeThisDevice } from '../../lib/push';
import type { DataResponse } from '../../lib/shared/api-types';
import type { CountryCode } from '../../lib/shared/countries';
import type {
  PushDeviceDto,
  PushPublicKeyDto,
  PushSubscriptionInputDto,
  PushUnsubscribeDto,
  ReminderListDto,
} from '../../lib/shared/reminders';

/**
 * Keys carry the country (logout drops a country's answers by `queryKey[1]`) and the viewer, so one patient's
 * reminders are never shown to the next person on the device. The VAPID key is the server's, the same for everyone.
 */
export const reminderQueries = {
  all: (country: CountryCode) => ['reminders', country] as const,
  /** Revalidated whenever the page opens: a purchase a moment ago must show up. */
  list: (country: CountryCode, viewer: string) =>
    queryOptions({
      queryKey: [...reminderQueries.all(country), viewer, 'list'] as const,
      queryFn: ({ signal }) => gatewayClient.request<ReminderListDto>('/reminders', { country, signal }),
      staleTime: 0,
    }),
  /** The account's devices that receive reminders in this country: is this browser one of them? */
  devices: (country: CountryCode, viewer: string) =>
    queryOptions({
      queryKey: [...reminderQueries.all(country), viewer, 'devices'] as const,
      queryFn: ({ signal }) =>
        gatewayClient.request<DataResponse<PushDeviceDto[]>>('/push/subscriptions', { country, signal }),
      staleTime: 0,
    }),
  publicKey: (country: CountryCode) =>
    queryOptions({
      queryKey: [...reminderQueries.all(country), 'public-key'] as const,
      queryFn: ({ signal }) => gatewayClient.request<PushPublicKeyDto>('/push/public-key', { country, signal }),
      staleTime: Infinity,
    }),
  /** This browser's subscription endpoint (null without one); not an HTTP answer, kept out of the persisted cache. */
  browserEndpoint: (country: CountryCode) =>
    queryOptions({
      queryKey: [...reminderQueries.all(country), 'browser-endpoint'] as const,
      queryFn: async () => (await currentPushSubscription().catch(() => null))?.endpoint ?? null,
      staleTime: 0,
      gcTime: 0,
    }),
};

function subscriptionBody(subscription: PushSubscription): PushSubscriptionInputDto {
  const json = subscription.toJSON();
  return {
    endpoint: subscription.endpoint,
    expirationTime: subscription.expirationTime,
    keys: { p256dh: json.keys?.p256dh ?? '', auth: json.keys?.auth ?? '' },
  };
}

/** Turns reminders on for this browser: permission, subscription with the server's key, and the server told. */
export async function enableDevicePush(
  country: CountryCode,
  publicKey: string,
  onPermitted?: () => void,
): Promise<PushDeviceDto> {
  const subscription = await subscribeThisDevice(publicKey, onPermitted);
  return gatewayClient.request<PushDeviceDto>('/push/subscriptions', {
    method: 'POST',
    country,
    body: subscriptionBody(subscription),
  });
}

/** Turns reminders off for this browser: the server forgets it first, then the browser drops the subscription. */
export async function disableDevicePush(country: CountryCode): Promise<void> {
  const subscription = await currentPushSubscription();
  if (!subscription) return;
  const body: PushUnsubscribeDto = { endpoint: subscription.endpoint };
  await gatewayClient.request<void>('/push/subscriptions', { method: 'DELETE', country, body });
  await unsubscribeThisDevice(subscription);
}
