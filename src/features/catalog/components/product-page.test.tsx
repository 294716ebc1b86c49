import { act, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { TEST_API } from '../../../testing/api-url';
import { server } from '../../../testing/msw-server';
import { renderApp } from '../../../testing/render';

/** The server out of reach for the product's own call, as offline without a copy in the service worker. */
function detailUnreachable(): string[] {
  const asked: string[] = [];
  server.use(
    http.get(`${TEST_API}/products/:idOrSlug`, ({ params }) => {
      asked.push(String(params.idOrSlug));
      return HttpResponse.error();
    }),
  );
  return asked;
}

describe('product page without connection', () => {
  it('opens a product seen in the catalogue from the copy on the device', async () => {
    const { router } = await renderApp('/co/herramientas');
    expect(await screen.findByRole('article', { name: 'Producto 5' })).toBeTruthy();
    detailUnreachable();

    await router.navigate('/co/herramientas/magnesio-bisglicinato-5');

    expect(await screen.findByRole('heading', { name: 'Producto 5', level: 1 })).toBeTruthy();
    expect(screen.getByTestId('product-stock').textContent).toBe('10 disponibles');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('says a product never seen is not saved on this device, with a way back to the catalogue', async () => {
    const asked = detailUnreachable();
    await renderApp('/co/herramientas/magnesio-bisglicinato-7');

    const title = await screen.findByRole('heading', { name: 'Este producto no está guardado en este dispositivo' });
    const section = title.closest('section') as HTMLElement;
    expect(within(section).getByRole('alert').textContent).toContain('Sin conexión solo podemos mostrar');
    expect(within(section).getByRole('link', { name: 'Ver herramientas' }).getAttribute('href')).toBe(
      '/co/herramientas',
    );
    expect(asked).toContain('magnesio-bisglicinato-7');
  });

  it('says a product is not found when the server answers so, even with a copy on the device', async () => {
    // The whole catalogue's copy, read once the browser is idle, must be on the device before the clock below moves
    // on: arriving after, it would count as brand new and the server would not be asked.
    let copied = false;
    const onResponse = ({ request }: { request: Request }) => {
      if (new URL(request.url).searchParams.get('all') === 'true') copied = true;
    };
    server.events.on('response:mocked', onResponse);
    const { router } = await renderApp('/co/herramientas');
    expect(await screen.findByRole('article', { name: 'Producto 5' })).toBeTruthy();
    await waitFor(() => expect(copied).toBe(true));
    server.events.removeListener('response:mocked', onResponse);
    // Its answer is read and kept in the tasks that follow the response.
    await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
    server.use(
      http.get(`${TEST_API}/products/:idOrSlug`, () =>
        HttpResponse.json({ message: 'Producto no encontrado.' }, { status: 404 }),
      ),
    );
    // The catalogue's copy is old enough to be checked against the server when the page opens.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 10 * 60_000);
    try {
      await router.navigate('/co/herramientas/magnesio-bisglicinato-5');
      expect(await screen.findByRole('heading', { name: 'Producto no encontrado' })).toBeTruthy();
    } finally {
      vi.useRealTimers();
    }
  });
});
