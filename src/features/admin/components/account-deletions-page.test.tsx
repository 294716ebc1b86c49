import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { AccountDeletionDto } from '../../../lib/shared/privacy';
import { TEST_API } from '../../../testing/api-url';
import { server } from '../../../testing/msw-server';
import { renderAsAdmin } from './test-render';

const deletion: AccountDeletionDto = {
  id: 3,
  uid: 'a1b2c3d4e5f60718293a4b5c6d7e8f90',
  role: 'patient',
  country: 'pe',
  deletedAt: '2026-11-20T15:30:00.000Z',
  keptOrders: 2,
  keptPrescriptions: 1,
};

describe('admin: deleted accounts', () => {
  it('lists what each deletion kept, under the Spanish and the English path', async () => {
    server.use(http.get(`${TEST_API}/admin/account-deletions`, () => HttpResponse.json({ data: [deletion] })));
    await renderAsAdmin('/co/admin/account-deletions');
    expect(await screen.findByRole('heading', { name: 'Cuentas eliminadas', level: 1 })).toBeTruthy();
    const table = await screen.findByRole('table', { name: 'Cuentas eliminadas' });
    const cells = within(within(table).getAllByRole('row')[1] as HTMLElement)
      .getAllByRole('cell')
      .map((cell) => cell.textContent);
    expect(cells.slice(1)).toEqual(['Paciente', 'PE', '2', '1']);
    expect(within(table).getByRole('rowheader').textContent).toBe(deletion.uid);
  });

  it('says when nobody deleted their account', async () => {
    server.use(http.get(`${TEST_API}/admin/account-deletions`, () => HttpResponse.json({ data: [] })));
    await renderAsAdmin('/co/admin/cuentas-eliminadas');
    expect(await screen.findByText('Nadie ha eliminado su cuenta.')).toBeTruthy();
  });
});
