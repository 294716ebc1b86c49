import { act, render, screen } from '@testing-library/react';
import { Provider as JotaiProvider } from 'jotai';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { appStore } from '../../lib/store';
import { loggedInAs } from '../../testing/session';
import { LazyPushLanguageSync } from './lazy-push-language-sync';

vi.mock('../../features/reminders/components/push-language-sync', () => ({
  PushLanguageSync: () => <p>sincronizando idioma</p>,
}));

/** A browser's notifications permission as the Permissions API reports it, changeable by the test. */
class FakePermissionStatus extends EventTarget {
  constructor(public state: PermissionState) {
    super();
  }
  change(state: PermissionState) {
    this.state = state;
    this.dispatchEvent(new Event('change'));
  }
}

describe('the push subscription language sync in the layout', () => {
  let status: FakePermissionStatus;
  let directReads: number;

  beforeEach(() => {
    status = new FakePermissionStatus('prompt');
    directReads = 0;
    vi.stubGlobal('Notification', {
      get permission() {
        directReads += 1;
        return status.state === 'prompt' ? 'default' : status.state;
      },
    });
    vi.stubGlobal(
      'navigator',
      Object.assign(Object.create(navigator), {
        permissions: { query: vi.fn(async () => status) },
      }),
    );
  });

  afterEach(() => {
    vi.unstubAllGlobals();
  });

  const renderSync = () =>
    render(
      <JotaiProvider store={appStore}>
        <LazyPushLanguageSync country="co" />
      </JotaiProvider>,
    );

  it('loads for a member once the browser allows notifications, without the blocking Notification.permission', async () => {
    await loggedInAs('co');
    renderSync();
    await act(async () => {});
    expect(screen.queryByText('sincronizando idioma')).toBeNull();
    act(() => status.change('granted'));
    expect(await screen.findByText('sincronizando idioma')).toBeTruthy();
    expect(directReads).toBe(0);
  });

  it('asks nothing for a visitor, and stays away while notifications are denied', async () => {
    renderSync();
    await act(async () => {});
    expect(navigator.permissions.query).not.toHaveBeenCalled();
    status.state = 'denied';
    await act(() => loggedInAs('co'));
    expect(navigator.permissions.query).toHaveBeenCalledTimes(1);
    expect(screen.queryByText('sincronizando idioma')).toBeNull();
  });
});
