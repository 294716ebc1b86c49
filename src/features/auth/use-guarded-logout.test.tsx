import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, expect, it } from 'vitest';
import { buildOutboxItem, installFakeServiceWorker } from '../../testing/fake-service-worker';
import { arrivesAt, renderApp } from '../../testing/render';
import { loggedInAs } from '../../testing/session';

let worker: ReturnType<typeof installFakeServiceWorker> | null = null;

afterEach(() => {
  worker?.uninstall();
  worker = null;
});

it('logging out with writes the server has not taken asks first, and says they wait for the next login here', async () => {
  const profile = await loggedInAs('co', { uid: 'uid-doctor-0000000000000009' });
  worker = installFakeServiceWorker([
    buildOutboxItem({ id: 'pendiente-0001', author: profile.uid, state: 'pending' }),
    buildOutboxItem({ id: 'pendiente-0002', author: profile.uid, state: 'waiting-session' }),
    buildOutboxItem({ id: 'entregado-0003', author: profile.uid, state: 'delivered', deliveredAt: Date.now() }),
    buildOutboxItem({ id: 'de-otra-cuenta', author: 'uid-otra-cuenta-00000000001', state: 'pending' }),
  ]);
  const { router } = await renderApp('/co/mi-cuenta/datos-personales');
  const user = userEvent.setup();

  await user.click(await screen.findByRole('button', { name: 'Cerrar sesión' }));
  const dialog = await screen.findByRole('dialog', { name: '¿Cerrar sesión con envíos pendientes?' });
  expect(dialog.textContent).toContain(
    'Tienes 2 envíos que aún no llegan al servidor. Se quedan guardados en este dispositivo y se enviarán cuando vuelvas a iniciar sesión aquí con tu cuenta.',
  );
  await user.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  expect(router.state.location.pathname).toBe('/co/mi-cuenta/datos-personales');

  await user.click(screen.getByRole('button', { name: 'Cerrar sesión' }));
  await user.click(
    within(await screen.findByRole('dialog')).getByRole('button', { name: 'Cerrar sesión de todos modos' }),
  );
  await arrivesAt(router, '/co');
  expect(worker.items().map((item) => item.id)).toEqual(['pendiente-0001', 'pendiente-0002', 'de-otra-cuenta']);
});

it('logging out with nothing waiting asks nothing', async () => {
  const profile = await loggedInAs('co', { uid: 'uid-doctor-0000000000000010' });
  worker = installFakeServiceWorker([
    buildOutboxItem({ id: 'entregado-0001', author: profile.uid, state: 'delivered', deliveredAt: Date.now() }),
  ]);
  const { router } = await renderApp('/co/mi-cuenta/datos-personales');
  await userEvent.click(await screen.findByRole('button', { name: 'Cerrar sesión' }));
  await arrivesAt(router, '/co');
  expect(screen.queryByRole('dialog')).toBeNull();
});
