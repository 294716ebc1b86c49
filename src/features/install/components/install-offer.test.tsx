import { I18nProvider } from '@lingui/react';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Link, MemoryRouter, useNavigate } from 'react-router';
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

const REGION = { name: 'Instalar el Dispensario' };

function BackButton() {
  const navigate = useNavigate();
  return (
    <button type="button" onClick={() => void navigate(-1)}>
      Atrás
    </button>
  );
}

function renderOffer(children?: React.ReactNode) {
  return render(
    <I18nProvider i18n={i18n}>
      <MemoryRouter initialEntries={['/co']}>
        <InstallOffer />
        {children}
        <Link to="/co/herramientas">Herramientas</Link>
        <BackButton />
      </MemoryRouter>
    </I18nProvider>,
  );
}

/** The visitor opens a second screen: the offer never covers the one a visit starts on. */
async function openSecondScreen() {
  await userEvent.click(screen.getByRole('link', { name: 'Herramientas' }));
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
    await openSecondScreen();
    const install = await screen.findByRole('button', { name: 'Instalar' });
    await userEvent.click(install);
    expect(prompt).toHaveBeenCalledOnce();
    expect(screen.queryByRole('region', REGION)).toBeNull();
  });

  it('appears when the offer comes later, and "Ahora no" hides it on this device', async () => {
    renderOffer();
    await openSecondScreen();
    expect(screen.queryByRole('region', REGION)).toBeNull();
    act(() => {
      window.dispatchEvent(browserOffer(async () => undefined));
    });
    await userEvent.click(screen.getByRole('button', { name: 'Ahora no' }));
    expect(screen.queryByRole('region', REGION)).toBeNull();
    expect(localStorage.getItem(INSTALL_DISMISSED_KEY)).not.toBeNull();
  });

  it('waits for the visit’s second screen, and stays when the visitor goes back to the first', async () => {
    renderOffer();
    act(() => {
      window.dispatchEvent(browserOffer(async () => undefined));
    });
    expect(screen.queryByRole('region', REGION)).toBeNull();
    await openSecondScreen();
    expect(screen.getByRole('region', REGION)).not.toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Atrás' }));
    expect(screen.getByRole('region', REGION)).not.toBeNull();
  });
});
