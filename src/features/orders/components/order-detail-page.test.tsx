import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ROLE_IDS } from '../../../lib/shared/accounts';
import { buildHormoneOrder, buildOrder, buildOrderItem, orderFixtures } from '../../../testing/handlers/orders';
import { arrivesAt, renderApp } from '../../../testing/render';
import { loggedInAs } from '../../../testing/session';

const plain = (text: string | null | undefined) => text?.replace(/\s/g, ' ').trim();

/** The definition next to a term of a description list, by the term's text. */
function definition(scope: HTMLElement, term: string) {
  const dt = within(scope).getByText(term, { selector: 'dt' });
  return plain(dt.nextElementSibling?.textContent);
}

describe('order detail', () => {
  it('shows status history, lines, address, customer, bill, payment and amounts', async () => {
    orderFixtures.orders = [
      buildOrder({
        id: 42,
        items: [
          buildOrderItem({
            productId: 1,
            name: 'Magnesio Bisglicinato',
            quantity: 2,
            unitPrice: 89_000,
            lineTotal: 178_000,
          }),
          buildOrderItem({
            productId: 9,
            name: 'Termo Dispensario',
            slug: 'termo-dispensario',
            type: 'points',
            quantity: 1,
            unitPrice: 0,
            lineTotal: 0,
            points: 1_500,
          }),
        ],
        pointsDiscount: 5_000,
      }),
    ];
    await loggedInAs('co');
    await renderApp('/co/mi-cuenta/mis-pedidos/42');

    const article = await screen.findByRole('article', { name: 'Pedido CO-000042' });
    expect(within(article).getAllByTestId('order-status')[0]?.textContent).toBe('Pagado');
    expect(within(article).getByText('Realizado el 20 de noviembre de 2026')).toBeTruthy();

    const history = within(article).getByRole('region', { name: 'Historial del pedido' });
    expect(
      within(history)
        .getAllByRole('listitem')
        .map((step) => plain(step.textContent)),
    ).toEqual([
      'Pendiente de pago · 20 de noviembre de 2026 a las 9:55 a. m.',
      'Pagado · 20 de noviembre de 2026 a las 10:00 a. m.',
    ]);

    const lines = within(article).getByRole('table', { name: 'Productos del pedido' });
    const [, money, points] = within(lines).getAllByRole('row');
    expect([...(money as HTMLElement).querySelectorAll('td')].map((cell) => plain(cell.textContent))).toEqual([
      'Magnesio Bisglicinato',
      '2',
      '$ 89.000',
      '$ 178.000',
    ]);
    expect(
      within(money as HTMLElement)
        .getByRole('link', { name: 'Magnesio Bisglicinato' })
        .getAttribute('href'),
    ).toBe('/co/herramientas/magnesio-bisglicinato-1');
    expect([...(points as HTMLElement).querySelectorAll('td')].map((cell) => plain(cell.textContent))).toEqual([
      'Termo Dispensario',
      '1',
      'Canje con puntos',
      '1.500 puntos',
    ]);

    const amounts = within(article).getByLabelText('Resumen de valores');
    expect(definition(amounts, 'Subtotal')).toBe('$ 267.000');
    expect(definition(amounts, 'Descuento profesional')).toBe('−$ 26.700');
    expect(definition(amounts, 'Código promocional BIENVENIDA10')).toBe('−$ 10.000');
    expect(definition(amounts, 'Descuento con puntos')).toBe('−$ 5.000');
    expect(definition(amounts, 'Envío')).toBe('$ 12.000');
    expect(definition(amounts, 'Total')).toBe('$ 242.300');

    const shipping = within(article).getByRole('region', { name: 'Dirección de envío' });
    expect(within(shipping).getByText('Calle 93 # 11-26')).toBeTruthy();
    expect(within(shipping).getByText('Apto 502')).toBeTruthy();
    expect(within(shipping).getByText('Bogotá, Cundinamarca')).toBeTruthy();
    expect(within(shipping).getByText('Código postal 110221')).toBeTruthy();

    const customer = within(article).getByRole('region', { name: 'Datos del comprador' });
    expect(definition(customer, 'Nombre')).toBe('Carolina Mejía Rojas');
    expect(definition(customer, 'Documento')).toBe('CC 52345671');
    expect(definition(customer, 'Teléfono')).toBe('+57 3101000001');
    expect(definition(customer, 'Correo electrónico')).toBe('medico.co@demo.test');

    const bill = within(article).getByRole('region', { name: 'Facturación' });
    expect(definition(bill, 'Tipo de contribuyente')).toBe('Persona natural');
    expect(definition(bill, 'Documento de facturación')).toBe('CC 52345671');

    const payment = within(article).getByRole('region', { name: 'Pago' });
    expect(definition(payment, 'Medio de pago')).toBe('Visa · •••• 4242');
    expect(definition(payment, 'Estado del pago')).toBe('Aprobado');

    // Not a hormone order: no prescription section.
    expect(within(article).queryByRole('region', { name: 'Fórmula médica' })).toBeNull();
  });

  it('shows the prescription review and its reason on a hormone order, in the order’s currency', async () => {
    orderFixtures.orders = [
      buildHormoneOrder({
        id: 77,
        countryId: 2,
        total: 165_000,
        status: 'cancelled',
        prescription: {
          documentId: 7,
          mime: 'application/pdf',
          status: 'rejected',
          reason: 'La fórmula no tiene firma del médico.',
          reviewedAt: '2026-11-21T17:00:00.000Z',
        },
        payment: { id: 'pay-77', method: 'bank_transfer', status: 'voided', brand: null, last4: null, paidAt: null },
      }),
    ];
    await loggedInAs('mx', { role: { id: ROLE_IDS.patient, name: 'patient' }, email: 'paciente.co@demo.test' });
    await renderApp('/mx/mi-cuenta/mis-pedidos/77');

    const article = await screen.findByRole('article', { name: 'Pedido MX-000077' });
    const prescription = within(article).getByRole('region', { name: 'Fórmula médica' });
    expect(within(prescription).getByText('Rechazada')).toBeTruthy();
    expect(within(prescription).getByText(/Revisada el 21 de noviembre de 2026/)).toBeTruthy();
    expect(within(prescription).getByText('Motivo: La fórmula no tiene firma del médico.')).toBeTruthy();
    expect(plain(within(article).getByTestId('order-total').textContent)).toBe('$1,650.00');
    const payment = within(article).getByRole('region', { name: 'Pago' });
    expect(definition(payment, 'Medio de pago')).toBe('Transferencia bancaria');
    expect(definition(payment, 'Estado del pago')).toBe('Anulado');
  });

  it('says the order was not found on a 404 and leads back to the list', async () => {
    await loggedInAs('co');
    const { router } = await renderApp('/co/mi-cuenta/mis-pedidos/999');
    expect(await screen.findByRole('heading', { name: 'Pedido no encontrado' })).toBeTruthy();
    await userEvent.click(screen.getByRole('link', { name: 'Volver a mis pedidos' }));
    await arrivesAt(router, '/co/mi-cuenta/mis-pedidos');
    expect(await screen.findByText('Aún no tienes pedidos')).toBeTruthy();
  });

  it('treats an id that cannot be an order as not found without asking the server', async () => {
    await loggedInAs('co');
    await renderApp('/co/mi-cuenta/mis-pedidos/abc');
    expect(await screen.findByRole('heading', { name: 'Pedido no encontrado' })).toBeTruthy();
  });
});
