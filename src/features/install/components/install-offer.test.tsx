import { I18nProvider } from '@lingui/react';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../lib/i18n';
import { INSTALL_DISMISSED_KEY } from '../install-storage';
import { InstallOffer } from './install-offer';

function browserOffer(prompt: () => Promise<void>) {
  return Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
    prompt,
    userChoice: Promise.resolve({ outcome: 'accepted' as const }),
  });
}

/**
 * Fires the browser's offer while React renders, after the offer component rendered and before its effects ran:
 * the moment an offer used to be lost.
 */
function OfferDuringRender({ offer }: { offer: Event }) {
  if (!offer.defaultPrevented) window.dispatchEvent(offer);
  return null;
}

function renderOffer(children?: React.ReactNode) {
  return render(
    <I18nProvider i18n={i18n}>
      <InstallOffer />
      {children}
    </I18nProvider>,
  );
}

afterEach(() => {
  localStorage.removeItem(INSTALL_DISMISSED_KEY);
  // The offer is held by the module for the page's life: the installed app's event forgets it between tests.
  window.dispatchEvent(new Event('appinstalled'));
});

describe('install offer', () => {
  it('shows the Instalar button for an offer that arrives between its render and its effects, and asks the browser', async () => {
    const prompt = vi.fn(async () => undefined);
    const offer = browserOffer(prompt);
    renderOffer(<OfferDuringRender offer={offer} />);
    const install = await screen.findByRole('button', { name: 'Instalar' });
    await userEvent.click(install);
    expect(prompt).toHaveBeenCalledOnce();
    expect(screen.queryByRole('region', { name: 'Instalar el Dispensario' })).toBeNull();
  });

  it('appears when the offer comes later, and "Ahora no" hides it on this device', async () => {
    renderOffer();
    expect(screen.queryByRole('region', { name: 'Instalar el Dispensario' })).toBeNull();
    act(() => {
      window.dispatchEvent(browserOffer(async () => undefined));
    });
    await userEvent.click(screen.getByRole('button', { name: 'Ahora no' }));
    expect(screen.queryByRole('region', { name: 'Instalar el Dispensario' })).toBeNull();
    expect(localStorage.getItem(INSTALL_DISMISSED_KEY)).not.toBeNull();
  });
});
