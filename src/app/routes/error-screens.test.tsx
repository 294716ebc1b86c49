import { I18nProvider } from '@lingui/react';
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { i18n } from '../../lib/i18n';
import { clientErrorFixtures } from '../../testing/handlers/client-errors';
import { renderApp } from '../../testing/render';
import { loggedInAsPatient } from '../../testing/session';
import { AppErrorBoundary } from './error-screens';

// A screen that fails while rendering (a bug, or a record the code did not expect). The digits stand for personal
// data a message may carry: the server masks them, the report still carries the route's pattern only.
vi.mock('./about-route', () => ({
  AboutRoute: () => {
    throw new TypeError('No se pudo leer la ficha 52345674');
  },
}));
vi.mock('./favorites-route', () => ({
  FavoritesRoute: () => {
    throw new RangeError('Lista dañada');
  },
}));

function Broken(): never {
  throw new Error('Falló la restauración');
}

describe('error screens', () => {
  it('keeps the header around a public screen that failed, and reports it by the route’s pattern', async () => {
    await renderApp('/co/nosotros');
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByRole('heading', { name: 'Algo salió mal' })).toBeTruthy();
    expect(within(alert).getByRole('button', { name: 'Recargar' })).toBeTruthy();
    expect(screen.getByRole('banner')).toBeTruthy();
    await vi.waitFor(() => expect(clientErrorFixtures.received).toHaveLength(1));
    expect(clientErrorFixtures.received[0]).toMatchObject({
      name: 'TypeError',
      message: 'No se pudo leer la ficha 52345674',
      route: '/:locale/nosotros',
    });
  });

  it('leaves the error screen behind when the person goes elsewhere', async () => {
    const { router } = await renderApp('/co/nosotros');
    await screen.findByRole('alert');
    await router.navigate('/co/herramientas');
    expect(await screen.findByRole('heading', { name: 'Herramientas funcionales', level: 1 })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Algo salió mal' })).toBeNull();
  });

  it('keeps the account’s menu around an account screen that failed', async () => {
    await loggedInAsPatient();
    await renderApp('/co/mi-cuenta/mis-favoritos');
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByRole('heading', { name: 'Algo salió mal' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Datos personales' })).toBeTruthy();
    await vi.waitFor(() =>
      expect(clientErrorFixtures.received).toEqual([
        expect.objectContaining({ name: 'RangeError', route: '/:locale/mi-cuenta/mis-favoritos' }),
      ]),
    );
  });

  it('shows the error screen in place of a blank page when what every screen shares fails, and reports it', async () => {
    render(
      <I18nProvider i18n={i18n}>
        <AppErrorBoundary>
          <Broken />
        </AppErrorBoundary>
      </I18nProvider>,
    );
    expect(await screen.findByRole('heading', { name: 'Algo salió mal' })).toBeTruthy();
    await vi.waitFor(() =>
      expect(clientErrorFixtures.received).toEqual([
        expect.objectContaining({ name: 'Error', message: 'Falló la restauración', route: '/*' }),
      ]),
    );
  });
});
