import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  adminPromoCodeFixtures,
  adminPromoCodeHandlers,
  resetAdminPromoCodeFixtures,
} from '../../../testing/handlers/admin-promo-codes';
import { server } from '../../../testing/msw-server';
import { renderAsAdmin } from './test-render';
import { fill } from '../../../testing/fill';

const asAdmin = (path = '/co/admin/codigos-promocionales') => renderAsAdmin(path);

beforeEach(() => {
  server.use(...adminPromoCodeHandlers);
  resetAdminPromoCodeFixtures();
});

describe('admin: promo codes', () => {
  it('lists the codes with their uses and limits', async () => {
    await asAdmin('/co/admin/promo-codes');
    await screen.findByRole('form', { name: 'Nuevo código' });
    const list = await screen.findByRole('list', { name: 'Códigos promocionales' });
    const item = within(list).getByRole('listitem');
    expect(item.textContent).toContain('BIENVENIDA10');
    expect(item.textContent).toContain('7 de 100 usos');
    expect(item.textContent).toContain('máximo 1 por comprador');
  });

  it('creates a code with usage limits, valid in one country within its dates', async () => {
    await asAdmin();
    const form = await screen.findByRole('form', { name: 'Nuevo código' });
    await fill(within(form).getByLabelText(/^Código/), 'VERANO20');
    await userEvent.type(within(form).getByLabelText(/^Valor/), '20');
    await userEvent.type(within(form).getByLabelText(/^Usos en total/), '50');
    await userEvent.type(within(form).getByLabelText(/^Usos por comprador/), '2');
    await userEvent.click(within(form).getByRole('checkbox', { name: 'Válido en México' }));
    await fill(within(form).getByLabelText('Desde (México)'), '2026-12-01');
    await fill(within(form).getByLabelText('Hasta (México)'), '2026-12-31');
    await userEvent.click(within(form).getByRole('button', { name: 'Guardar código' }));

    expect((await screen.findByRole('status')).textContent).toBe('Guardamos el código VERANO20.');
    expect(adminPromoCodeFixtures.saved[0]).toEqual({
      code: 'VERANO20',
      discountType: 'percentage',
      value: 20,
      active: true,
      maxUses: 50,
      maxUsesPerUser: 2,
      countries: [{ countryId: 2, validFrom: '2026-12-01T00:00:00.000Z', validUntil: '2026-12-31T23:59:59.999Z' }],
    });
    const list = await screen.findByRole('list', { name: 'Códigos promocionales' });
    expect(await within(list).findByText('VERANO20')).toBeTruthy();
  });

  it('shows the server’s reason next to the field', async () => {
    await asAdmin();
    const form = await screen.findByRole('form', { name: 'Nuevo código' });
    await fill(within(form).getByLabelText(/^Código/), 'MUCHO');
    await userEvent.type(within(form).getByLabelText(/^Valor/), '150');
    await userEvent.click(within(form).getByRole('button', { name: 'Guardar código' }));
    // Under the field and in the form's summary.
    const alerts = await screen.findAllByRole('alert');
    expect(alerts.map((alert) => alert.textContent)).toContain('Un porcentaje va de 1 a 100.');
    expect(
      within(form)
        .getByLabelText(/^Valor/)
        .getAttribute('aria-invalid'),
    ).toBe('true');
  });
});
