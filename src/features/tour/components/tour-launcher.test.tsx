import { I18nProvider } from '@lingui/react';
import { act, render } from '@testing-library/react';
import { createStore, Provider } from 'jotai';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../lib/i18n';
import { tourRequestedAtom } from '../atoms';
import { TourLauncher } from './tour-launcher';

const { runTour, stopTour } = vi.hoisted(() => {
  const stopTour = vi.fn();
  return { stopTour, runTour: vi.fn(() => stopTour) };
});
vi.mock('../run-tour', () => ({ runTour }));

function renderLauncher(store = createStore()) {
  const view = render(
    <Provider store={store}>
      <I18nProvider i18n={i18n}>
        <TourLauncher />
      </I18nProvider>
    </Provider>,
  );
  return { ...view, store };
}

/** Lets the timers fire and the mocked dynamic import resolve. */
async function settle(ms: number) {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
}

describe('TourLauncher', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    runTour.mockClear();
    stopTour.mockClear();
  });
  afterEach(() => vi.useRealTimers());

  it('does not start by itself, not even on a device that has never seen the tour', async () => {
    renderLauncher();
    await settle(10_000);
    expect(runTour).not.toHaveBeenCalled();
  });

  it('runs at once when asked, and ends when home is left', async () => {
    const { store, unmount } = renderLauncher();
    act(() => store.set(tourRequestedAtom, true));
    await settle(0);
    expect(runTour).toHaveBeenCalledTimes(1);
    expect(store.get(tourRequestedAtom)).toBe(false);
    unmount();
    expect(stopTour).toHaveBeenCalledTimes(1);
  });

  it('runs a request once: home opened again afterwards does not replay it', async () => {
    const store = createStore();
    store.set(tourRequestedAtom, true);
    renderLauncher(store).unmount();
    await settle(0);
    renderLauncher(store);
    await settle(0);
    expect(runTour).toHaveBeenCalledTimes(1);
  });
});
