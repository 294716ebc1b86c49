import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { TEST_API } from '../../../testing/api-url';
import { toLocalInput } from '../../points/admin-items';
import { buildEvent, buildPointProduct, pointsCountry, pointsFixtures } from '../../../testing/handlers/points';
import { server } from '../../../testing/msw-server';
import { renderAsAdmin } from './test-render';
import { fill } from '../../../testing/fill';

const DAY_MS = 86_400_000;
const plain = (text: string | null | undefined) => text?.replace(/\s/g, ' ').trim();

function recordBodies(method: string, pathStart: string) {
  const bodies: { path: string; body: unknown }[] = [];
  server.events.on('request:start', async ({ request }) => {
    const url = new URL(request.url);
    if (request.method === method && url.pathname.startsWith(pathStart)) {
      bodies.push({ path: url.pathname, body: await request.clone().json() });
    }
  });
  return bodies;
}

const asAdmin = (path = '/co/admin/configuracion-puntos') => renderAsAdmin(path);

afterEach(() => server.events.removeAllListeners());

describe('admin: points configuration', () => {
  it('opens from the English path with each country’s values and an example conversion', async () => {
    await asAdmin('/co/admin/points-configuration');

    expect(await screen.findByRole('heading', { name: 'Configuración de puntos', level: 1 })).toBeTruthy();
    const colombia = await screen.findByRole('form', { name: 'Configuración de puntos de Colombia' });
    expect((within(colombia).getByLabelText(/Valor del punto/) as HTMLInputElement).value).toBe('10');
    expect((within(colombia).getByLabelText(/compras propias/) as HTMLInputElement).value).toBe('2');
    expect((within(colombia).getByLabelText(/compras de pacientes/) as HTMLInputElement).value).toBe('3');
    expect(plain(screen.getByTestId('points-example-co').textContent)).toBe('Ejemplo: 1.000 puntos = $ 10.000');
    // Mexico's point value is in cents: 1 000 × 5 cents = 50.00 MXN.
    expect(plain(screen.getByTestId('points-example-mx').textContent)).toBe('Ejemplo: 1,000 puntos = $50.00');
    expect(
      within(screen.getByRole('form', { name: 'Configuración de puntos de México' })).getByText(/centavos de MXN/),
    ).toBeTruthy();
  });

  it('saves a country’s values (decimal comma accepted) and says so', async () => {
    const bodies = recordBodies('PATCH', '/api/gamification/config/');
    await asAdmin();
    const colombia = await screen.findByRole('form', { name: 'Configuración de puntos de Colombia' });
    const value = within(colombia).getByLabelText(/Valor del punto/);
    await userEvent.clear(value);
    await userEvent.type(value, '12,5');
    expect(plain(screen.getByTestId('points-example-co').textContent)).toBe('Ejemplo: 1.000 puntos = $ 12.500');
    await userEvent.click(within(colombia).getByRole('button', { name: 'Guardar' }));

    expect((await within(colombia).findByRole('status')).textContent).toBe('Configuración de Colombia guardada.');
    expect(bodies).toEqual([
      {
        path: '/api/gamification/config/1',
        body: { pointValue: 12.5, purchaseRewardPercent: 2, prescriptionRewardPercent: 3 },
      },
    ]);
    expect(pointsFixtures.configs.find((config) => config.countryId === 1)?.pointValue).toBe(12.5);
  });

  it('validates before sending: required, bounds and two decimals', async () => {
    const bodies = recordBodies('PATCH', '/api/gamification/config/');
    await asAdmin();
    const peru = await screen.findByRole('form', { name: 'Configuración de puntos de Perú' });
    await userEvent.clear(within(peru).getByLabelText(/Valor del punto/));
    const purchase = within(peru).getByLabelText(/compras propias/);
    await userEvent.clear(purchase);
    await userEvent.type(purchase, '60');
    const prescription = within(peru).getByLabelText(/compras de pacientes/);
    await userEvent.clear(prescription);
    await userEvent.type(prescription, '2.555');
    await userEvent.click(within(peru).getByRole('button', { name: 'Guardar' }));

    const errors = within(peru)
      .getAllByRole('alert')
      .map((alert) => alert.textContent);
    expect(errors).toEqual(['Campo obligatorio', 'Indica un número entre 0 y 50.', 'Usa máximo 2 decimales.']);
    expect(
      within(peru)
        .getByLabelText(/Valor del punto/)
        .getAttribute('aria-invalid'),
    ).toBe('true');
    expect(bodies).toEqual([]);
  });

  it('shows the server’s field message next to its field', async () => {
    server.use(
      http.patch(`${TEST_API}/gamification/config/:countryId`, () =>
        HttpResponse.json(
          {
            message: 'Revisa los datos del formulario.',
            errors: ['Valor del punto: Debe ser un número mayor que 0 hasta 10000, con máximo 2 decimales.'],
            fieldErrors: [
              { field: 'pointValue', message: 'Debe ser un número mayor que 0 hasta 10000, con máximo 2 decimales.' },
            ],
          },
          { status: 400 },
        ),
      ),
    );
    await asAdmin();
    const colombia = await screen.findByRole('form', { name: 'Configuración de puntos de Colombia' });
    await userEvent.click(within(colombia).getByRole('button', { name: 'Guardar' }));

    const value = within(colombia).getByLabelText(/Valor del punto/);
    await waitFor(() => expect(value.getAttribute('aria-invalid')).toBe('true'));
    const describedBy = value.getAttribute('aria-describedby') ?? '';
    const messages = describedBy.split(' ').map((id) => document.getElementById(id)?.textContent);
    expect(messages).toContain('Debe ser un número mayor que 0 hasta 10000, con máximo 2 decimales.');
    expect(within(colombia).getByText('Revisa los campos marcados.')).toBeTruthy();
  });

  it('says "Error actualizando configuración" when saving fails without a message', async () => {
    server.use(http.patch(`${TEST_API}/gamification/config/:countryId`, () => new HttpResponse(null, { status: 500 })));
    await asAdmin();
    const colombia = await screen.findByRole('form', { name: 'Configuración de puntos de Colombia' });
    await userEvent.click(within(colombia).getByRole('button', { name: 'Guardar' }));
    expect((await within(colombia).findByRole('alert')).textContent).toBe('Error actualizando configuración');
  });
});

describe('admin: events, combos and point products', () => {
  it('creates an event in a dialog, checking the fields first', async () => {
    const bodies = recordBodies('POST', '/api/gamification/events');
    await asAdmin();
    expect(await screen.findByText('Aún no hay eventos.')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Nuevo evento' }));
    const dialog = await screen.findByRole('dialog', { name: 'Nuevo evento' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    expect(within(dialog).getAllByText('Campo obligatorio')).toHaveLength(4);
    expect(bodies).toEqual([]);

    await fill(within(dialog).getByLabelText(/Nombre/), 'Taller de microbiota');
    await fill(within(dialog).getByLabelText(/Descripción/), 'Medio día de casos clínicos.');
    await userEvent.type(within(dialog).getByLabelText(/Puntos requeridos/), '1500');
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'México' }));
    // A period around today, so the event is on offer now.
    const start = toLocalInput(new Date(Date.now() - DAY_MS).toISOString());
    const end = toLocalInput(new Date(Date.now() + 30 * DAY_MS).toISOString());
    await fill(within(dialog).getByLabelText(/Inicio/), start);
    await fill(within(dialog).getByLabelText(/Fin/), end);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Guardar' }));

    expect(await screen.findByText('«Taller de microbiota» creado.')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(bodies[0]?.body).toEqual({
      name: 'Taller de microbiota',
      description: 'Medio día de casos clínicos.',
      image: null,
      requiredPoints: 1500,
      isActive: true,
      countries: [1, 2],
      startDate: new Date(start).toISOString(),
      endDate: new Date(end).toISOString(),
    });
    const row = (await screen.findByRole('rowheader', { name: 'Taller de microbiota' })).closest('tr') as HTMLElement;
    expect(plain(row.textContent)).toContain('1.500 puntos');
    expect(plain(row.textContent)).toContain('Colombia, México');
    expect(within(row).getByText('Activo')).toBeTruthy();
  });

  it('shows the server’s messages next to the fields of the dialog', async () => {
    server.use(
      http.post(`${TEST_API}/gamification/combos`, () =>
        HttpResponse.json(
          {
            message: 'Revisa los datos del formulario.',
            errors: ['Imagen: Debe ser una ruta de este sitio (/…) o una URL http(s).'],
            fieldErrors: [{ field: 'image', message: 'Debe ser una ruta de este sitio (/…) o una URL http(s).' }],
          },
          { status: 400 },
        ),
      ),
    );
    await asAdmin();
    await userEvent.click(await screen.findByRole('tab', { name: 'Combos' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Nuevo combo' }));
    const dialog = await screen.findByRole('dialog', { name: 'Nuevo combo' });
    await fill(within(dialog).getByLabelText(/Nombre/), 'Combo omega');
    await userEvent.type(within(dialog).getByLabelText(/Puntos requeridos/), '800');
    await fill(within(dialog).getByLabelText(/URL de la imagen/), 'https://cdn.example.com/x.png');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Guardar' }));

    const image = within(dialog).getByLabelText(/URL de la imagen/);
    await waitFor(() => expect(image.getAttribute('aria-invalid')).toBe('true'));
    expect(within(dialog).getByText('Debe ser una ruta de este sitio (/…) o una URL http(s).')).toBeTruthy();
    expect(within(dialog).getByText('Revisa los campos marcados.')).toBeTruthy();
  });

  it('lists everything with its state: ended, upcoming, inactive and removed', async () => {
    const ago = (days: number) => new Date(Date.now() - days * DAY_MS).toISOString();
    pointsFixtures.events = [
      buildEvent({ name: 'Taller pasado', startDate: ago(60), endDate: ago(30) }),
      buildEvent({ name: 'Congreso futuro', startDate: ago(-10), endDate: ago(-12) }),
      buildEvent({ name: 'Evento pausado', isActive: false }),
    ];
    pointsFixtures.products = [buildPointProduct({ name: 'Termo retirado', isActive: false, deletedAt: ago(1) })];
    await asAdmin();

    const state = (name: string) =>
      (screen.getByRole('rowheader', { name }).closest('tr') as HTMLElement).querySelector('.status')?.textContent;
    await screen.findByRole('rowheader', { name: 'Taller pasado' });
    expect(state('Taller pasado')).toBe('Terminado');
    expect(state('Congreso futuro')).toBe('Programado');
    expect(state('Evento pausado')).toBe('Inactivo');
    expect(screen.getByRole('button', { name: 'Activar Evento pausado' })).toBeTruthy();

    await userEvent.click(screen.getByRole('tab', { name: 'Productos de puntos' }));
    await screen.findByRole('rowheader', { name: 'Termo retirado' });
    expect(state('Termo retirado')).toBe('Eliminado');
    // A removed product cannot come back: only its edit is offered.
    expect(screen.queryByRole('button', { name: 'Activar Termo retirado' })).toBeNull();
  });

  it('edits an event and deactivates it', async () => {
    pointsFixtures.events = [
      buildEvent({
        id: 41,
        name: 'Congreso de Medicina Funcional',
        requiredPoints: 3_000,
        countries: [pointsCountry(1)],
      }),
    ];
    const patches = recordBodies('PATCH', '/api/gamification/events/');
    await asAdmin();

    await userEvent.click(await screen.findByRole('button', { name: 'Editar Congreso de Medicina Funcional' }));
    const dialog = await screen.findByRole('dialog', { name: 'Editar evento' });
    const points = within(dialog).getByLabelText(/Puntos requeridos/);
    expect((points as HTMLInputElement).value).toBe('3000');
    await userEvent.clear(points);
    await userEvent.type(points, '2500');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Guardar' }));

    expect(await screen.findByText('Cambios de «Congreso de Medicina Funcional» guardados.')).toBeTruthy();
    expect(patches[0]).toMatchObject({
      path: '/api/gamification/events/41',
      body: { requiredPoints: 2500, countries: [1] },
    });
    const row = () =>
      screen.getByRole('rowheader', { name: 'Congreso de Medicina Funcional' }).closest('tr') as HTMLElement;
    await waitFor(() => expect(plain(row().textContent)).toContain('2.500 puntos'));

    await userEvent.click(within(row()).getByRole('button', { name: 'Desactivar Congreso de Medicina Funcional' }));
    expect(await screen.findByText('«Congreso de Medicina Funcional» quedó inactivo: ya no se ofrece.')).toBeTruthy();
    expect(patches[1]).toEqual({ path: '/api/gamification/events/41', body: { isActive: false } });
    await waitFor(() => expect(within(row()).getByText('Inactivo')).toBeTruthy());
    expect(within(row()).getByRole('button', { name: 'Activar Congreso de Medicina Funcional' })).toBeTruthy();
  });
});
