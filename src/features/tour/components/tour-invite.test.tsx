import { I18nProvider } from '@lingui/react';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createStore, Provider } from 'jotai';
import { beforeEach, describe, expect, it } from 'vitest';
import { i18n } from '../../../lib/i18n';
import { tourRequestedAtom } from '../atoms';
import { hasSeenTour, markTourSeen, TOUR_SEEN_KEY } from '../tour-storage';
import { TourInvite } from './tour-invite';

function renderInvite() {
  const store = createStore();
  render(
    <Provider store={store}>
      <I18nProvider i18n={i18n}>
        <TourInvite />
      </I18nProvider>
    </Provider>,
  );
  return store;
}

const invitation = () => screen.queryByRole('region', { name: /Primera vez aquí/ });

describe('TourInvite', () => {
  beforeEach(() => localStorage.removeItem(TOUR_SEEN_KEY));

  it('offers the tour to a device that has not seen it, and asks for it when taken', async () => {
    const store = renderInvite();
    expect(invitation()).not.toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Ver recorrido guiado' }));
    expect(store.get(tourRequestedAtom)).toBe(true);
    expect(invitation()).toBeNull();
  });

  it('"Ahora no" hides it for good on this device, without the tour', async () => {
    const store = renderInvite();
    await userEvent.click(screen.getByRole('button', { name: 'Ahora no' }));
    expect(invitation()).toBeNull();
    expect(store.get(tourRequestedAtom)).toBe(false);
    expect(hasSeenTour()).toBe(true);
  });

  it('is not shown where the tour was seen', () => {
    markTourSeen();
    renderInvite();
    expect(invitation()).toBeNull();
  });
});
