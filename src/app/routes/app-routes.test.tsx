import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { TEST_API } from '../../testing/api-url';
import { server } from '../../testing/msw-server';
import { textsByRole } from '../../testing/queries';
import { arrivesAt, renderApp } from '../../testing/render';

const plain = (text: string | null) => (text ?? '').replace(/\s/g, ' ');

describe('storefront shell', () => {
  it('renders the home page in Spanish with featured products from the API', async () => {
    await renderApp('/co');
    expect(await screen.findByRole('heading', { name: 'Productos destacados' })).toBeTruthy();
    const grid = await screen.findAllByRole('article');
    expect(grid).toHaveLength(4);
    expect(plain(within(grid[0]!).getByTestId('product-price').textContent)).toBe('$ 89.000');
    expect(document.documentElement.lang).toBe('es');
  });

  it('keeps the featured products’ loading line until their grid is on screen, then removes it', async () => {
    let answer: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (answer = resolve));
    server.use(
      http.get(`${TEST_API}/products`, async ({ request }) => {
        if (new URL(request.url).searchParams.get('featured') !== 'true') return undefined;
        await held;
        return undefined;
      }),
    );
    await renderApp('/co');
    const section = (await screen.findByRole('heading', { name: 'Productos destacados' })).closest('section');
    expect(within(section!).getByRole('status').textContent).toBe('Cargando productos…');
    answer();
    expect(await within(section!).findAllByRole('article')).toHaveLength(4);
    expect(within(section!).queryByRole('status')).toBeNull();
  });

  it('says in Spanish why the featured products are missing, with no loading line left', async () => {
    server.use(
      http.get(`${TEST_API}/products`, ({ request }) =>
        new URL(request.url).searchParams.get('featured') === 'true'
          ? HttpResponse.json({ message: 'No disponible' }, { status: 404 })
          : undefined,
      ),
    );
    await renderApp('/co');
    const section = (await screen.findByRole('heading', { name: 'Productos destacados' })).closest('section');
    expect((await within(section!).findByRole('alert')).textContent).toContain('Error al cargar productos destacados');
    expect(within(section!).queryByRole('status')).toBeNull();
    expect(within(section!).queryAllByRole('article')).toHaveLength(0);
  });

  it('falls back to co and keeps the rest of the path', async () => {
    const { router } = await renderApp('/xx/herramientas');
    await arrivesAt(router, '/co/herramientas');
    expect(await screen.findByRole('heading', { name: 'Herramientas funcionales' })).toBeTruthy();
  });

  it('sends / to the default country', async () => {
    const { router } = await renderApp('/');
    await arrivesAt(router, '/co');
  });

  it('shows Mexican prices in MXN with cents', async () => {
    await renderApp('/mx/herramientas');
    const prices = await screen.findAllByTestId('product-price');
    expect(plain(prices[0]!.textContent)).toBe('$459.90');
  });

  it('uses the Peru catalogue under /pe (IGV instead of IVA)', async () => {
    await renderApp('/pe/herramientas');
    expect(await screen.findByText('Los productos marcados con asterisco (*) incluyen IGV.')).toBeTruthy();
    expect(plain((await screen.findAllByTestId('product-price'))[0]!.textContent)).toBe('S/ 89.90');
  });

  it('loads more products on demand', async () => {
    await renderApp('/co/herramientas');
    expect(await screen.findAllByRole('article')).toHaveLength(24);
    await userEvent.click(screen.getByRole('button', { name: 'Cargar más' }));
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(30));
    expect(screen.queryByRole('button', { name: 'Cargar más' })).toBeNull();
  });

  it('explains a failed catalogue load in Spanish and offers a retry', async () => {
    server.use(
      http.get(`${TEST_API}/products`, () =>
        HttpResponse.json({ message: 'Servicio en mantenimiento' }, { status: 400 }),
      ),
    );
    await renderApp('/co/herramientas');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Error al cargar productos');
    expect(alert.textContent).toContain('Servicio en mantenimiento');
    expect(within(alert).getByRole('button', { name: 'Reintentar' })).toBeTruthy();
  });

  it('names each page in the document title after its main heading', async () => {
    await renderApp('/co/herramientas');
    await waitFor(() => expect(document.title).toBe('Herramientas funcionales · Dispensario Funcional'));
  });

  it('answers unknown pages with a Spanish 404', async () => {
    await renderApp('/co/no-existe');
    expect(await screen.findByRole('heading', { name: 'Página no encontrada' })).toBeTruthy();
  });

  it('offers the anonymous navbar and the login and register buttons', async () => {
    await renderApp('/co');
    const nav = await screen.findByRole('navigation', { name: 'Navegación principal' });
    expect(textsByRole(nav, 'link')).toEqual(['Productos', 'Blog', 'Nosotros']);
    expect(screen.getByRole('link', { name: 'Iniciar sesión' }).getAttribute('href')).toBe('/co/iniciar-sesion');
    expect(screen.getByRole('link', { name: 'Registrarse' }).getAttribute('href')).toBe('/co/registro');
  });

  it('switches country from the flag selector, keeping the screen', async () => {
    const { router } = await renderApp('/co/herramientas');
    await userEvent.click(await screen.findByRole('button', { name: /Cambiar país/ }));
    await userEvent.click(await screen.findByRole('menuitemradio', { name: /México/ }));
    await arrivesAt(router, '/mx/herramientas');
    expect(sessionStorage.getItem('activeCountry')).toBe('mx');
  });
});
