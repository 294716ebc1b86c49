import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { ROLE_IDS } from '../../../lib/shared/accounts';
import { DEFAULT_PRESCRIPTION_SETTINGS } from '../../../lib/shared/prescriptions';
import {
  adminPrescriptionSettingsFixtures,
  adminPrescriptionSettingsHandlers,
  resetAdminPrescriptionSettingsFixtures,
} from '../../../testing/handlers/admin-prescription-settings';
import {
  adminProductHandlers,
  buildAdminProduct,
  resetAdminProductFixtures,
} from '../../../testing/handlers/admin-products';
import { prescriptionFixtures } from '../../../testing/handlers/prescriptions';
import { server } from '../../../testing/msw-server';
import { renderApp } from '../../../testing/render';
import { loggedInAs } from '../../../testing/session';
import { renderAsAdmin } from './test-render';
import { fill } from '../../../testing/fill';

const asAdmin = (path = '/co/admin/configuracion-prescripcion') => renderAsAdmin(path);

beforeEach(() => {
  server.use(...adminPrescriptionSettingsHandlers, ...adminProductHandlers);
  resetAdminPrescriptionSettingsFixtures();
  resetAdminProductFixtures([
    buildAdminProduct(),
    buildAdminProduct({
      id: 2,
      name: 'DHEA 25 mg',
      slug: 'dhea-25-mg',
      categoryId: 4,
      categoryName: 'Hormonas bioidénticas',
      requiresSignedPrescription: true,
    }),
  ]);
});

describe('admin: prescription settings', () => {
  it('renames and hides moments and sets the defaults every new tool starts with', async () => {
    await asAdmin('/co/admin/prescription-settings');
    const form = await screen.findByRole('form', { name: 'Configuración de prescripción' });
    await fill(within(form).getByLabelText('Nombre de «Media tarde»'), '  A media tarde ');
    await userEvent.click(within(form).getByRole('checkbox', { name: 'Ofrecer «Antes de dormir»' }));
    const duration = within(form).getByLabelText('Duración predeterminada');
    await userEvent.clear(duration);
    await userEvent.type(duration, '2');
    await userEvent.selectOptions(within(form).getByLabelText('Unidad de la duración'), 'weeks');
    await fill(within(form).getByLabelText('Notas e indicaciones predeterminadas'), 'Tomar con agua.');
    await userEvent.click(within(form).getByRole('button', { name: 'Guardar configuración' }));

    expect((await screen.findByRole('status')).textContent).toBe('Guardamos la configuración de prescripción.');
    const saved = adminPrescriptionSettingsFixtures.saved[0];
    expect(saved?.moments.find((moment) => moment.id === 7)).toEqual({ id: 7, label: 'A media tarde', enabled: true });
    expect(saved?.moments.find((moment) => moment.id === 10)).toEqual({ id: 10, label: null, enabled: false });
    expect(saved?.defaultDuration).toEqual({ time: 'weeks', quantity: 2 });
    expect(saved?.defaultIndications).toBe('Tomar con agua.');
    expect(prescriptionFixtures.settings).toEqual(saved);
  });

  it('keeps at least one moment on offer and a whole duration, without sending', async () => {
    await asAdmin();
    const form = await screen.findByRole('form', { name: 'Configuración de prescripción' });
    const offered = within(form).getAllByRole('checkbox', { name: /^Ofrecer/ });
    expect(offered).toHaveLength(DEFAULT_PRESCRIPTION_SETTINGS.moments.length);
    for (const checkbox of offered) await userEvent.click(checkbox);
    const duration = within(form).getByLabelText('Duración predeterminada');
    await userEvent.clear(duration);
    await userEvent.type(duration, '1,5');
    await userEvent.click(within(form).getByRole('button', { name: 'Guardar configuración' }));

    expect(within(form).getByText('Deja al menos un momento del día disponible.')).toBeTruthy();
    expect(within(form).getByText('La duración debe ser un número entero de 1 a 365 días.')).toBeTruthy();
    expect(adminPrescriptionSettingsFixtures.saved).toEqual([]);
  });

  it('lists the products that need a signed prescription', async () => {
    await asAdmin();
    const list = await screen.findByRole('list', { name: 'Productos que requieren prescripción firmada' });
    expect(await within(list).findByText(/DHEA 25 mg/)).toBeTruthy();
    expect(within(list).queryByText(/Magnesio/)).toBeNull();
  });

  it('refuses a doctor with the no-permission screen', async () => {
    await loggedInAs('co', { role: { id: ROLE_IDS.doctor, name: 'doctor' } });
    await renderApp('/co/admin/configuracion-prescripcion');
    expect(await screen.findByText(/No tienes permiso/)).toBeTruthy();
    expect(screen.queryByRole('form', { name: 'Configuración de prescripción' })).toBeNull();
  });
});
