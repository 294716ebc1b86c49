import { act, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { TEST_API } from '../../testing/api-url';
import { invalidatedKeys, renderWithQueryClient, seedQueries } from '../../testing/mutation-hooks';
import { server } from '../../testing/msw-server';
import { loggedInAs } from '../../testing/session';
import { useChangeAccess, useUpdateProfile, useUploadProfilePhoto } from './api';

// The profile lives in the session (jotai), not in the query cache: a cached answer stands in for "everything else".
const CACHED = [['orders', 'co', 'uid-1', 'list']] as const;

describe('useUpdateProfile', () => {
  it('sends the changes and settles with the saved profile, leaving the cache alone', async () => {
    await loggedInAs('co');
    const { result, client } = renderWithQueryClient(() => useUpdateProfile('co'));
    seedQueries(client, CACHED);

    const saved = await act(() => result.current.mutateAsync({ first_name: 'Lucía', last_name: 'Pardo' }));

    expect(saved).toMatchObject({ first_name: 'Lucía', last_name: 'Pardo', display_name: 'Lucía Pardo' });
    expect(invalidatedKeys(client)).toEqual([]);
  });
});

describe('useChangeAccess', () => {
  it('changes the access with the current password, then reads the profile as it is now', async () => {
    const profile = await loggedInAs('co');
    const bodies: unknown[] = [];
    server.use(
      http.post(`${TEST_API}/auth/access`, async ({ request }) => {
        bodies.push(await request.json());
        return HttpResponse.json(null);
      }),
    );
    const { result } = renderWithQueryClient(() => useChangeAccess('co'));

    const current = await act(() =>
      result.current.mutateAsync({ currentPassword: 'Clave1234', newPassword: 'Nueva1234' }),
    );

    expect(bodies).toEqual([{ currentPassword: 'Clave1234', newPassword: 'Nueva1234' }]);
    expect(current.uid).toBe(profile.uid);
  });

  it('keeps a wrong current password as the error, in the server’s words', async () => {
    await loggedInAs('co');
    server.use(
      http.post(`${TEST_API}/auth/access`, () =>
        HttpResponse.json({ message: 'La contraseña actual no es correcta.' }, { status: 401 }),
      ),
    );
    const { result } = renderWithQueryClient(() => useChangeAccess('co'));

    await act(() => result.current.mutateAsync({ currentPassword: 'otra' }).catch(() => null));

    await waitFor(() => expect(result.current.error?.message).toBe('La contraseña actual no es correcta.'));
  });
});

describe('useUploadProfilePhoto', () => {
  it('uploads the photo, reporting progress, and settles with its address', async () => {
    await loggedInAs('co');
    const names: string[] = [];
    server.use(
      http.post(`${TEST_API}/auth/profile/photo`, async ({ request }) => {
        names.push(/filename="([^"]+)"/.exec(await request.text())?.[1] ?? '');
        return HttpResponse.json({ profile_image_url: '/api/media/profiles/1.webp' });
      }),
    );
    const { result } = renderWithQueryClient(() => useUploadProfilePhoto('co'));
    const fractions: number[] = [];
    const file = new File(['foto'], 'yo.png', { type: 'image/png' });

    const answer = await act(() =>
      result.current.mutateAsync({ file, onProgress: (fraction) => fractions.push(fraction) }),
    );

    expect(names).toEqual(['yo.png']);
    expect(answer).toEqual({ profile_image_url: '/api/media/profiles/1.webp' });
    expect(fractions.at(-1)).toBe(1);
  });
});
