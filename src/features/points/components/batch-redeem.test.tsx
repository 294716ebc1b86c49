import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { insufficientPointsMessage } from '../../../lib/shared/points';
import { TEST_API } from '../../../testing/api-url';
import { buildPointProduct, pointsFixtures } from '../../../testing/handlers/points';
import { server } from '../../../testing/msw-server';
import { renderApp } from '../../../testing/render';
import { loggedInAs } from '../../../testing/session';
import { DOCTOR_ID, UUID, plain, shownBalance, openMyPoints, expectRedeemed } from './test-points';

async function openBatch(balance: string) {
  await openMyPoints(balance);
  await userEvent.click(await screen.findByRole('tab', { name: 'Productos' }));
  return screen.findByRole('region', { name: 'Canjear varios productos' });
}

function useTwoProducts() {
  pointsFixtures.products = [
    buildPointProduct({ id: 7, name: 'Termo del Dispensario', priceInPoints: 500 }),
    buildPointProduct({ id: 8, name: 'Café de origen', priceInPoints: 1_200 }),
  ];
}

describe('mis puntos: several point products in one redemption', () => {
  it('adds up the chosen quantities against the balance and redeems them in one call with an Idempotency-Key', async () => {
    pointsFixtures.balances.set(DOCTOR_ID, 5_000);
    useTwoProducts();
    const batch = await openBatch('5.000 puntos');

    const redeem = within(batch).getByRole('button', { name: 'Canjear selección' });
    expect(redeem.hasAttribute('disabled')).toBe(true);
    await userEvent.click(within(batch).getByRole('button', { name: 'Agregar una unidad de Termo del Dispensario' }));
    await userEvent.click(within(batch).getByRole('button', { name: 'Agregar una unidad de Termo del Dispensario' }));
    const coffee = within(batch).getByRole('spinbutton', { name: 'Cantidad de Café de origen' });
    await userEvent.clear(coffee);
    await userEvent.type(coffee, '3');

    // 2 × 500 + 3 × 1 200 = 4 600 of 5 000.
    expect(plain(within(batch).getByTestId('batch-total').textContent)).toBe('4.600 puntos');
    expect(plain(within(batch).getByTestId('batch-balance').textContent)).toBe('5.000 puntos');
    expect(plain(within(batch).getByTestId('batch-remaining').textContent)).toBe('400 puntos');
    await userEvent.click(redeem);

    const dialog = await screen.findByRole('dialog');
    expect(plain(within(dialog).getByRole('heading').textContent)).toBe('¿Canjear 5 unidades por 4.600 puntos?');
    expect(plain(dialog.textContent)).toContain('Tu saldo después del canje: 400 puntos');
    expect(plain(dialog.textContent)).toContain('2 × Termo del Dispensario · 1.000 puntos');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirmar canje' }));

    await expectRedeemed('400 puntos');
    expect(pointsFixtures.spends[0]?.path).toBe('redeem/batch');
    expect(pointsFixtures.spends[0]?.body).toEqual({
      products: [
        { productId: 7, quantity: 2 },
        { productId: 8, quantity: 3 },
      ],
    });
    expect(pointsFixtures.spends[0]?.idempotencyKey).toMatch(UUID);
    // The quantities start again from zero.
    expect(plain(within(batch).getByTestId('batch-total').textContent)).toBe('0 puntos');
  });

  it('cancels the confirmation: the dialog closes, nothing is spent and the choice stays', async () => {
    pointsFixtures.balances.set(DOCTOR_ID, 5_000);
    useTwoProducts();
    const batch = await openBatch('5.000 puntos');
    await userEvent.click(within(batch).getByRole('button', { name: 'Agregar una unidad de Termo del Dispensario' }));
    await userEvent.click(within(batch).getByRole('button', { name: 'Canjear selección' }));

    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(pointsFixtures.spends).toEqual([]);
    expect(plain(within(batch).getByTestId('batch-total').textContent)).toBe('500 puntos');
  });

  it('refuses a total over the balance in Spanish before asking the server', async () => {
    pointsFixtures.balances.set(DOCTOR_ID, 2_000);
    useTwoProducts();
    const batch = await openBatch('2.000 puntos');

    const coffee = within(batch).getByRole('spinbutton', { name: 'Cantidad de Café de origen' });
    await userEvent.clear(coffee);
    await userEvent.type(coffee, '2');

    expect(plain(within(batch).getByRole('alert').textContent)).toBe(
      'No te alcanzan los puntos: tienes 2.000 puntos y necesitas 2.400 puntos.',
    );
    expect(within(batch).getByRole('button', { name: 'Canjear selección' }).hasAttribute('disabled')).toBe(true);
    expect(pointsFixtures.spends).toEqual([]);
  });

  it('shows the server’s refusal when points were spent elsewhere, spends nothing and shows the real balance', async () => {
    pointsFixtures.balances.set(DOCTOR_ID, 5_000);
    useTwoProducts();
    const batch = await openBatch('5.000 puntos');
    await userEvent.click(within(batch).getByRole('button', { name: 'Agregar una unidad de Café de origen' }));
    await userEvent.click(within(batch).getByRole('button', { name: 'Canjear selección' }));
    // Another device spent most of the points meanwhile.
    pointsFixtures.balances.set(DOCTOR_ID, 300);
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirmar canje' }));

    expect((await within(dialog).findByRole('alert')).textContent).toBe(insufficientPointsMessage(300, 1_200));
    await waitFor(() => expect(shownBalance()).toBe('300 puntos'));
    expect(pointsFixtures.balances.get(DOCTOR_ID)).toBe(300);
    expect(screen.queryByText(/Canje realizado/)).toBeNull();
  });

  it('says "Error en redención múltiple" when the call fails without a message, and retries with the same key', async () => {
    pointsFixtures.balances.set(DOCTOR_ID, 5_000);
    useTwoProducts();
    const keys: (string | null)[] = [];
    server.use(
      http.post(`${TEST_API}/gamification/redeem/batch`, ({ request }) => {
        keys.push(request.headers.get('Idempotency-Key'));
        return keys.length === 1 ? HttpResponse.json({}, { status: 503 }) : HttpResponse.json({ remaining: 4_500 });
      }),
    );
    const batch = await openBatch('5.000 puntos');
    await userEvent.click(within(batch).getByRole('button', { name: 'Agregar una unidad de Termo del Dispensario' }));
    await userEvent.click(within(batch).getByRole('button', { name: 'Canjear selección' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirmar canje' }));

    expect((await within(dialog).findByRole('alert', {}, { timeout: 5_000 })).textContent).toContain(
      'Error en redención múltiple',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirmar canje' }));
    expect(await screen.findByText(/Canje realizado/)).toBeTruthy();
    expect(keys.length).toBeGreaterThanOrEqual(2);
    expect(new Set(keys).size).toBe(1);
    expect(keys[0]).toMatch(UUID);
  });

  it('is not offered while the country has a single point product', async () => {
    pointsFixtures.balances.set(DOCTOR_ID, 5_000);
    pointsFixtures.products = [buildPointProduct({ id: 7 })];
    await loggedInAs('co');
    await renderApp('/co/mi-cuenta/mis-puntos');
    await userEvent.click(await screen.findByRole('tab', { name: 'Productos' }));
    await screen.findByRole('article', { name: 'Termo del Dispensario' });
    expect(screen.queryByRole('region', { name: 'Canjear varios productos' })).toBeNull();
  });
});
