import { I18nProvider } from '@lingui/react';
import { act, render } from '@testing-library/react';
import { createStore, Provider } from 'jotai';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../lib/i18n';
import { tourRequestAtom } from '../atoms';
import { FIRST_VISIT_DELAY_MS } from '../tour-config';
import { markTourSeen } from '../tour-storage';
import { TourLauncher } from './tour-launcher';

const { runTour, stopTour } = vi.hoisted(() => {
  const stopTour = vi.fn();
  return { stopTour, runTour: vi.fn(() => stopTour) };
});
vi.mock('../run-tour', () => ({ runTour }));

function renderLauncher() {
  const store = createStore();
  const view = render(
    <Provider store={store}>
      <I18nProvider i18n={i18n}>
        <TourLauncher />
      </I18nProvider>
    </Provider>,
  );
  return { ...view, store };
}

/** Lets the timer fire and the mocked dynamic import resolve. */
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

  it('starts the tour once, after the first-visit delay, on a device that has not seen it', async () => {
    renderLauncher();
    await settle(FIRST_VISIT_DELAY_MS - 100);
    expect(runTour).not.toHaveBeenCalled();
    await settle(200);
    expect(runTour).toHaveBeenCalledTimes(1);
  });

  it('does not come back on a device that has seen it', async () => {
    markTourSeen();
    renderLauncher();
    await settle(FIRST_VISIT_DELAY_MS * 2);
    expect(runTour).not.toHaveBeenCalled();
  });

  it('runs again at once when replay is asked for, and ends when home is left', async () => {
    markTourSeen();
    const { store, unmount } = renderLauncher();
    act(() => store.set(tourRequestAtom, (count) => count + 1));
    await settle(0);
    expect(runTour).toHaveBeenCalledTimes(1);
    unmount();
    expect(stopTour).toHaveBeenCalledTimes(1);
  });
});
