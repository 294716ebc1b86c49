import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { appStore } from '../../../lib/store';
import { resetFixtures, TEST_RESET_TOKEN } from '../../../testing/handlers/auth';
import { renderApp } from '../../../testing/render';
import { loggedInAs } from '../../../testing/session';
import { sessionsAtom } from '../../../lib/session/atoms';

describe('forgotten password', () => {
  it('the login page links to it', async () => {
    const { router } = await renderApp('/co/iniciar-sesion');
    await userEvent.click(await screen.findByRole('link', { name: '¿Olvidaste tu contraseña?' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/co/olvide-contrasena'));
    expect(await screen.findByRole('heading', { name: '¿Olvidaste tu contraseña?' })).toBeTruthy();
  });

  it('checks the e-mail before sending, then shows the server’s answer', async () => {
    await renderApp('/co/olvide-contrasena');
    const email = await screen.findByLabelText(/Correo electrónico/);
    await userEvent.click(screen.getByRole('button', { name: 'Enviar enlace' }));
    expect(screen.getByText('Campo obligatorio')).toBeTruthy();
    await userEvent.type(email, 'no-es-correo');
    await userEvent.click(screen.getByRole('button', { name: 'Enviar enlace' }));
    expect(screen.getByText('Escribe un correo electrónico válido.')).toBeTruthy();
    expect(resetFixtures.requested).toEqual([]);
    await userEvent.clear(email);
    await userEvent.type(email, ' ana@correo.test ');
    await userEvent.click(screen.getByRole('button', { name: 'Enviar enlace' }));
    expect((await screen.findByRole('status')).textContent).toMatch(/^Si el correo corresponde a una cuenta/);
    expect(resetFixtures.requested).toEqual(['ana@correo.test']);
  });
});

describe('reset password page', () => {
  it('asks for a new password with the registration rules and ends this device’s session', async () => {
    await loggedInAs('co');
    await renderApp(`/co/restablecer-contrasena#token=${TEST_RESET_TOKEN}`);
    const password = await screen.findByLabelText(/^Nueva contraseña/);
    await userEvent.type(password, 'solotexto');
    await userEvent.type(screen.getByLabelText(/^Repite la nueva contraseña/), 'otra');
    await userEvent.click(screen.getByRole('button', { name: 'Guardar contraseña' }));
    expect(screen.getByText('La contraseña debe tener al menos 8 caracteres e incluir letras y números.')).toBeTruthy();
    expect(screen.getByText('Las contraseñas no coinciden.')).toBeTruthy();
    expect(resetFixtures.confirmed).toEqual([]);
    await userEvent.clear(password);
    await userEvent.type(password, 'Nueva12345');
    await userEvent.clear(screen.getByLabelText(/^Repite la nueva contraseña/));
    await userEvent.type(screen.getByLabelText(/^Repite la nueva contraseña/), 'Nueva12345');
    await userEvent.click(screen.getByRole('button', { name: 'Guardar contraseña' }));
    expect((await screen.findByRole('status')).textContent).toMatch(/^Tu contraseña se actualizó/);
    expect(resetFixtures.confirmed).toEqual(['Nueva12345']);
    expect(appStore.get(sessionsAtom).co).toBeNull();
  });

  it('shows the server’s reason for a used or expired link', async () => {
    await renderApp('/co/restablecer-contrasena#token=enlace-usado-0000000000000000000');
    await userEvent.type(await screen.findByLabelText(/^Nueva contraseña/), 'Nueva12345');
    await userEvent.type(screen.getByLabelText(/^Repite la nueva contraseña/), 'Nueva12345');
    await userEvent.click(screen.getByRole('button', { name: 'Guardar contraseña' }));
    expect((await screen.findByRole('alert')).textContent).toMatch(/no es válido, ya se usó o expiró/);
  });

  it('without a token in the link offers to ask for a new one', async () => {
    await renderApp('/co/restablecer-contrasena');
    expect(await screen.findByRole('heading', { name: 'Enlace no válido' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Pedir un enlace nuevo' }).getAttribute('href')).toBe(
      '/co/olvide-contrasena',
    );
  });
});
