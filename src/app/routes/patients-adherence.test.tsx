import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { formatDate } from '../../lib/prescription-format';
import { localDay } from '../../lib/shared/reminders';
import { addDays } from '../../lib/shared/calendar-date';
import { adherenceFixtures, buildProductAdherence } from '../../testing/handlers/adherence';
import { buildPatient, prescriptionFixtures } from '../../testing/handlers/prescriptions';
import { textsByRole } from '../../testing/queries';
import { renderApp } from '../../testing/render';
import { loggedInAs } from '../../testing/session';

/** The component counts from the store's today, as the fake server does. */
const today = localDay(new Date(), 'America/Bogota');

function patientsWithStates() {
  prescriptionFixtures.today = today;
  prescriptionFixtures.patients = [
    buildPatient({
      id: 501,
      adherence: { products: 2, lastPurchaseOn: addDays(today, -20), runsOutOn: addDays(today, 10) },
    }),
    buildPatient({
      id: 502,
      first_name: 'Julián',
      last_name: 'Torres',
      email: 'julian@correo.test',
      adherence: { products: 1, lastPurchaseOn: addDays(today, -5), runsOutOn: addDays(today, 55) },
    }),
    buildPatient({
      id: 503,
      first_name: 'Álvaro',
      last_name: 'Núñez',
      email: 'alvaro@correo.test',
      adherence: { products: 1, lastPurchaseOn: '2026-08-02', runsOutOn: addDays(today, -3) },
    }),
    buildPatient({
      id: 504,
      first_name: 'Beatriz',
      last_name: 'Ruiz',
      email: 'beatriz@correo.test',
      adherence: { products: 1, lastPurchaseOn: null, runsOutOn: null },
    }),
    buildPatient({
      id: 505,
      first_name: 'Carlos',
      last_name: 'Vega',
      email: 'carlos@correo.test',
      adherence: { products: 0, lastPurchaseOn: null, runsOutOn: null },
    }),
  ];
}

describe('adherence in my patients', () => {
  it('shows each patient’s state and filters those whose supply runs out in the next 14 days', async () => {
    patientsWithStates();
    await loggedInAs('co');
    await renderApp('/co/mi-cuenta/mis-pacientes');
    const table = await screen.findByRole('table', { name: 'Tus pacientes' });
    const stateOf = (name: string) => {
      const row = within(table).getByRole('link', { name }).closest('tr') as HTMLElement;
      return within(row).getAllByRole('cell')[0]?.textContent;
    };
    expect(stateOf('Mariana Gómez Ortiz')).toBe('Se le acaba en 10 días');
    expect(stateOf('Julián Torres')).toBe('Al día');
    expect(stateOf('Álvaro Núñez')).toBe(`Sin compras desde ${formatDate('2026-08-02', 'co')}`);
    expect(stateOf('Beatriz Ruiz')).toBe('Sin compras');
    // Nothing of this professional's to follow.
    expect(stateOf('Carlos Vega')).toBe('—');

    await userEvent.click(screen.getByRole('checkbox', { name: 'Se les acaba en los próximos 14 días' }));
    await waitFor(() => expect(textsByRole(table, 'link')).toEqual(['Mariana Gómez Ortiz']));

    prescriptionFixtures.patients = prescriptionFixtures.patients.filter((patient) => patient.id !== 501);
    await userEvent.click(screen.getByRole('checkbox', { name: 'Se les acaba en los próximos 14 días' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Se les acaba en los próximos 14 días' }));
    expect(
      await screen.findByText('A ningún paciente se le acaba el tratamiento en los próximos 14 días.'),
    ).toBeTruthy();
  });
});

describe('adherence in the patient’s detail', () => {
  it('shows per product the last purchase, units bought, days covered and run-out date, and reminds once', async () => {
    adherenceFixtures.today = today;
    adherenceFixtures.products[501] = [
      buildProductAdherence({
        productId: 11,
        name: 'Magnesio bisglicinato 400 mg',
        lastPurchaseOn: addDays(today, -20),
        containersBought: 2,
        unitsBought: 120,
        daysCovered: 60,
        runsOutOn: addDays(today, 40),
      }),
      buildProductAdherence({ productId: 12, name: 'DHEA 25 mg', prescriptionId: 901 }),
    ];
    await loggedInAs('co');
    await renderApp('/co/mi-cuenta/mis-pacientes/501');
    const magnesio = await screen.findByRole('article', { name: 'Magnesio bisglicinato 400 mg' });
    const figure = (label: string) => within(magnesio).getByText(label).nextElementSibling?.textContent;
    expect(figure('Última compra')).toBe(formatDate(addDays(today, -20), 'co'));
    expect(figure('Unidades compradas')).toBe('120 cápsulas');
    expect(figure('Días cubiertos')).toBe('60');
    expect(figure('Se le acaba el')).toBe(formatDate(addDays(today, 40), 'co'));
    expect(within(magnesio).getByText('Al día')).toBeTruthy();

    const dhea = screen.getByRole('article', { name: 'DHEA 25 mg' });
    expect(within(dhea).getByText('Sin compras')).toBeTruthy();
    expect(within(dhea).getByText('Última compra').nextElementSibling?.textContent).toBe('Nunca');
    expect(within(dhea).getByText('Días cubiertos').nextElementSibling?.textContent).toBe('—');

    await userEvent.click(within(dhea).getByRole('button', { name: 'Recordar al paciente' }));
    const again = formatDate(addDays(today, 7), 'co');
    expect(
      await within(dhea).findByText(
        `Le enviamos el recordatorio al celular del paciente. Podrás enviarle otro a partir del ${again}.`,
      ),
    ).toBeTruthy();
    await userEvent.click(within(dhea).getByRole('button', { name: 'Recordar al paciente' }));
    expect(
      await within(dhea).findByText(/^Ya le recordamos este producto al paciente\. Podrás recordárselo de nuevo/),
    ).toBeTruthy();
    expect(adherenceFixtures.reminders).toEqual(['501/12', '501/12']);
  });

  it('says when the viewer prescribed nothing to the patient', async () => {
    await loggedInAs('co');
    await renderApp('/co/mi-cuenta/mis-pacientes/501');
    expect(await screen.findByText('No le has prescrito ni recomendado productos a este paciente.')).toBeTruthy();
  });
});
