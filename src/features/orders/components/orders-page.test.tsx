import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { ROLE_IDS } from '../../../lib/shared/accounts';
import { ORDERS_PAGE_SIZE } from '../../../lib/shared/orders';
import { TEST_API } from '../../../testing/api-url';
import { buildOrder, orderFixtures } from '../../../testing/handlers/orders';
import { server } from '../../../testing/msw-server';
import { renderApp } from '../../../testing/render';
import { loggedInAs } from '../../../testing/session';

const plain = (text: string | null | undefined) => text?.replace(/\s/g, ' ').trim();

function cellTexts(row: HTMLElement) {
  return [...row.querySelectorAll('th, td')].map((cell) => plain(cell.textContent));
}

afterEach(() => server.events.removeAllListeners());

describe('mis pedidos', () => {
  it('lists number, payment date, quantity, total in each order’s currency and a status badge', async () => {
    orderFixtures.orders = [
      buildOrder({ id: 42, total: 242_300, paidAt: '2026-11-20T15:00:00.000Z', status: 'released' }),
      buildOrder({ id: 41, countryId: 2, total: 123_450, paidAt: '2026-10-05T18:30:00.000Z' }),
      buildOrder({ id: 40, total: 89_000, paidAt: null, status: 'awaiting_transfer' }),
    ];
    await loggedInAs('co', { role: { id: ROLE_IDS.patient, name: 'patient' }, email: 'paciente.co@demo.test' });
    await renderApp('/co/mi-cuenta/mis-pedidos');

    await screen.findByRole('link', { name: 'Ver el pedido CO-000042' });
    const table = screen.getByRole('table', { name: /Tus pedidos/ });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Número de pedido', 'Fecha de pago', 'Cantidad', 'Total', 'Estado']);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map(cellTexts)).toEqual([
      ['CO-000042', '20 de noviembre de 2026', '3', '$ 242.300', 'Liberado para despacho'],
      ['MX-000041', '5 de octubre de 2026', '3', '$1,234.50', 'Pagado'],
      ['CO-000040', '—', '3', '$ 89.000', 'Esperando transferencia'],
    ]);
    expect(
      within(rows[0] as HTMLElement)
        .getByRole('link', { name: 'Ver el pedido CO-000042' })
        .getAttribute('href'),
    ).toBe('/co/mi-cuenta/mis-pedidos/42');
    // One page only: no pager.
    expect(screen.queryByRole('navigation', { name: 'Páginas de pedidos' })).toBeNull();
  });

  it('pages with Anterior and Siguiente and keeps the page in ?pagina=', async () => {
    orderFixtures.orders = Array.from({ length: ORDERS_PAGE_SIZE + 2 }, (_, index) => buildOrder({ id: 100 - index }));
    const pagesAsked: string[] = [];
    server.events.on('request:start', ({ request }) => {
      const url = new URL(request.url);
      if (url.pathname === '/api/orders')
        pagesAsked.push(`${url.searchParams.get('page')}/${url.searchParams.get('limit')}`);
    });
    await loggedInAs('co');
    const { router } = await renderApp('/co/mi-cuenta/mis-pedidos');

    await screen.findByRole('link', { name: 'Ver el pedido CO-000100' });
    const table = screen.getByRole('table');
    expect(within(table).getAllByRole('row')).toHaveLength(ORDERS_PAGE_SIZE + 1);
    const pager = screen.getByRole('navigation', { name: 'Páginas de pedidos' });
    expect(pager.textContent).toContain('Página 1 de 2');
    expect(within(pager).queryByRole('link', { name: 'Anterior' })).toBeNull();
    expect(within(pager).getByText('Anterior').getAttribute('aria-disabled')).toBe('true');

    await userEvent.click(within(pager).getByRole('link', { name: 'Siguiente' }));
    await waitFor(() => expect(router.state.location.search).toBe('?pagina=2'));
    await waitFor(() =>
      expect(screen.getByRole('navigation', { name: 'Páginas de pedidos' }).textContent).toContain('Página 2 de 2'),
    );
    // The previous page's rows stay, marked busy, until the next page arrives.
    await waitFor(() =>
      expect(
        within(screen.getByRole('table'))
          .getAllByRole('row')
          .slice(1)
          .map((row) => cellTexts(row)[0]),
      ).toEqual(['CO-000090', 'CO-000089']),
    );
    expect(screen.getByRole('table').getAttribute('aria-busy')).not.toBe('true');
    expect(
      within(screen.getByRole('navigation', { name: 'Páginas de pedidos' }))
        .getByText('Siguiente')
        .getAttribute('aria-disabled'),
    ).toBe('true');

    await userEvent.click(screen.getByRole('link', { name: 'Anterior' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    await waitFor(() =>
      expect(within(screen.getByRole('table')).getAllByRole('row')).toHaveLength(ORDERS_PAGE_SIZE + 1),
    );
    // The first page's rows come from the cache at once; its revalidation (stale after 0 ms) is asked for after the
    // page is committed, so it is waited for rather than expected in the same instant.
    await waitFor(() => expect(pagesAsked).toEqual([1, 2, 1].map((page) => `${page}/${ORDERS_PAGE_SIZE}`)));
  });

  it('opens the page named in the URL', async () => {
    orderFixtures.orders = Array.from({ length: ORDERS_PAGE_SIZE + 1 }, (_, index) => buildOrder({ id: 200 - index }));
    await loggedInAs('co');
    await renderApp('/co/mi-cuenta/mis-pedidos?pagina=2');
    expect(await screen.findByRole('link', { name: 'Ver el pedido CO-000190' })).toBeTruthy();
    const table = screen.getByRole('table', { name: 'Tus pedidos, página 2 de 2' });
    expect(
      within(table)
        .getAllByRole('row')
        .slice(1)
        .map((row) => cellTexts(row)[0]),
    ).toEqual(['CO-000190']);
  });

  it('shows the empty state with a way to the store', async () => {
    await loggedInAs('mx');
    await renderApp('/mx/mi-cuenta/mis-pedidos');
    expect(await screen.findByText('Aún no tienes pedidos')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Ir a la tienda' }).getAttribute('href')).toBe('/mx/herramientas');
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('shows the server’s Spanish error and retries on demand', async () => {
    let failing = true;
    server.use(
      http.get(`${TEST_API}/orders`, () =>
        failing ? HttpResponse.json({ message: 'No pudimos consultar tus pedidos.' }, { status: 400 }) : undefined,
      ),
    );
    orderFixtures.orders = [buildOrder({ id: 7 })];
    await loggedInAs('co');
    await renderApp('/co/mi-cuenta/mis-pedidos');

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('No pudimos consultar tus pedidos.');
    failing = false;
    await userEvent.click(within(alert).getByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByRole('link', { name: 'Ver el pedido CO-000007' })).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('says plainly when the server cannot be reached', async () => {
    server.use(http.get(`${TEST_API}/orders`, () => HttpResponse.error()));
    await loggedInAs('co');
    await renderApp('/co/mi-cuenta/mis-pedidos');
    expect((await screen.findByRole('alert', {}, { timeout: 5_000 })).textContent).toContain(
      'No se pudo conectar con el servidor',
    );
  });
});
