import { I18nProvider } from '@lingui/react';
import { render, screen, within } from '@testing-library/react';
import { Provider as JotaiProvider } from 'jotai';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { i18n } from '../../lib/i18n';
import { appStore } from '../../lib/store';
import { Header, type HeaderProfile } from './header';

function renderHeader(props: Parameters<typeof Header>[0]) {
  return render(
    <JotaiProvider store={appStore}>
      <I18nProvider i18n={i18n}>
        <MemoryRouter>
          <Header {...props} />
        </MemoryRouter>
      </I18nProvider>
    </JotaiProvider>,
  );
}

const doctor: HeaderProfile = { displayName: 'Carolina Mejía', roleLabel: 'Médica', pictureUrl: null };

describe('header for a logged-in professional', () => {
  it('shows the profile block and the role link, and hides login and register', () => {
    renderHeader({ country: 'mx', role: 'doctor', approvalStatus: 'approved', profile: doctor });
    const profile = screen.getByRole('link', { name: /Carolina Mejía/ });
    expect(profile.getAttribute('href')).toBe('/mx/mi-cuenta/datos-personales');
    expect(within(profile).getByText('CM')).toBeTruthy();
    expect(within(profile).getByText('Médica')).toBeTruthy();
    const nav = screen.getByRole('navigation', { name: 'Navegación principal' });
    expect(within(nav).getByRole('link', { name: 'Prescripción' }).getAttribute('href')).toBe(
      '/mx/mi-cuenta/prescripcion',
    );
    expect(screen.queryByRole('link', { name: 'Iniciar sesión' })).toBeNull();
  });

  it('dims the role link of a professional awaiting approval', () => {
    renderHeader({ country: 'co', role: 'doctor', approvalStatus: 'pending', profile: doctor });
    const nav = screen.getByRole('navigation', { name: 'Navegación principal' });
    expect(within(nav).queryByRole('link', { name: 'Prescripción' })).toBeNull();
    expect(within(nav).getByText('Prescripción').getAttribute('aria-disabled')).toBe('true');
  });
});
