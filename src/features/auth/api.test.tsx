import { act, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { appStore } from '../../lib/store';
import { knownProfiles, resetFixtures, TEST_PASSWORD, TEST_RESET_TOKEN } from '../../testing/handlers/auth';
import { invalidatedKeys, renderWithQueryClient, seedQueries } from '../../testing/mutation-hooks';
import { loggedInAs } from '../../testing/session';
import { useConfirmPasswordReset, useLogin, useRequestPasswordReset } from './api';
import { sessionsAtom } from '../../lib/session/atoms';

const SOMEONE_ELSES = [['orders', 'co', 'uid-before', 'list']] as const;

describe('useLogin', () => {
  it('logs in to that country and leaves the cached answers alone (they carry their viewer)', async () => {
    const profile = knownProfiles[0]!;
    const { result, client } = renderWithQueryClient(() => useLogin('co'));
    seedQueries(client, SOMEONE_ELSES);

    await act(() => result.current.mutateAsync({ method: 'email', email: profile.email, password: TEST_PASSWORD }));

    expect(appStore.get(sessionsAtom).co?.user.uid).toBe(profile.uid);
    expect(appStore.get(sessionsAtom).pe).toBeNull();
    expect(invalidatedKeys(client)).toEqual([]);
  });

  it('keeps a wrong password as the error, in the server’s words, without a session', async () => {
    const { result } = renderWithQueryClient(() => useLogin('co'));

    await act(() =>
      result.current
        .mutateAsync({ method: 'email', email: knownProfiles[0]!.email, password: 'otra-clave1' })
        .catch(() => null),
    );

    await waitFor(() => expect(result.current.error?.message).toBe('Correo o contraseña incorrectos.'));
    expect(appStore.get(sessionsAtom).co).toBeNull();
  });
});

describe('useRequestPasswordReset', () => {
  it('asks for the link for that e-mail', async () => {
    const { result } = renderWithQueryClient(() => useRequestPasswordReset('co'));

    const answer = await act(() => result.current.mutateAsync('ana@demo.test'));

    expect(resetFixtures.requested).toEqual(['ana@demo.test']);
    expect(answer.message).toMatch(/^Si el correo corresponde a una cuenta/);
  });
});

describe('useConfirmPasswordReset', () => {
  it('sets the password and ends this device’s session of that country only', async () => {
    await loggedInAs('co');
    await loggedInAs('pe');
    const { result } = renderWithQueryClient(() => useConfirmPasswordReset('co'));

    await act(() => result.current.mutateAsync({ token: TEST_RESET_TOKEN, password: 'Nueva12345' }));

    expect(resetFixtures.confirmed).toEqual(['Nueva12345']);
    expect(appStore.get(sessionsAtom).co).toBeNull();
    expect(appStore.get(sessionsAtom).pe).not.toBeNull();
  });

  it('keeps the session when the link is refused', async () => {
    await loggedInAs('co');
    const { result } = renderWithQueryClient(() => useConfirmPasswordReset('co'));

    await act(() => result.current.mutateAsync({ token: 'otro', password: 'Nueva12345' }).catch(() => null));

    await waitFor(() =>
      expect(result.current.error?.message).toMatch(/^El enlace para restablecer la contraseña no es válido/),
    );
    expect(appStore.get(sessionsAtom).co).not.toBeNull();
  });
});
