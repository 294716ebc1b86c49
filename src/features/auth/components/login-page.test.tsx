import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { TEST_PASSWORD } from '../../../testing/handlers/auth';
import { renderApp } from '../../../testing/render';

describe('login page', () => {
  it('marks empty required fields with "Campo obligatorio"', async () => {
    await renderApp('/co/iniciar-sesion');
    await userEvent.click(await screen.findByRole('button', { name: 'Ingresar' }));
    expect(screen.getAllByText('Campo obligatorio')).toHaveLength(2);
  });

  it('reveals the password on demand', async () => {
    await renderApp('/co/iniciar-sesion');
    const password = await screen.findByLabelText(/Contraseña/);
    expect(password.getAttribute('type')).toBe('password');
    await userEvent.click(screen.getByRole('button', { name: 'Mostrar contraseña' }));
    expect(password.getAttribute('type')).toBe('text');
  });

  it('shows the server message for wrong credentials', async () => {
    await renderApp('/co/iniciar-sesion');
    await userEvent.type(await screen.findByLabelText(/Correo electrónico/), 'medico.co@demo.test');
    await userEvent.type(screen.getByLabelText(/Contraseña/), 'incorrecta');
    await userEvent.click(screen.getByRole('button', { name: 'Ingresar' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Correo o contraseña incorrectos.');
  });

  it('logs in by document and shows the user in the header', async () => {
    const { router } = await renderApp('/co/iniciar-sesion?volver=/co/herramientas');
    await userEvent.click(await screen.findByRole('radio', { name: 'Documento' }));
    await userEvent.type(screen.getByLabelText(/Número de documento/), '52345671');
    await userEvent.type(screen.getByLabelText(/Contraseña/), TEST_PASSWORD);
    await userEvent.click(screen.getByRole('button', { name: 'Ingresar' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/co/herramientas'));
    expect(await screen.findByRole('link', { name: /Carolina Mejía/ })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Prescripción' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Iniciar sesión' })).toBeNull();
  });
});
