import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { TEST_API } from '../../../testing/api-url';
import { buildHormoneOrder, orderFixtures } from '../../../testing/handlers/orders';
import { server } from '../../../testing/msw-server';
import { renderAsAdmin } from './test-render';
import { fill } from '../../../testing/fill';

const plain = (text: string | null | undefined) => text?.replace(/\s/g, ' ').trim();

const buyer = (display_name: string, email: string) => ({ id: 11, uid: `uid-${email}`, email, display_name });

beforeEach(() => {
  orderFixtures.hormoneOrders = [
    buildHormoneOrder({ id: 501, buyer: buyer('Mariana Gómez', 'paciente.co@demo.test') }),
    buildHormoneOrder({
      id: 502,
      countryId: 2,
      total: 245_050,
      buyer: buyer('Lucía Herrera', 'lucia.mx@demo.test'),
      prescription: { documentId: 8, mime: 'image/png', status: 'pending', reason: null, reviewedAt: null },
    }),
  ];
});
afterEach(() => server.events.removeAllListeners());

describe('autorización de hormonas', () => {
  it('lists the pending orders with buyer, country, items, total and the prescription inline', async () => {
    await renderAsAdmin('/co/admin/autorizacion-hormonas');

    const colombian = await screen.findByRole('article', { name: 'CO-000501' });
    expect(within(colombian).getByText('Mariana Gómez · paciente.co@demo.test')).toBeTruthy();
    expect(within(colombian).getByText(/Colombia · Pagado el 20 de noviembre de 2026/)).toBeTruthy();
    expect(within(colombian).getByText('Progesterona bioidéntica 100 mg × 1')).toBeTruthy();
    expect(plain(within(colombian).getByText(/^Total:/).textContent)).toBe('Total: $ 165.000');
    expect(within(colombian).getByTestId('hormone-order-status').textContent).toBe('Fórmula en validación');
    const pdf = await within(colombian).findByTitle('Fórmula médica del pedido CO-000501');
    expect(pdf.tagName).toBe('IFRAME');
    expect(pdf.getAttribute('src')).toBe('http://localhost/api/admin/hormone-orders/501/prescription');
    const open = within(colombian).getByRole('link', { name: 'Abrir en una pestaña nueva' });
    expect(open.getAttribute('href')).toBe('http://localhost/api/admin/hormone-orders/501/prescription');
    expect(open.getAttribute('target')).toBe('_blank');

    const mexican = screen.getByRole('article', { name: 'MX-000502' });
    expect(within(mexican).getByText(/México ·/)).toBeTruthy();
    expect(plain(within(mexican).getByText(/^Total:/).textContent)).toBe('Total: $2,450.50');
    const image = await within(mexican).findByRole('img', { name: 'Fórmula médica del pedido MX-000502' });
    expect(image.getAttribute('src')).toBe('http://localhost/api/admin/hormone-orders/502/prescription');
  });

  it('filters by country and answers the English path too', async () => {
    const asked: string[] = [];
    server.events.on('request:start', ({ request }) => {
      const url = new URL(request.url);
      if (url.pathname === '/api/admin/hormone-orders') asked.push(url.search);
    });
    await renderAsAdmin('/co/admin/hormones-auth');
    expect(await screen.findByRole('article', { name: 'CO-000501' })).toBeTruthy();
    await userEvent.selectOptions(screen.getByLabelText('País'), 'México');
    await waitFor(() => expect(screen.queryByRole('article', { name: 'CO-000501' })).toBeNull());
    expect(screen.getByRole('article', { name: 'MX-000502' })).toBeTruthy();
    expect(asked).toEqual(['?status=pending_prescription', '?status=pending_prescription&country_id=2']);
  });

  it('approves an order: it leaves the pending list and shows up as released', async () => {
    await renderAsAdmin('/co/admin/autorizacion-hormonas');
    const card = await screen.findByRole('article', { name: 'CO-000501' });
    await userEvent.click(within(card).getByRole('button', { name: 'Aprobar' }));
    await waitFor(() => expect(screen.queryByRole('article', { name: 'CO-000501' })).toBeNull());
    expect(screen.getByText('El pedido CO-000501 quedó liberado para despacho.')).toBeTruthy();
    expect(orderFixtures.hormoneOrders[0]?.status).toBe('released');

    await userEvent.click(screen.getByRole('button', { name: 'Liberados' }));
    const released = await screen.findByRole('article', { name: 'CO-000501' });
    expect(within(released).getByTestId('hormone-order-status').textContent).toBe('Liberado para despacho');
    expect(within(released).queryByRole('button', { name: 'Aprobar' })).toBeNull();
  });

  it('asks for a reason before rejecting, then cancels the order', async () => {
    const rejections: unknown[] = [];
    server.events.on('request:start', async ({ request }) => {
      if (request.method === 'POST' && request.url.endsWith('/reject')) rejections.push(await request.clone().json());
    });
    await renderAsAdmin('/co/admin/autorizacion-hormonas');
    const card = await screen.findByRole('article', { name: 'CO-000501' });
    await userEvent.click(within(card).getByRole('button', { name: 'Rechazar' }));
    await userEvent.type(within(card).getByRole('textbox', { name: /Motivo del rechazo/ }), '   ');
    await userEvent.click(within(card).getByRole('button', { name: 'Confirmar rechazo' }));
    expect(within(card).getByText('Indica el motivo del rechazo')).toBeTruthy();
    expect(
      within(card)
        .getByRole('textbox', { name: /Motivo del rechazo/ })
        .getAttribute('aria-invalid'),
    ).toBe('true');
    // Refused on the spot: nothing went to the server.
    expect(rejections).toEqual([]);
    expect(orderFixtures.hormoneOrders[0]?.status).toBe('pending_prescription');

    // Longer than the server's schema takes: refused in its words, still on the spot.
    const reasonBox = within(card).getByRole('textbox', { name: /Motivo del rechazo/ });
    await userEvent.click(reasonBox);
    await userEvent.paste('x'.repeat(501));
    await userEvent.click(within(card).getByRole('button', { name: 'Confirmar rechazo' }));
    expect(within(card).getByText('Máximo 500 caracteres.')).toBeTruthy();
    expect(rejections).toEqual([]);
    await userEvent.clear(reasonBox);

    await fill(
      within(card).getByRole('textbox', { name: /Motivo del rechazo/ }),
      'La fórmula no tiene la firma del médico.',
    );
    await userEvent.click(within(card).getByRole('button', { name: 'Confirmar rechazo' }));
    await waitFor(() => expect(screen.queryByRole('article', { name: 'CO-000501' })).toBeNull());
    expect(screen.getByText('El pedido CO-000501 fue cancelado.')).toBeTruthy();
    expect(rejections).toEqual([{ reason: 'La fórmula no tiene la firma del médico.' }]);

    await userEvent.click(screen.getByRole('button', { name: 'Cancelados' }));
    const cancelled = await screen.findByRole('article', { name: 'CO-000501' });
    expect(within(cancelled).getByText(/Motivo: La fórmula no tiene la firma del médico\./)).toBeTruthy();
    expect(within(cancelled).getByTestId('hormone-order-status').textContent).toBe('Cancelado');
  });

  it('shows the server’s Spanish error and keeps the order pending', async () => {
    await renderAsAdmin('/co/admin/autorizacion-hormonas');
    const card = await screen.findByRole('article', { name: 'CO-000501' });
    // Another admin released it meanwhile.
    server.use(
      http.post(`${TEST_API}/admin/hormone-orders/:id/approve`, () =>
        HttpResponse.json({ message: 'Este pedido ya no está pendiente de validación.' }, { status: 409 }),
      ),
    );
    await userEvent.click(within(card).getByRole('button', { name: 'Aprobar' }));
    expect((await within(card).findByRole('alert')).textContent).toBe(
      'Este pedido ya no está pendiente de validación.',
    );
    expect(screen.getByRole('article', { name: 'CO-000501' })).toBeTruthy();
  });

  it('says when no prescription waits for validation', async () => {
    orderFixtures.hormoneOrders = [];
    await renderAsAdmin('/co/admin/autorizacion-hormonas');
    expect(await screen.findByText('No hay pedidos con fórmula pendiente de validación')).toBeTruthy();
  });
});
