import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { http, HttpResponse } from 'msw';
import { TEST_API } from '../../../testing/api-url';
import { buildProduct } from '../../../testing/data';
import { setContactSettings } from '../../../testing/handlers/contact';
import { server } from '../../../testing/msw-server';
import { renderApp } from '../../../testing/render';
import { chatPlace } from './chat-contact-button';

const SAVED = '2026-11-20T15:00:00.000Z';

/** The floating button's chat link: number and prefilled message. */
async function floatingChat() {
  const link = await screen.findByRole('link', { name: 'Escríbenos por chat (se abre en una pestaña nueva)' });
  const read = () => {
    const url = new URL(link.getAttribute('href') ?? '');
    return { number: url.pathname.slice(1), origin: url.origin, text: url.searchParams.get('text'), link };
  };
  return read;
}

describe('chatPlace', () => {
  it('names a product, a public page by its heading, and nothing in the account or admin areas', () => {
    expect(chatPlace('/co/herramientas/magnesio-400', 'Magnesio 400 mg')).toEqual({
      kind: 'product',
      name: 'Magnesio 400 mg',
    });
    expect(chatPlace('/co/herramientas', 'Herramientas')).toEqual({ kind: 'page', name: 'Herramientas' });
    expect(chatPlace('/pe/nosotros', 'Nosotros')).toEqual({ kind: 'page', name: 'Nosotros' });
    // A patient's page is titled with their name: it never goes into a message to a third-party chat.
    expect(chatPlace('/co/mi-cuenta/mis-pacientes/4', 'Mariana Gómez Ortiz')).toEqual({ kind: 'none' });
    expect(chatPlace('/co/admin/gestion-afiliados', 'Gestión de afiliados')).toEqual({ kind: 'none' });
    expect(chatPlace('/co', undefined)).toEqual({ kind: 'none' });
  });
});

describe('floating chat button', () => {
  it('opens the country’s chat number from the server with a message naming the product', async () => {
    setContactSettings('mx', { chatNumber: '5215555550190', phone: '+52 55 5555 0190', updatedAt: SAVED });
    await renderApp('/mx/herramientas/magnesio-bisglicinato-5');
    await screen.findByRole('heading', { name: 'Producto 5', level: 1 });

    const chat = await floatingChat();
    await waitFor(() =>
      expect(chat().text).toBe(
        '¡Hola! Les escribo desde el Dispensario Funcional de México y quisiera hablar con un asesor sobre el producto Producto 5.',
      ),
    );
    expect(chat().origin).toBe('https://wa.me');
    expect(chat().number).toBe('5215555550190');
    expect(chat().link.getAttribute('target')).toBe('_blank');
    expect(chat().link.getAttribute('rel')).toBe('noopener noreferrer');
  });

  it('names the product without the marks hidden from assistive technology', async () => {
    setContactSettings('co', { chatNumber: '573015550190', updatedAt: SAVED });
    server.use(
      http.get(`${TEST_API}/products/:idOrSlug`, () =>
        HttpResponse.json(
          buildProduct({ id: 9, name: 'DHEA 25 mg', price: { ...buildProduct().price!, vat_included: true } }),
        ),
      ),
    );
    await renderApp('/co/herramientas/dhea-25-mg');
    await screen.findByRole('heading', { name: /DHEA 25 mg/, level: 1 });

    const chat = await floatingChat();
    await waitFor(() => expect(chat().text).toMatch(/sobre el producto DHEA 25 mg\.$/));
  });

  it('names the public page the person is on', async () => {
    setContactSettings('pe', { chatNumber: '51915550190', updatedAt: SAVED });
    await renderApp('/pe/herramientas');
    await screen.findByRole('heading', { name: 'Herramientas funcionales', level: 1 });

    const chat = await floatingChat();
    await waitFor(() =>
      expect(chat().text).toBe(
        '¡Hola! Les escribo desde el Dispensario Funcional de Perú, desde la página «Herramientas funcionales», y quisiera hablar con un asesor.',
      ),
    );
    expect(chat().number).toBe('51915550190');
  });

  it('is not shown when the country has no chat', async () => {
    setContactSettings('co', { chatNumber: null, updatedAt: SAVED });
    await renderApp('/co/herramientas');
    await screen.findByRole('heading', { name: 'Herramientas funcionales', level: 1 });
    expect(screen.queryByRole('link', { name: 'Escríbenos por chat (se abre en una pestaña nueva)' })).toBeNull();
  });
});
