import { queryOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { gatewayClient } from '../../lib/http';
import { currentPushSubscription, subscribeThisDevice, unsubscribeThisDevice } from '../../lib/push';
import type { DataResponse } from '../../lib/shared/api-types';
import type { CountryCode } from '../../lib/shared/countries';
import type {
  PushDeviceDto,
  PushLanguage,
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

/** Registers this browser's subscription for the account in `country`, or updates it (the server keys it by endpoint). */
function postSubscription(
  country: CountryCode,
  subscription: PushSubscription,
  language: PushLanguage,
): Promise<PushDeviceDto> {
  const json = subscription.toJSON();
  const body: PushSubscriptionInputDto = {
    endpoint: subscription.endpoint,
    expirationTime: subscription.expirationTime,
    keys: { p256dh: json.keys?.p256dh ?? '', auth: json.keys?.auth ?? '' },
    language,
  };
  return gatewayClient.request<PushDeviceDto>('/push/subscriptions', { method: 'POST', country, body });
}

/** One check at a time: a quick switch there and back must not let the older answer land last. */
let languageCheck: Promise<void> = Promise.resolve();

/**
 * Issue #19: when this browser receives the account's reminders in this country in another language than the
 * interface shows (the visitor switched it, perhaps offline or signed out), sends its subscription again with the
 * interface's language. The server's list is the reference, so a switch the server never heard of is caught at the
 * next check, whatever happened in between. A subscription of another account or country is left alone.
 */
export function matchDeviceLanguage(
  queryClient: QueryClient,
  country: CountryCode,
  viewer: string,
  language: PushLanguage,
): Promise<void> {
  languageCheck = languageCheck
    .catch(() => undefined)
    .then(async () => {
      const subscription = await currentPushSubscription();
      if (!subscription) return;
      const { data: devices } = await queryClient.fetchQuery(reminderQueries.devices(country, viewer));
      const device = devices.find((candidate) => candidate.endpoint === subscription.endpoint);
      if (!device || device.language === language) return;
      const updated = await postSubscription(country, subscription, language);
      queryClient.setQueryData(
        reminderQueries.devices(country, viewer).queryKey,
        (answer) =>
          answer && {
            data: answer.data.map((candidate) => (candidate.endpoint === updated.endpoint ? updated : candidate)),
          },
      );
    });
  return languageCheck;
}

/** Turns reminders off for this browser: the server forgets it first, then the browser drops the subscription. */
async function disableDevicePush(country: CountryCode): Promise<void> {
  const subscription = await currentPushSubscription();
  if (!subscription) return;
  const body: PushUnsubscribeDto = { endpoint: subscription.endpoint };
  await gatewayClient.request<void>('/push/subscriptions', { method: 'DELETE', country, body });
  await unsubscribeThisDevice(subscription);
}

type DevicePushChange =
  | { enable: false }
  | {
      enable: true;
      /** The language the reminders must be written in (the interface's). */
      language: PushLanguage;
      /** Called once the person answered the browser's permission prompt with a yes. */
      onPermitted?: () => void;
    };

/**
 * Turns reminders on for this browser (permission, subscription with the server's key, the server told) or off. Both
 * sides, this browser's subscription and the account's devices, are read again: on success before the promise
 * settles, so the switch shows the new state; on failure in the background, since re-reading this device may itself
 * wait on the failing push service and the failure must be said at once.
 */
export function useSetDevicePush(country: CountryCode, viewer: string) {
  const queryClient = useQueryClient();
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: reminderQueries.browserEndpoint(country).queryKey }),
      queryClient.invalidateQueries({ queryKey: reminderQueries.devices(country, viewer).queryKey }),
    ]);
  return useMutation({
    mutationFn: async (change: DevicePushChange): Promise<void> => {
      if (!change.enable) return disableDevicePush(country);
      const { publicKey } = await queryClient.fetchQuery(reminderQueries.publicKey(country));
      await postSubscription(country, await subscribeThisDevice(publicKey, change.onPermitted), change.language);
    },
    onSuccess: () => refresh(),
    onError: () => void refresh(),
  });
}
