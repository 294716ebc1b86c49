import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { appStore } from '../../../lib/store';
import { arrivesAt, renderApp } from '../../../testing/render';
import { sideCartOpenAtom } from '../atoms';

async function addFirstProduct() {
  const [card] = await screen.findAllByRole('article');
  await userEvent.click(within(card!).getByRole('button', { name: /Agregar .* a la bolsa/ }));
}

// Closed, the drawer is inert and hidden from the accessibility tree, so it is found by id.
const drawer = () => document.getElementById('side-cart')!;
const isOpen = () => Boolean(document.getElementById('side-cart')?.classList.contains('side-cart--open'));
/** The drawer's code loads on first opening. */
const opened = () => waitFor(() => expect(isOpen()).toBe(true));

/** The catalogue with the drawer opened once and closed, then fake timers: what the closing-delay tests start from. */
async function catalogueWithDrawerLoaded() {
  await renderApp('/co/herramientas');
  await screen.findAllByRole('article');
  // Load the drawer's code first, then close it, so the timing that follows is the drawer's and not the import's.
  await userEvent.click(screen.getByRole('button', { name: /Bolsa de compras/ }));
  await opened();
  await userEvent.click(within(drawer()).getByRole('button', { name: 'Cerrar bolsa' }));
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
}

beforeEach(() => {
  // The drawer's open flag lives in the app's store, which the tests of this file share.
  appStore.set(sideCartOpenAtom, false);
});

afterEach(() => {
  vi.useRealTimers();
});

describe('side cart drawer (product §2, §4)', () => {
  it('shows the empty state with a link back to the catalogue', async () => {
    await renderApp('/co/herramientas');
    await userEvent.click(await screen.findByRole('button', { name: /Bolsa de compras, 0 productos/ }));
    await opened();
    expect(within(drawer()).getByText('Aún no has agregado productos al carrito')).toBeTruthy();
    expect(within(drawer()).getByRole('link', { name: 'Seguir comprando' }).getAttribute('href')).toBe(
      '/co/herramientas',
    );
  });

  it('opens on add, lists the item with its unit label and subtotal, and counts in the header badge', async () => {
    await renderApp('/co/herramientas');
    await addFirstProduct();
    await opened();
    await addFirstProduct();
    expect(within(drawer()).getByText(/2 Und\./)).toBeTruthy();
    expect(within(drawer()).getByTestId('side-cart-subtotal').textContent?.replace(/\s/g, ' ')).toBe('$ 178.000');
    expect(screen.getByTestId('cart-count').textContent).toBe('2');
  });

  it('closes by itself 3 s after opening, but not while the pointer is over it', async () => {
    await catalogueWithDrawerLoaded();
    const [card] = screen.getAllByRole('article');
    act(() => {
      fireEvent.click(within(card!).getByRole('button', { name: /Agregar .* a la bolsa/ }));
    });
    expect(isOpen()).toBe(true);
    fireEvent.pointerEnter(drawer());
    await act(async () => {
      await vi.advanceTimersByTimeAsync(5000);
    });
    expect(isOpen()).toBe(true);
    fireEvent.pointerLeave(drawer());
    await act(async () => {
      await vi.advanceTimersByTimeAsync(2999);
    });
    expect(isOpen()).toBe(true);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1);
    });
    expect(isOpen()).toBe(false);
  });

  it('takes the focus when opened from the bag button and gives it back when closed', async () => {
    await renderApp('/co/herramientas');
    const button = await screen.findByRole('button', { name: /Bolsa de compras/ });
    await userEvent.click(button);
    await opened();
    await waitFor(() =>
      expect(document.activeElement).toBe(within(drawer()).getByRole('button', { name: 'Cerrar bolsa' })),
    );
    await userEvent.keyboard('{Escape}');
    expect(isOpen()).toBe(false);
    expect(document.activeElement).toBe(button);
  });

  it('leaves the focus on the product when opened by adding, and stays open while the focus is inside', async () => {
    await catalogueWithDrawerLoaded();
    const [card] = screen.getAllByRole('article');
    const add = within(card!).getByRole('button', { name: /Agregar .* a la bolsa/ });
    act(() => {
      add.focus();
      fireEvent.click(add);
    });
    expect(isOpen()).toBe(true);
    expect(document.activeElement).toBe(add);
    act(() => within(drawer()).getByRole('link', { name: 'Ver bolsa' }).focus());
    await act(async () => {
      await vi.advanceTimersByTimeAsync(5000);
    });
    expect(isOpen()).toBe(true);
  });

  it('closes on a click outside and on its close button', async () => {
    await renderApp('/co/herramientas');
    await userEvent.click(await screen.findByRole('button', { name: /Bolsa de compras/ }));
    await opened();
    fireEvent.pointerDown(screen.getByRole('heading', { name: 'Herramientas funcionales' }));
    expect(isOpen()).toBe(false);
    await userEvent.click(screen.getByRole('button', { name: /Bolsa de compras/ }));
    await userEvent.click(within(drawer()).getByRole('button', { name: 'Cerrar bolsa' }));
    expect(isOpen()).toBe(false);
  });

  it('goes to the bag with "Ver bolsa", where it does not close by itself', async () => {
    const { router } = await renderApp('/co/herramientas');
    await addFirstProduct();
    await opened();
    await userEvent.click(within(drawer()).getByRole('link', { name: 'Ver bolsa' }));
    await arrivesAt(router, '/co/bolsa');
    expect(await screen.findByRole('heading', { name: 'Bolsa de compras', level: 1 })).toBeTruthy();
    const line = screen.getByRole('listitem', { name: 'Producto 1' });
    expect(within(line).getByRole('button', { name: /Quitar una unidad/ })).toHaveProperty('disabled', true);
    await userEvent.click(within(line).getByRole('button', { name: /Agregar una unidad/ }));
    expect(within(line).getByTestId('line-quantity').textContent).toBe('2');
    await userEvent.click(within(line).getByRole('button', { name: /Eliminar/ }));
    expect(await screen.findByText('No hay productos en la bolsa.')).toBeTruthy();
  });
});

describe('side cart on the bag page', () => {
  beforeEach(() => {
    appStore.set(sideCartOpenAtom, false);
  });

  it('does not close by itself there', async () => {
    const { router } = await renderApp('/co/herramientas');
    await addFirstProduct();
    await opened();
    await userEvent.click(within(drawer()).getByRole('link', { name: 'Ver bolsa' }));
    await arrivesAt(router, '/co/bolsa');
    await screen.findByRole('heading', { name: 'Bolsa de compras', level: 1 });
    await userEvent.click(screen.getByRole('button', { name: /Bolsa de compras, 1 producto$/ }));
    await opened();
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    await act(async () => {
      await vi.advanceTimersByTimeAsync(10_000);
    });
    expect(isOpen()).toBe(true);
  });
});
