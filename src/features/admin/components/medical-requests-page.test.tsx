import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { ROLE_IDS } from '../../../lib/shared/accounts';
import { TEST_API } from '../../../testing/api-url';
import {
  adminMedicalRequestHandlers,
  buildMedicalRequest,
  medicalRequestFixtures,
  resetMedicalRequestFixtures,
} from '../../../testing/handlers/admin-medical-requests';
import { server } from '../../../testing/msw-server';
import { renderApp } from '../../../testing/render';
import { loggedInAs } from '../../../testing/session';
import { renderAsAdmin } from './test-render';

const asAdmin = (path = '/mx/admin/solicitudes-atencion') => renderAsAdmin(path);

beforeEach(() => {
  server.use(...adminMedicalRequestHandlers);
  resetMedicalRequestFixtures([
    buildMedicalRequest({ id: 1, createdAt: '2026-11-18T10:00:00.000Z', status: 'contacted' }),
    buildMedicalRequest({
      id: 2,
      names: 'Andrés',
      last_names: 'Quispe Mamani',
      country_id: 3,
      country_name: 'Perú',
      country_code: '+51',
      mobile_number: '987654321',
      createdAt: '2026-11-20T10:00:00.000Z',
    }),
  ]);
});

describe('admin: medical attention requests', () => {
  it('lists the requests newest first with their status, from the English path too', async () => {
    await asAdmin('/mx/admin/medical-requests');

    expect(await screen.findByRole('heading', { name: 'Solicitudes de atención', level: 1 })).toBeTruthy();
    const table = await screen.findByRole('table', { name: 'Solicitudes de atención médica' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getByRole('rowheader').textContent)).toEqual([
      'Andrés Quispe Mamani · Perú',
      'Lucía Hernández Soto · México',
    ]);
    expect(within(rows[0]!).getByText('Nueva', { selector: '.status' })).toBeTruthy();
    expect(within(rows[1]!).getByText('Contactada', { selector: '.status' })).toBeTruthy();
    expect(within(rows[1]!).getByRole('link', { name: 'lucia@example.test' }).getAttribute('href')).toBe(
      'mailto:lucia@example.test',
    );
  });

  it('changes a request’s status and filters by status', async () => {
    await asAdmin();
    const select = await screen.findByRole('combobox', {
      name: 'Cambiar estado de la solicitud de Andrés Quispe Mamani',
    });
    await userEvent.selectOptions(select, 'closed');

    await waitFor(() => expect(medicalRequestFixtures.requests.find((entry) => entry.id === 2)?.status).toBe('closed'));
    const row = (await screen.findByRole('rowheader', { name: /Andrés Quispe Mamani/ })).closest('tr')!;
    expect(await within(row as HTMLElement).findByText('Cerrada', { selector: '.status' })).toBeTruthy();

    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Estado' }), 'new');
    expect(await screen.findByText('No hay solicitudes con este estado.')).toBeTruthy();
  });

  it('says why a status change failed', async () => {
    server.use(
      http.patch(`${TEST_API}/admin/medical-requests/:id`, () =>
        HttpResponse.json({ message: 'No encontramos esta solicitud.' }, { status: 404 }),
      ),
    );
    await asAdmin();
    await userEvent.selectOptions(
      await screen.findByRole('combobox', { name: 'Cambiar estado de la solicitud de Lucía Hernández Soto' }),
      'closed',
    );
    expect((await screen.findByRole('alert')).textContent).toBe('No encontramos esta solicitud.');
  });

  it('refuses a doctor with the no-permission screen', async () => {
    await loggedInAs('mx', { role: { id: ROLE_IDS.doctor, name: 'doctor' } });
    await renderApp('/mx/admin/solicitudes-atencion');
    expect(await screen.findByText(/No tienes permiso/)).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });
});
