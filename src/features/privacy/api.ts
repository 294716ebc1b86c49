import { queryOptions } from '@tanstack/react-query';
import { env } from '../../lib/env';
import { gatewayClient } from '../../lib/http';
import type { CountryCode } from '../../lib/shared/countries';
import type { HealthConsentDto } from '../../lib/shared/privacy';

/**
 * Keys carry the country (logout drops a country's answers by `queryKey[1]`) and the viewer, so one person's consent
 * is never shown to the next person on the device.
 */
export const privacyQueries = {
  all: (country: CountryCode) => ['privacy', country] as const,
  /** Asked at every page load of a signed-in user: a new text must be asked again at once. */
  consent: (country: CountryCode, viewer: string) =>
    queryOptions({
      queryKey: [...privacyQueries.all(country), viewer, 'consent'] as const,
      queryFn: ({ signal }) => gatewayClient.request<HealthConsentDto>('/privacy/consent', { country, signal }),
      staleTime: 5 * 60_000,
    }),
};

/**
 * The archive is downloaded by a plain link: the browser streams it to disk with the session cookie, so not even the
 * page holds it in memory.
 */
export function exportUrl(): string {
  return `${env.gatewayBaseUrl}/privacy/export`;
}
