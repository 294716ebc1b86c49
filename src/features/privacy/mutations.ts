import { useMutation, useQueryClient } from '@tanstack/react-query';
import { gatewayClient } from '../../lib/http';
import type { CountryCode } from '../../lib/shared/countries';
import type { DeleteAccountInput, HealthConsentDto } from '../../lib/shared/privacy';
import { privacyQueries } from './api';

// The privacy writes, apart from `api.ts`: `ConsentGate` puts that module in the app shell, and `useMutation`'s
// observer would grow a shell kept under its 70 KiB budget. Their screens (the consent dialog, the data rights panel)
// load on demand.

/**
 * Gives the consent to the text `version`; the answer is the viewer's consent at once. A refusal may mean a newer
 * text came in between: the consent is read again, so the next attempt accepts that one.
 */
export function useAcceptConsent(country: CountryCode, viewer: string) {
  const queryClient = useQueryClient();
  const key = privacyQueries.consent(country, viewer).queryKey;
  return useMutation({
    mutationFn: (version: number) =>
      gatewayClient.request<HealthConsentDto>('/privacy/consent', { method: 'POST', country, body: { version } }),
    onSuccess: (next) => queryClient.setQueryData(key, next),
    onError: () => queryClient.invalidateQueries({ queryKey: key }),
  });
}

/** Revokes the consent; the answer is the viewer's consent at once. */
export function useRevokeConsent(country: CountryCode, viewer: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => gatewayClient.request<HealthConsentDto>('/privacy/consent/revoke', { method: 'POST', country }),
    onSuccess: (next) => queryClient.setQueryData(privacyQueries.consent(country, viewer).queryKey, next),
  });
}

/**
 * Deletes the account. Nothing cached is updated here: the server revoked every session, and the screen logs out,
 * which drops the country's answers.
 */
export function useDeleteAccount(country: CountryCode) {
  return useMutation({
    mutationFn: (input: DeleteAccountInput) =>
      gatewayClient.request<{ keptOrders: number; keptPrescriptions: number }>('/privacy/delete-account', {
        method: 'POST',
        country,
        body: input,
      }),
  });
}
