import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { PaymentDiscrepancyDto } from '../../../lib/shared/payments';
import { TEST_API } from '../../../testing/api-url';
import { server } from '../../../testing/msw-server';
import { renderAsAdmin } from './test-render';

const discrepancy: PaymentDiscrepancyDto = {
  id: 7,
  kind: 'approved_not_recorded',
  detail: 'El proveedor aprobó el pago y el pedido no figura pagado: revisa el pedido y, si corresponde, reembolsa.',
  ourStatus: 'voided',
  providerStatus: 'approved',
  provider: 'mercadopago',
  providerPaymentId: '1319857',
  orderId: 41,
  orderNumber: 'CO-000041',
  orderStatus: 'cancelled',
  countryId: 1,
  foundAt: '2026-11-20T15:30:00.000Z',
  lastSeenAt: '2026-11-21T15:30:00.000Z',
};

describe('admin: payment reconciliation', () => {
  it('lists each open difference with what to check, under the Spanish and the English path', async () => {
    server.use(http.get(`${TEST_API}/admin/payment-discrepancies`, () => HttpResponse.json({ data: [discrepancy] })));
    await renderAsAdmin('/co/admin/payment-reconciliation');
    expect(await screen.findByRole('heading', { name: 'Conciliación de pagos', level: 1 })).toBeTruthy();
    const table = await screen.findByRole('table', { name: 'Diferencias con el proveedor de pagos' });
    const row = within(table).getAllByRole('row')[1] as HTMLElement;
    expect(within(row).getByRole('rowheader').textContent).toBe('CO-000041');
    const cells = within(row)
      .getAllByRole('cell')
      .map((cell) => cell.textContent);
    expect(cells.slice(0, 4)).toEqual(['CO', 'Anulado', 'approved (mercadopago 1319857)', discrepancy.detail]);
  });

  it('compares now: the answer replaces the list and says how many differences are open', async () => {
    let compared = 0;
    server.use(
      http.get(`${TEST_API}/admin/payment-discrepancies`, () => HttpResponse.json({ data: [] })),
      http.post(`${TEST_API}/admin/payment-reconciliation`, () => {
        compared += 1;
        return HttpResponse.json({ data: { open: 1, discrepancies: [discrepancy] } });
      }),
    );
    await renderAsAdmin('/co/admin/conciliacion-pagos');
    expect(
      await screen.findByText('No hay diferencias abiertas entre los pedidos y el proveedor de pagos.'),
    ).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Comparar ahora' }));
    expect((await screen.findByRole('status')).textContent).toBe('Comparación terminada: 1 diferencia abierta.');
    expect(await screen.findByRole('rowheader', { name: 'CO-000041' })).toBeTruthy();
    expect(compared).toBe(1);
  });

  it('says why a comparison failed, in Spanish, and keeps the list', async () => {
    server.use(
      http.get(`${TEST_API}/admin/payment-discrepancies`, () => HttpResponse.json({ data: [discrepancy] })),
      http.post(`${TEST_API}/admin/payment-reconciliation`, () =>
        HttpResponse.json({ message: 'No se pudo consultar al proveedor de pagos.' }, { status: 502 }),
      ),
    );
    await renderAsAdmin('/co/admin/conciliacion-pagos');
    await screen.findByRole('rowheader', { name: 'CO-000041' });
    await userEvent.click(screen.getByRole('button', { name: 'Comparar ahora' }));
    expect((await screen.findByRole('alert')).textContent).toBe('No se pudo consultar al proveedor de pagos.');
    expect(screen.getByRole('rowheader', { name: 'CO-000041' })).toBeTruthy();
  });
});
