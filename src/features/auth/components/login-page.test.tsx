import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { TEST_API } from '../../../testing/api-url';
import { TEST_PASSWORD } from '../../../testing/handlers/auth';
import { server } from '../../../testing/msw-server';
import { renderApp } from '../../../testing/render';

/** The texts that describe a field (its help and its error), as assistive technology reads them. */
function descriptionOf(field: HTMLElement): string {
  return (field.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ')
    .trim();
}

/** The login requests the page sends from now on. */
function loginRequests(): string[] {
  const sent: string[] = [];
  server.events.on('request:start', ({ request }) => {
    if (request.url.startsWith(`${TEST_API}/auth/`) && request.url.includes('-login')) sent.push(request.url);
  });
  return sent;
}

afterEach(() => server.events.removeAllListeners());

describe('login page', () => {
  it('marks empty required fields with "Campo obligatorio" and focuses the first', async () => {
    await renderApp('/co/iniciar-sesion');
    await userEvent.click(await screen.findByRole('button', { name: 'Ingresar' }));
    expect(screen.getAllByText('Campo obligatorio')).toHaveLength(2);
    const email = screen.getByLabelText(/Correo electrónico/);
    await waitFor(() => expect(document.activeElement).toBe(email));
  });

  it('places a malformed e-mail’s problem at its field, by the shared rule, and sends nothing', async () => {
    const sent = loginRequests();
    await renderApp('/co/iniciar-sesion');
    const email = await screen.findByLabelText(/Correo electrónico/);
    const password = screen.getByLabelText(/Contraseña/);
    await userEvent.type(email, 'medico.co@demo');
    await userEvent.type(password, TEST_PASSWORD);
    await userEvent.click(screen.getByRole('button', { name: 'Ingresar' }));

    expect(email.getAttribute('aria-invalid')).toBe('true');
    expect(descriptionOf(email)).toBe('Escribe un correo electrónico válido.');
    expect(password.getAttribute('aria-invalid')).toBe('false');
    await waitFor(() => expect(document.activeElement).toBe(email));
    expect(sent).toEqual([]);

    // Corrected, it is sent (and answered by the server's refusal of the wrong password).
    await userEvent.type(email, '.test');
    await userEvent.clear(password);
    await userEvent.type(password, 'incorrecta');
    await userEvent.click(screen.getByRole('button', { name: 'Ingresar' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Correo o contraseña incorrectos.');
    expect(email.getAttribute('aria-invalid')).toBe('false');
    expect(sent).toHaveLength(1);
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
