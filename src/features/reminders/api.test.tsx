import { act, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { reminderFixtures, reminderHandlers } from '../../testing/handlers/reminders';
import { invalidatedKeys, renderWithSeededQueries } from '../../testing/mutation-hooks';
import { server } from '../../testing/msw-server';
import { installFakePush } from '../../testing/push';
import { loggedInAs } from '../../testing/session';
import { reminderQueries, useSetDevicePush } from './api';

const VIEWER = 'viewer-1';
let push: ReturnType<typeof installFakePush> | null = null;

beforeEach(() => server.use(...reminderHandlers));
afterEach(() => {
  push?.uninstall();
  push = null;
});

/** This browser's endpoint and the account's devices (what the switch reads), and the reminders list. */
function seededKeys() {
  return {
    endpoint: reminderQueries.browserEndpoint('co').queryKey,
    devices: reminderQueries.devices('co', VIEWER).queryKey,
    list: reminderQueries.list('co', VIEWER).queryKey,
  };
}

describe('useSetDevicePush', () => {
  it('subscribes this browser in the interface’s language and reads both sides again', async () => {
    await loggedInAs('co');
    push = installFakePush({ answer: 'granted' });
    const { result, client, keys } = renderWithSeededQueries(() => useSetDevicePush('co', VIEWER), seededKeys());
    const onPermitted = vi.fn();

    await act(() => result.current.mutateAsync({ enable: true, language: 'en', onPermitted }));

    expect(onPermitted).toHaveBeenCalledOnce();
    expect(reminderFixtures.subscribed).toEqual([
      expect.objectContaining({ endpoint: 'https://push.example.test/dispositivo-1', language: 'en' }),
    ]);
    expect(invalidatedKeys(client)).toEqual([keys.endpoint, keys.devices]);
  });

  it('keeps the server’s refusal as the error and still reads both sides again', async () => {
    await loggedInAs('co');
    push = installFakePush({ answer: 'granted' });
    reminderFixtures.failSubscribeWith = 500;
    const { result, client, keys } = renderWithSeededQueries(() => useSetDevicePush('co', VIEWER), seededKeys());

    await act(() => result.current.mutateAsync({ enable: true, language: 'es' }).catch(() => null));

    await waitFor(() => expect(result.current.error?.message).toMatch(/^Ocurrió un error inesperado/));
    expect(invalidatedKeys(client)).toEqual([keys.endpoint, keys.devices]);
  });

  it('forgets this browser on the server, then drops its subscription', async () => {
    await loggedInAs('co');
    const endpoint = 'https://push.example.test/este';
    push = installFakePush({ permission: 'granted', existingEndpoint: endpoint });
    reminderFixtures.devices = [
      { endpoint, language: 'es', createdAt: '2026-11-01T10:00:00.000Z', updatedAt: '2026-11-01T10:00:00.000Z' },
    ];
    const { result, client, keys } = renderWithSeededQueries(() => useSetDevicePush('co', VIEWER), seededKeys());

    await act(() => result.current.mutateAsync({ enable: false }));

    expect(reminderFixtures.unsubscribed).toEqual([endpoint]);
    expect(push.current()).toBeNull();
    expect(invalidatedKeys(client)).toEqual([keys.endpoint, keys.devices]);
  });
});
