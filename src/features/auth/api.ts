import { queryOptions, useMutation } from '@tanstack/react-query';
import { authClient, gatewayClient } from '../../lib/http';
import type {
  DynamicAuthResponseDto,
  FormErrorDto,
  FormSchemaDto,
  InvitationPreviewDto,
} from '../../lib/shared/accounts';
import type { CountryCode } from '../../lib/shared/countries';
import type { FormValues } from '../../lib/shared/form-validation';
import type { PasswordResetAnswerDto } from '../../lib/shared/passwords';
import { clearSession, login, type LoginCredentials } from '../../lib/session/session';

export const formQueries = {
  schema: (country: CountryCode, idOrKey: string | number) =>
    queryOptions({
      queryKey: ['forms', country, String(idOrKey)] as const,
      queryFn: ({ signal }) => authClient.request<FormSchemaDto>(`/forms/${idOrKey}`, { country, signal }),
      staleTime: Infinity,
    }),
};

export const invitationQueries = {
  preview: (country: CountryCode, token: string) =>
    queryOptions({
      queryKey: ['invitations', country, 'preview', token] as const,
      queryFn: ({ signal }) =>
        gatewayClient.request<InvitationPreviewDto>(`/invitations/${encodeURIComponent(token)}`, { country, signal }),
    }),
};

/** Product §5: dynamic forms are validated on the server before submit; a non-empty list blocks the submit. */
export async function validateOnServer(country: CountryCode, idOrKey: string | number, values: FormValues) {
  const answer = await authClient.request<{ errors: FormErrorDto[] }>(`/forms/${idOrKey}/validate`, {
    method: 'POST',
    country,
    body: values,
  });
  return answer.errors ?? [];
}

export function registerWithForm(country: CountryCode, key: string, values: FormValues) {
  return authClient.request<DynamicAuthResponseDto>(`/auth/dynamic/register/${key}`, {
    method: 'POST',
    country,
    body: values,
  });
}

/**
 * Logs in to `country` (the session is on disk when it settles). Nothing cached is touched: the keys carry the viewer,
 * so the answers of whoever used the device before are not this account's.
 */
export function useLogin(country: CountryCode) {
  return useMutation({ mutationFn: (credentials: LoginCredentials) => login(country, credentials) });
}

/** Asks for a link to set a new password; the answer is the same whether or not the e-mail has an account. */
export function useRequestPasswordReset(country: CountryCode) {
  return useMutation({
    mutationFn: (email: string) =>
      authClient.request<PasswordResetAnswerDto>('/auth/password-reset/request', {
        method: 'POST',
        country,
        body: { email },
        unauthorizedMeansExpiredSession: false,
      }),
  });
}

/**
 * Sets the new password with the e-mailed link's token. The server ends every session of the account, so this
 * device's session of `country` is cleared too.
 */
export function useConfirmPasswordReset(country: CountryCode) {
  return useMutation({
    mutationFn: ({ token, password }: { token: string; password: string }) =>
      authClient.request<PasswordResetAnswerDto>('/auth/password-reset/confirm', {
        method: 'POST',
        country,
        body: { token, password },
        unauthorizedMeansExpiredSession: false,
      }),
    onSuccess: () => clearSession(country),
  });
}
