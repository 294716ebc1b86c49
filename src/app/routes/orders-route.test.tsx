import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { cartForCountryAtom } from '../../features/cart/atoms';
import { addItem, cartItemFromProduct, EMPTY_CART } from '../../features/cart/cart-rules';
import { checkoutStepAtom } from '../../features/checkout/atoms';
import { appStore } from '../../lib/store';
import { TEST_API } from '../../testing/api-url';
import { buildProduct } from '../../testing/data';
import { buildOrder, buildOrderItem, orderFixtures } from '../../testing/handlers/orders';
import { server } from '../../testing/msw-server';
import { renderApp } from '../../testing/render';
import { loggedInAs } from '../../testing/session';

const cartLines = () =>
  appStore.get(cartForCountryAtom('co')).cartItems.map((line) => [line.id, line.quantity, line.base_price]);

beforeEach(() => {
  orderFixtures.orders = [
    buildOrder({
      id: 42,
      items: [
        buildOrderItem({ productId: 1, name: 'Producto 1', quantity: 2 }),
        buildOrderItem({ productId: 2, name: 'Omega 3 Ultra', quantity: 1 }),
        buildOrderItem({ productId: 3, name: 'Zinc Quelado', quantity: 3 }),
        buildOrderItem({ productId: 999, name: 'Suero descontinuado', quantity: 1 }),
      ],
    }),
  ];
});

describe('comprar de nuevo', () => {
  it('adds what is still sold at today’s price, raises existing lines and lists what it skipped', async () => {
    const productsAsked: string[] = [];
    server.use(
      http.get(`${TEST_API}/products/:idOrSlug`, ({ params, request }) => {
        productsAsked.push(`${String(params.idOrSlug)}?${new URL(request.url).searchParams.toString()}`);
        if (params.idOrSlug === '2') {
          return HttpResponse.json(buildProduct({ id: 2, name: 'Producto 2', stock: { quantity: 0, tracked: true } }));
        }
        // Anything else: the catalogue's own fake answers (999 is a 404 there).
        return undefined;
      }),
    );
    await loggedInAs('co');
    appStore.set(
      cartForCountryAtom('co'),
      addItem(EMPTY_CART, cartItemFromProduct(buildProduct({ id: 1, name: 'Producto 1' }), 1)),
    );
    appStore.set(checkoutStepAtom, 3);
    await renderApp('/co/mi-cuenta/mis-pedidos/42');

    await userEvent.click(await screen.findByRole('button', { name: 'Comprar de nuevo' }));
    const notice = await screen.findByText('Agregamos 2 productos a tu bolsa.');
    const box = notice.closest('.buy-again') as HTMLElement;
    expect(
      within(box).getByText('No se agregaron: Omega 3 Ultra (sin stock), Suero descontinuado (ya no se vende)'),
    ).toBeTruthy();

    // Line 1 already in the bag goes from 1 to 3; line 3 is new; prices are the catalogue's current ones.
    expect(cartLines()).toEqual([
      [1, 3, 89_000],
      [3, 3, 89_000],
    ]);
    expect(productsAsked.sort()).toEqual(['1?country_id=1', '2?country_id=1', '3?country_id=1', '999?country_id=1']);

    const bag = within(box).getByRole('link', { name: 'Ver bolsa' });
    expect(bag.getAttribute('href')).toBe('/co/bolsa');
    await userEvent.click(bag);
    expect(appStore.get(checkoutStepAtom)).toBe(1);
  });

  it('caps a line by the stock left and says so', async () => {
    server.use(
      http.get(`${TEST_API}/products/:idOrSlug`, ({ params }) =>
        params.idOrSlug === '3'
          ? HttpResponse.json(buildProduct({ id: 3, name: 'Producto 3', stock: { quantity: 1, tracked: true } }))
          : undefined,
      ),
    );
    await loggedInAs('co');
    await renderApp('/co/mi-cuenta/mis-pedidos/42');
    await userEvent.click(await screen.findByRole('button', { name: 'Comprar de nuevo' }));
    expect(await screen.findByText('Agregamos menos unidades por disponibilidad: Zinc Quelado (1/3)')).toBeTruthy();
    expect(cartLines()).toEqual([
      [1, 2, 89_000],
      [2, 1, 89_000],
      [3, 1, 89_000],
    ]);
  });

  it('adds nothing when a product cannot be checked, and shows why', async () => {
    server.use(
      http.get(`${TEST_API}/products/:idOrSlug`, ({ params }) =>
        params.idOrSlug === '2'
          ? HttpResponse.json({ message: 'El catálogo no está disponible en este momento.' }, { status: 400 })
          : undefined,
      ),
    );
    await loggedInAs('co');
    await renderApp('/co/mi-cuenta/mis-pedidos/42');
    await userEvent.click(await screen.findByRole('button', { name: 'Comprar de nuevo' }));
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe(
        'No se agregó nada a tu bolsa: El catálogo no está disponible en este momento.',
      ),
    );
    expect(cartLines()).toEqual([]);
    expect(screen.queryByRole('link', { name: 'Ver bolsa' })).toBeNull();
  });
});
