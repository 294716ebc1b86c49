import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { ROLE_IDS } from '../../../lib/shared/accounts';
import { POINTS_HISTORY_DEFAULT_LIMIT } from '../../../lib/shared/points';
import { TEST_API } from '../../../testing/api-url';
import {
  buildCombo,
  buildEvent,
  buildHistoryEntry,
  buildPointProduct,
  pointsFixtures,
} from '../../../testing/handlers/points';
import { server } from '../../../testing/msw-server';
import { renderApp } from '../../../testing/render';
import { loggedInAs } from '../../../testing/session';
import { DOCTOR_ID, UUID, plain, shownBalance, openMyPoints, expectRedeemed } from './test-points';

function gamificationRequests() {
  const seen: string[] = [];
  server.events.on('request:start', ({ request }) => {
    const url = new URL(request.url);
    if (url.pathname.startsWith('/api/gamification')) seen.push(`${request.method} ${url.pathname}${url.search}`);
  });
  return seen;
}

async function openTab(name: string) {
  await userEvent.click(await screen.findByRole('tab', { name }));
}

afterEach(() => server.events.removeAllListeners());

describe('mis puntos: balance', () => {
  it('shows the balance and its value in Colombian pesos (points × pointValue)', async () => {
    pointsFixtures.balances.set(DOCTOR_ID, 5_000);
    await openMyPoints('5.000 puntos');
    // 5 000 points × 10 COP.
    await waitFor(() => expect(plain(screen.getByTestId('points-money').textContent)).toBe('Equivalen a $ 50.000'));
  });

  it('values Mexican points in cents of MXN with that country’s pointValue', async () => {
    pointsFixtures.balances.set(DOCTOR_ID, 5_000);
    await openMyPoints('5,000 puntos', 'mx');
    // 5 000 points × 5 cents = 25 000 cents = 250.00 MXN.
    await waitFor(() => expect(plain(screen.getByTestId('points-money').textContent)).toBe('Equivalen a $250.00'));
  });

  it('says "Error cargando saldo de puntos" when the balance fails without a message, and retries', async () => {
    let calls = 0;
    server.use(
      http.get(`${TEST_API}/gamification/users/:userId/points`, () => {
        calls += 1;
        return calls === 1 ? HttpResponse.json({}, { status: 422 }) : HttpResponse.json({ points: 700 });
      }),
    );
    await loggedInAs('co');
    await renderApp('/co/mi-cuenta/mis-puntos');

    const balance = await screen.findByRole('region', { name: 'Tu saldo' });
    const alert = await within(balance).findByRole('alert');
    expect(alert.textContent).toContain('Error cargando saldo de puntos');
    await userEvent.click(within(alert).getByRole('button', { name: 'Reintentar' }));
    await waitFor(() => expect(shownBalance()).toBe('700 puntos'));
  });
});

describe('mis puntos: access', () => {
  it('tells a patient the programme is not for their account and asks the server nothing', async () => {
    const requests = gamificationRequests();
    await loggedInAs('co', { role: { id: ROLE_IDS.patient, name: 'patient' }, email: 'paciente.co@demo.test' });
    await renderApp('/co/mi-cuenta/mis-puntos');

    expect(await screen.findByRole('heading', { name: 'Mis puntos' })).toBeTruthy();
    expect(screen.getByText(/no está disponible en tu cuenta/)).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Tu saldo' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Mis puntos' })).toBeNull();
    expect(requests).toEqual([]);
  });

  it('waits for the approval of a professional under review', async () => {
    const requests = gamificationRequests();
    await loggedInAs('co', { approval_status: 'pending' });
    await renderApp('/co/mi-cuenta/mis-puntos');

    expect(await screen.findByText(/cuando aprobemos tus credenciales de profesional/)).toBeTruthy();
    expect(requests).toEqual([]);
  });
});

describe('mis puntos: history', () => {
  it('pages ten entries at a time and keeps the page in ?pagina=', async () => {
    pointsFixtures.history = Array.from({ length: 12 }, (_, index) =>
      buildHistoryEntry({ id: 100 - index, points: 100 + index, metadata: { orderId: 1000 + index } }),
    );
    const requests = gamificationRequests();
    await loggedInAs('co');
    const { router } = await renderApp('/co/mi-cuenta/mis-puntos');

    const table = await screen.findByRole('table', { name: /Movimientos de puntos/ });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Fecha', 'Movimiento', 'Detalle', 'Puntos', 'Saldo']);
    expect(within(table).getAllByRole('row')).toHaveLength(POINTS_HISTORY_DEFAULT_LIMIT + 1);
    expect(requests).toContain(`GET /api/gamification/history/unified/${DOCTOR_ID}?page=1&limit=10`);

    const pager = screen.getByRole('navigation', { name: 'Páginas del historial de puntos' });
    expect(pager.textContent).toContain('Página 1 de 2');
    await userEvent.click(within(pager).getByRole('link', { name: 'Siguiente' }));
    await waitFor(() => expect(router.state.location.search).toBe('?pagina=2'));
    await waitFor(() => expect(within(screen.getByRole('table')).getAllByRole('row')).toHaveLength(3));
    expect(requests).toContain(`GET /api/gamification/history/unified/${DOCTOR_ID}?page=2&limit=10`);
    expect(screen.getByRole('table').textContent).toContain('Pedido #1011');
  });

  it('names every entry type in Spanish, signs earned and spent points, and lists products', async () => {
    pointsFixtures.history = [
      buildHistoryEntry({
        type: 'product',
        points: -1_500,
        balance: 3_500,
        metadata: { name: 'Termo del Dispensario' },
        products: [{ productId: 7, quantity: 3, name: 'Termo del Dispensario', imageUrl: null }],
      }),
      buildHistoryEntry({ type: 'prescription', points: 450, balance: 5_000, metadata: { name: 'Mariana Gómez' } }),
    ];
    await loggedInAs('co');
    await renderApp('/co/mi-cuenta/mis-puntos');

    const table = await screen.findByRole('table', { name: /Movimientos de puntos/ });
    const cells = (row: HTMLElement) => [...row.querySelectorAll('td')].map((cell) => plain(cell.textContent));
    // The table may first show a copy of the history restored from the device, then this test's answer.
    await waitFor(() => expect(within(table).getAllByRole('row')[1]?.textContent).toContain('Canje de producto'));
    const [spent, earned] = within(table).getAllByRole('row').slice(1) as [HTMLElement, HTMLElement];
    expect(cells(spent)).toEqual([
      '20 de noviembre de 2026',
      'Canje de producto',
      '3 × Termo del Dispensario',
      '-1.500 puntos',
      '3.500 puntos',
    ]);
    expect(cells(earned)[1]).toBe('Compra de un paciente');
    expect(cells(earned)[3]).toBe('+450 puntos');
    expect(spent.querySelector('.points-history__points--spent')).not.toBeNull();
    expect(earned.querySelector('.points-history__points--earned')).not.toBeNull();

    const filter = screen.getByRole('combobox', { name: 'Tipo de movimiento' });
    expect(
      within(filter)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual([
      'Todos los movimientos',
      'Compra propia',
      'Compra de un paciente',
      'Devolución de puntos',
      'Ajuste de la tienda',
      'Participación en evento',
      'Compra de combo',
      'Canje de producto',
      'Canje de varios productos',
      'Pago con puntos',
    ]);
  });

  it('filters by type from the first page and keeps the type in ?tipo=', async () => {
    pointsFixtures.history = [
      ...Array.from({ length: 11 }, (_, index) => buildHistoryEntry({ id: 300 - index, type: 'purchase' })),
      buildHistoryEntry({ id: 1, type: 'combo', points: -2_000, metadata: { name: 'Combo consultorio funcional' } }),
    ];
    const requests = gamificationRequests();
    await loggedInAs('co');
    const { router } = await renderApp('/co/mi-cuenta/mis-puntos?pagina=2');

    await waitFor(() => expect(within(screen.getByRole('table')).getAllByRole('row')).toHaveLength(3));
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Tipo de movimiento' }), 'combo');
    await waitFor(() => expect(router.state.location.search).toBe('?tipo=combo'));
    await waitFor(() => expect(within(screen.getByRole('table')).getAllByRole('row')).toHaveLength(2));
    expect(screen.getByRole('table').textContent).toContain('Combo consultorio funcional');
    expect(requests).toContain(`GET /api/gamification/history/unified/${DOCTOR_ID}?type=combo&page=1&limit=10`);
    expect(screen.queryByRole('navigation', { name: 'Páginas del historial de puntos' })).toBeNull();
  });

  it('has an empty state for a history without entries and for a type without entries', async () => {
    await loggedInAs('co');
    await renderApp('/co/mi-cuenta/mis-puntos?tipo=refund');
    expect(await screen.findByText('No tienes movimientos de este tipo.')).toBeTruthy();
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Tipo de movimiento' }), '');
    expect(await screen.findByText(/Aún no tienes movimientos de puntos/)).toBeTruthy();
  });
});

describe('mis puntos: redemptions', () => {
  it('buys a combo after confirming, sets the balance to `remaining` and sends an Idempotency-Key', async () => {
    pointsFixtures.balances.set(DOCTOR_ID, 5_000);
    const combo = buildCombo({ id: 31, requiredPoints: 2_000 });
    pointsFixtures.combos = [combo];
    await openMyPoints('5.000 puntos');
    await openTab('Combos');
    const card = await screen.findByRole('article', { name: combo.name });
    await userEvent.click(within(card).getByRole('button', { name: 'Canjear combo' }));

    const dialog = await screen.findByRole('dialog');
    expect(plain(within(dialog).getByRole('heading').textContent)).toBe(
      '¿Canjear Combo consultorio funcional por 2.000 puntos?',
    );
    expect(plain(dialog.textContent)).toContain('Tu saldo después del canje: 3.000 puntos');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirmar canje' }));

    await expectRedeemed('3.000 puntos');
    expect(pointsFixtures.spends[0]?.body).toEqual({ comboId: 31 });
    expect(pointsFixtures.spends[0]?.idempotencyKey).toMatch(UUID);
    // The history is read again and shows the spend.
    await waitFor(() => expect(screen.getByRole('table').textContent).toContain('Compra de combo'));
  });

  it('takes the balance from the answer’s `remaining`, not from another read', async () => {
    pointsFixtures.balances.set(DOCTOR_ID, 5_000);
    pointsFixtures.events = [buildEvent({ id: 41, requiredPoints: 3_000 })];
    const balanceReads: string[] = [];
    server.use(http.post(`${TEST_API}/gamification/participate-event`, () => HttpResponse.json({ remaining: 1_234 })));
    server.events.on('request:start', ({ request }) => {
      if (new URL(request.url).pathname.endsWith('/points')) balanceReads.push(request.method);
    });
    await loggedInAs('co');
    await renderApp('/co/mi-cuenta/mis-puntos');

    const card = await screen.findByRole('article', { name: 'Congreso de Medicina Funcional' });
    await waitFor(() =>
      expect(within(card).getByRole('button', { name: 'Participar' }).hasAttribute('disabled')).toBe(false),
    );
    await userEvent.click(within(card).getByRole('button', { name: 'Participar' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Confirmar canje' }));

    await waitFor(() => expect(shownBalance()).toBe('1.234 puntos'));
    expect(balanceReads).toEqual(['GET']);
  });

  it('reuses the Idempotency-Key when the same redemption is retried after a lost answer', async () => {
    pointsFixtures.balances.set(DOCTOR_ID, 5_000);
    pointsFixtures.combos = [buildCombo({ id: 31 })];
    let attempts = 0;
    server.use(
      http.post(`${TEST_API}/gamification/buy-combo`, ({ request }) => {
        attempts += 1;
        pointsFixtures.spends.push({
          path: 'buy-combo',
          body: {},
          idempotencyKey: request.headers.get('Idempotency-Key'),
        });
        return attempts === 1 ? HttpResponse.error() : HttpResponse.json({ remaining: 3_000 });
      }),
    );
    await openMyPoints('5.000 puntos');
    await openTab('Combos');
    await userEvent.click(await screen.findByRole('button', { name: 'Canjear combo' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirmar canje' }));

    // No answer of its own: the store default, with why.
    const alert = await within(dialog).findByRole('alert');
    expect(alert.textContent).toContain('Error al redimir combo');
    expect(alert.textContent).toContain('No se pudo conectar con el servidor');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirmar canje' }));

    expect(await screen.findByText(/Canje realizado/)).toBeTruthy();
    const [first, second] = pointsFixtures.spends;
    expect(first?.idempotencyKey).toMatch(UUID);
    expect(second?.idempotencyKey).toBe(first?.idempotencyKey);
  });

  it('shows the server’s Spanish refusal and keeps the balance', async () => {
    pointsFixtures.balances.set(DOCTOR_ID, 5_000);
    pointsFixtures.products = [buildPointProduct({ id: 7, priceInPoints: 500 })];
    server.use(
      http.post(`${TEST_API}/gamification/products/redeem`, () =>
        HttpResponse.json({ message: 'El producto de puntos no está activo.' }, { status: 422 }),
      ),
    );
    await openMyPoints('5.000 puntos');
    await openTab('Productos');
    await userEvent.click(await screen.findByRole('button', { name: 'Canjear' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirmar canje' }));

    expect((await within(dialog).findByRole('alert')).textContent).toBe('El producto de puntos no está activo.');
    expect(shownBalance()).toBe('5.000 puntos');
  });

  it('redeems a quantity of a point product and refuses more than the balance covers', async () => {
    pointsFixtures.balances.set(DOCTOR_ID, 2_000);
    pointsFixtures.products = [buildPointProduct({ id: 7, priceInPoints: 500 })];
    await openMyPoints('2.000 puntos');
    await openTab('Productos');
    await userEvent.click(await screen.findByRole('button', { name: 'Canjear' }));
    const dialog = await screen.findByRole('dialog');
    const quantity = within(dialog).getByRole('spinbutton', { name: /Cantidad/ });
    await userEvent.clear(quantity);
    await userEvent.type(quantity, '5');
    expect(plain(within(dialog).getByRole('heading').textContent)).toBe(
      '¿Canjear Termo del Dispensario por 2.500 puntos?',
    );
    expect(plain(within(dialog).getByRole('alert').textContent)).toBe(
      'No te alcanzan los puntos: tienes 2.000 puntos y necesitas 2.500 puntos.',
    );
    expect(within(dialog).getByRole('button', { name: 'Confirmar canje' }).hasAttribute('disabled')).toBe(true);

    await userEvent.clear(quantity);
    await userEvent.type(quantity, '3');
    expect(plain(dialog.textContent)).toContain('Tu saldo después del canje: 500 puntos');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirmar canje' }));

    expect(plain((await screen.findByText(/Canje realizado/)).textContent)).toBe(
      'Canje realizado. Te quedan 500 puntos',
    );
    expect(pointsFixtures.spends[0]?.body).toEqual({ productId: 7, quantity: 3 });
  });

  it('disables what the balance does not cover and says how many points are missing', async () => {
    pointsFixtures.balances.set(DOCTOR_ID, 1_000);
    pointsFixtures.combos = [buildCombo({ requiredPoints: 2_000 })];
    await openMyPoints('1.000 puntos');
    await openTab('Combos');
    const button = await screen.findByRole('button', { name: 'Canjear combo' });
    expect(button.hasAttribute('disabled')).toBe(true);
    expect(
      plain(
        button.getAttribute('aria-describedby') &&
          document.getElementById(button.getAttribute('aria-describedby') ?? '')?.textContent,
      ),
    ).toBe('Te faltan 1.000 puntos para canjearlo.');
  });

  it('marks events already joined and shows the light histories', async () => {
    pointsFixtures.balances.set(DOCTOR_ID, 9_000);
    const event = buildEvent({ id: 41 });
    pointsFixtures.events = [event];
    pointsFixtures.eventHistory = [
      { id: 1, itemId: 41, name: event.name, spentPoints: 3_000, createdAt: '2026-11-02T15:00:00.000Z' },
    ];
    const termo = buildPointProduct({ id: 7 });
    pointsFixtures.productRedemptions = [
      { id: 2, productId: 7, quantity: 2, spentPoints: 1_000, createdAt: '2026-11-03T15:00:00.000Z', product: termo },
    ];
    await loggedInAs('co');
    await renderApp('/co/mi-cuenta/mis-puntos');

    const card = await screen.findByRole('article', { name: event.name });
    await waitFor(() => expect(within(card).getByText('Ya participas en este evento.')).toBeTruthy());
    expect(within(card).getByRole('button', { name: 'Participar' }).hasAttribute('disabled')).toBe(true);

    await openTab('Mis canjes');
    const panel = screen.getByRole('tabpanel');
    await waitFor(() => expect(plain(panel.textContent)).toContain('2 × Termo del Dispensario'));
    expect(plain(panel.textContent)).toContain(event.name);
    expect(plain(panel.textContent)).toContain('Aún no has canjeado combos.');
  });

  it('has an empty state for each list of the catalogue', async () => {
    await loggedInAs('co');
    await renderApp('/co/mi-cuenta/mis-puntos');
    expect(await screen.findByText('No hay eventos disponibles en este momento.')).toBeTruthy();
    await openTab('Combos');
    expect(await screen.findByText('No hay combos disponibles en este momento.')).toBeTruthy();
    await openTab('Productos');
    expect(await screen.findByText('No hay productos de puntos disponibles en este momento.')).toBeTruthy();
  });

  it('says "Error cargando eventos" when the events fail without a message', async () => {
    server.use(
      http.get(`${TEST_API}/gamification/events/country/:countryId`, () => new HttpResponse(null, { status: 404 })),
    );
    await loggedInAs('co');
    await renderApp('/co/mi-cuenta/mis-puntos');
    const panel = await screen.findByRole('tabpanel');
    expect((await within(panel).findByRole('alert')).textContent).toContain('Error cargando eventos');
  });
});
