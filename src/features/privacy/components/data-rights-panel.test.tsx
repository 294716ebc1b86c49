import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, onTestFinished } from 'vitest';
import { hasSession } from '../../../lib/session/session';
import { buildOutboxItem, installFakeServiceWorker } from '../../../testing/fake-service-worker';
import { currentConsent, privacyFixtures } from '../../../testing/handlers/privacy';
import { arrivesAt, renderApp } from '../../../testing/render';
import { loggedInAs } from '../../../testing/session';
import { fill } from '../../../testing/fill';

describe('data rights on Mis datos', () => {
  it('offers the ZIP of everything as a plain download link', async () => {
    await loggedInAs('co');
    await renderApp('/co/mi-cuenta/datos-personales');
    const link = await screen.findByRole('link', { name: 'Descargar mis datos (ZIP)' });
    expect(link.getAttribute('href')).toMatch(/\/privacy\/export$/);
    expect(link.hasAttribute('download')).toBe(true);
  });

  it('revokes the consent after saying what stops, and gives it again', async () => {
    await loggedInAs('co');
    await renderApp('/co/mi-cuenta/datos-personales');
    expect((await screen.findByTestId('consent-state')).textContent).toMatch(
      /Autorizada el .* \(versión 1 del texto\)/,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Revocar autorización' }));
    const dialog = await screen.findByRole('dialog', { name: '¿Revocar la autorización?' });
    expect(dialog.textContent).toContain('no podrás hacer pedidos');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Sí, revocar' }));
    await waitFor(() => expect(screen.getByTestId('consent-state').textContent).toBe('Revocaste esta autorización.'));
    expect(privacyFixtures.consent.state).toBe('revoked');

    await userEvent.click(screen.getByRole('button', { name: 'Leí el texto y vuelvo a autorizar' }));
    await waitFor(() => expect(screen.getByTestId('consent-state').textContent).toMatch(/^Autorizada el/));
    expect(privacyFixtures.consent.state).toBe('current');
  });

  it('deletes the account with the password and the typed word, then ends the session', async () => {
    const profile = await loggedInAs('co');
    // A write kept offline by this account: it could never be sent now, and it names a patient.
    const worker = installFakeServiceWorker([
      buildOutboxItem({ id: 'pendiente-0001', author: profile.uid, label: 'Ana Gómez', state: 'pending' }),
      buildOutboxItem({ id: 'de-otra-cuenta', author: 'uid-otra-cuenta-00000000001', state: 'pending' }),
    ]);
    onTestFinished(() => worker.uninstall());
    const { router } = await renderApp('/co/mi-cuenta/datos-personales');
    expect(await screen.findByText(/Conservamos sin tu nombre/)).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Eliminar mi cuenta' }));
    const dialog = await screen.findByRole('dialog', { name: '¿Eliminar tu cuenta definitivamente?' });
    expect(dialog.textContent).toContain('El envío que aún no llega al servidor se descarta de este dispositivo.');
    const confirm = within(dialog).getByRole('button', { name: 'Eliminar definitivamente' });
    await fill(within(dialog).getByLabelText(/Tu contraseña/), 'equivocada');
    await fill(within(dialog).getByLabelText(/Escribe ELIMINAR para confirmar/), 'ELIMINAR');
    await userEvent.click(confirm);
    expect(await within(dialog).findByText('La contraseña no es correcta.')).toBeTruthy();
    expect(privacyFixtures.deleted).toBe(false);

    await userEvent.clear(within(dialog).getByLabelText(/Tu contraseña/));
    await fill(within(dialog).getByLabelText(/Tu contraseña/), privacyFixtures.password);
    await userEvent.click(confirm);
    await arrivesAt(router, '/co');
    expect(privacyFixtures.deleted).toBe(true);
    expect(hasSession('co')).toBe(false);
    expect(worker.items().map((item) => item.id)).toEqual(['de-otra-cuenta']);
  });
});

describe('consent asked again after login', () => {
  it('blocks with the new text until it is accepted', async () => {
    privacyFixtures.consent = currentConsent({ state: 'outdated', version: 2, acceptedVersion: 1 });
    await loggedInAs('co');
    await renderApp('/co/mi-cuenta/datos-personales');
    const dialog = await screen.findByRole('dialog', { name: 'Autorización para el tratamiento de datos de salud' });
    expect(dialog.textContent).toContain('Actualizamos el texto');
    expect(dialog.textContent).toContain('Ley 1581 de 2012');
    await userEvent.keyboard('{Escape}');
    expect(screen.getByRole('dialog')).toBe(dialog);
    const accept = within(dialog).getByRole('button', { name: 'Autorizar' });
    expect((accept as HTMLButtonElement).disabled).toBe(true);
    await userEvent.click(within(dialog).getByRole('checkbox', { name: /He leído el texto y autorizo/ }));
    await userEvent.click(accept);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(privacyFixtures.consent).toMatchObject({ state: 'current', acceptedVersion: 2 });
  });

  it('does not ask a user whose consent is current', async () => {
    await loggedInAs('co');
    await renderApp('/co/mi-cuenta/datos-personales');
    expect(await screen.findByTestId('consent-state')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
