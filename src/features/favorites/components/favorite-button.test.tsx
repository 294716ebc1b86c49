import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { TEST_API } from '../../../testing/api-url';
import { server } from '../../../testing/msw-server';
import { renderApp } from '../../../testing/render';
import { loggedInAs } from '../../../testing/session';

describe('favourite heart', () => {
  it('fills at once while the server is still answering, and stays filled once it has', async () => {
    let answer: () => void = () => undefined;
    const answered = new Promise<void>((resolve) => (answer = resolve));
    const saved: number[] = [];
    server.use(
      http.put(`${TEST_API}/favorites/:productId`, async ({ params }) => {
        await answered;
        saved.push(Number(params.productId));
        return new HttpResponse(null, { status: 204 });
      }),
      http.get(`${TEST_API}/favorites`, () => HttpResponse.json({ data: [] }), { once: true }),
    );
    await loggedInAs('co');
    await renderApp('/co/herramientas');
    await userEvent.click(await screen.findByRole('button', { name: 'Agregar Producto 1 a favoritos' }));
    expect(screen.getByRole('button', { name: 'Quitar Producto 1 de favoritos' }).getAttribute('aria-pressed')).toBe(
      'true',
    );
    expect(saved).toEqual([]);

    server.use(http.get(`${TEST_API}/favorites`, () => HttpResponse.json({ data: [{ id: 1 }] })));
    answer();
    await waitFor(() => expect(saved).toEqual([1]));
    expect(await screen.findByRole('button', { name: 'Quitar Producto 1 de favoritos' })).toBeTruthy();
  });

  it('goes back to empty with the server’s reason when it refuses', async () => {
    server.use(
      http.put(`${TEST_API}/favorites/:productId`, () =>
        HttpResponse.json({ message: 'No pudimos guardar tu favorito.' }, { status: 422 }),
      ),
    );
    await loggedInAs('co');
    await renderApp('/co/herramientas');
    await userEvent.click(await screen.findByRole('button', { name: 'Agregar Producto 2 a favoritos' }));
    expect(await screen.findByRole('alert')).toHaveProperty('textContent', 'No pudimos guardar tu favorito.');
    expect(screen.getByRole('button', { name: 'Agregar Producto 2 a favoritos' }).getAttribute('aria-pressed')).toBe(
      'false',
    );
  });
});
