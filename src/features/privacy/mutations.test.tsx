import { act, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DELETION_CONFIRMATION_WORD, type HealthConsentDto } from '../../lib/shared/privacy';
import { currentConsent, privacyFixtures } from '../../testing/handlers/privacy';
import { invalidatedKeys, renderWithQueryClient, seedQueries } from '../../testing/mutation-hooks';
import { loggedInAs } from '../../testing/session';
import { privacyQueries } from './api';
import { useAcceptConsent, useDeleteAccount, useRevokeConsent } from './mutations';

const VIEWER = 'uid-patient';

describe('useAcceptConsent', () => {
  it('accepts that version and makes the answer the viewer’s consent, nobody else’s', async () => {
    await loggedInAs('co');
    privacyFixtures.consent = currentConsent({ state: 'outdated', version: 2, acceptedVersion: 1 });
    const { result, client } = renderWithQueryClient(() => useAcceptConsent('co', VIEWER));
    const other = privacyQueries.consent('co', 'uid-other').queryKey;
    seedQueries(client, [other]);

    await act(() => result.current.mutateAsync(2));

    expect(client.getQueryData<HealthConsentDto>(privacyQueries.consent('co', VIEWER).queryKey)).toMatchObject({
      state: 'current',
      acceptedVersion: 2,
    });
    expect(client.getQueryData(other)).toEqual({ seeded: true });
    expect(invalidatedKeys(client)).toEqual([]);
  });

  it('reads the consent again when refused (a newer text came in between)', async () => {
    await loggedInAs('co');
    privacyFixtures.consent = currentConsent({ state: 'outdated', version: 3, acceptedVersion: 1 });
    const { result, client } = renderWithQueryClient(() => useAcceptConsent('co', VIEWER));
    const key = privacyQueries.consent('co', VIEWER).queryKey;
    seedQueries(client, [key]);

    await act(() => result.current.mutateAsync(2).catch(() => null));

    await waitFor(() => expect(result.current.error?.message).toBe('El texto cambió.'));
    expect(invalidatedKeys(client)).toEqual([key]);
  });
});

describe('useRevokeConsent', () => {
  it('revokes it and makes the answer the viewer’s consent', async () => {
    await loggedInAs('co');
    const { result, client } = renderWithQueryClient(() => useRevokeConsent('co', VIEWER));

    await act(() => result.current.mutateAsync());

    expect(privacyFixtures.consent.state).toBe('revoked');
    expect(client.getQueryData<HealthConsentDto>(privacyQueries.consent('co', VIEWER).queryKey)?.state).toBe('revoked');
  });
});

describe('useDeleteAccount', () => {
  it('sends the password and the confirmation word, and keeps a wrong password as the error', async () => {
    await loggedInAs('co');
    const { result, client } = renderWithQueryClient(() => useDeleteAccount('co'));
    const key = privacyQueries.consent('co', VIEWER).queryKey;
    seedQueries(client, [key]);

    await act(() =>
      result.current.mutateAsync({ password: 'otra', confirmation: DELETION_CONFIRMATION_WORD }).catch(() => null),
    );
    await waitFor(() => expect(result.current.error).not.toBeNull());
    expect(privacyFixtures.deleted).toBe(false);

    const kept = await act(() =>
      result.current.mutateAsync({ password: privacyFixtures.password, confirmation: DELETION_CONFIRMATION_WORD }),
    );

    expect(kept).toEqual({ keptOrders: 1, keptPrescriptions: 0 });
    expect(privacyFixtures.deleted).toBe(true);
    expect(invalidatedKeys(client)).toEqual([]);
  });
});
