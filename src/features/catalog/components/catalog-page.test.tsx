import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TEST_API } from '../../../testing/api-url';
import { server } from '../../../testing/msw-server';
import { renderApp } from '../../../testing/render';

/** The catalogue requests the page made: `all` (the device's copy, no limit) or the offset of a page. */
function catalogueRequests() {
  const asked: string[] = [];
  server.events.on('request:start', ({ request }) => {
    const url = new URL(request.url);
    if (url.href.startsWith(`${TEST_API}/products?`)) {
      asked.push(url.searchParams.has('limit') ? `offset ${url.searchParams.get('offset') ?? 0}` : 'all');
    }
  });
  return asked;
}

function goOffline() {
  // Restored after each test: the files of this project share one module graph and one jsdom per worker.
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
  act(() => {
    window.dispatchEvent(new Event('offline'));
  });
}

describe('the catalogue without connection', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    window.dispatchEvent(new Event('online'));
  });

  it('reads the device’s copy once the page is up, and goes on from it offline with ‘Cargar más’', async () => {
    const asked = catalogueRequests();
    await renderApp('/co/herramientas');
    expect(await screen.findAllByRole('article')).toHaveLength(24);
    // The page's own answer came first; the copy of the whole catalogue only after it.
    await waitFor(() => expect(asked).toEqual(['offset 0', 'all']));

    goOffline();
    // The page the device already shows stays: offline it needs nothing else.
    expect(screen.getAllByRole('article')).toHaveLength(24);
    await userEvent.click(screen.getByRole('button', { name: 'Cargar más' }));
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(30));
    expect(screen.getByText('Sin conexión: resultados del catálogo guardado en este dispositivo.')).toBeTruthy();
    expect(screen.getByText('Mostrando 30 de 30 productos')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Cargar más' })).toBeNull();
    expect(asked).toEqual(['offset 0', 'all']);
  });

  it('answers a search typed offline from the copy kept on the device', async () => {
    const asked = catalogueRequests();
    await renderApp('/co/herramientas');
    expect(await screen.findAllByRole('article')).toHaveLength(24);
    await waitFor(() => expect(asked).toContain('all'));
    goOffline();
    // Without connection no catalogue request gets through: the search is the device's.
    server.use(http.get(`${TEST_API}/products`, () => HttpResponse.error()));
    await userEvent.type(screen.getByLabelText('Buscar', { exact: true }), 'producto 7');
    expect(await screen.findByText('Sin conexión: resultados del catálogo guardado en este dispositivo.')).toBeTruthy();
    // Every word somewhere in the product, as the server answers: Producto 7, 17 and 27.
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(3));
    expect(screen.getAllByRole('article').map((card) => within(card).getByRole('heading').textContent)).toEqual([
      'Producto 17',
      'Producto 27',
      'Producto 7',
    ]);
  });
});
